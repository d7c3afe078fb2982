/**
 * "Send to a model": the messages a prompt returned, as the user message the Models page starts from. The page
 * that composes the Connect feature passes how to hand them over (`SendToModel`, through `ConnectActions`).
 */
import { createContext, useContext } from 'react';
import type { PromptMessage } from '@modelcontextprotocol/client';
import { readBlock, resultToText } from '../../../core/mcp/results';

const ROLE = { user: 'User', assistant: 'Assistant' } as const;

/** One message as its text; several as a transcript, each under its role. Non-text blocks are described, never dropped. */
export function promptAsUserMessage(messages: readonly PromptMessage[]): string {
  const texts = messages.map((message) =>
    resultToText({ isError: false, blocks: [readBlock(message.content)], structured: { status: 'none' } }),
  );
  if (messages.length === 1 && messages[0]!.role === 'user') return texts[0]!;
  return messages.map((message, index) => `${ROLE[message.role] ?? message.role}: ${texts[index]}`).join('\n\n');
}

/** Hands a prompt's messages to the Models page and opens it. */
/** Answers why the messages could not be handed over (the browser refused to keep them), or null once they were. */
export type SendToModel = (messages: readonly PromptMessage[]) => string | null;

/** What the page composing the Connect feature lends it; without a value, "Send to a model" is not offered. */
export const ConnectActions = createContext<{ sendToModel?: SendToModel }>({});
export const useConnectActions = () => useContext(ConnectActions);
