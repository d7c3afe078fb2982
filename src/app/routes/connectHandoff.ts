/**
 * A prompt's messages handed from the Connect page to the Models page. The Models page fills its form from the
 * settings it last kept (settingsStore.ts): the hand-off writes the user message there, leaves the rest (provider,
 * model, system prompt) as the person last set them, and opens the page. No key is involved.
 */
import type { PromptMessage } from '@modelcontextprotocol/client';
import { promptAsUserMessage } from '../features/connect/promptHandoff';
import { keepSettings, recalledSettings } from '../features/models/settingsStore';
import { modelsHref } from '../lib/hrefs';
import { notSavedLine, type WriteResult } from '../lib/storageFailure';
import { navigate } from '../lib/router';

/** Keeps the messages as the Models page's user message; refused, the answer says why. */
export function handOffToModels(messages: readonly PromptMessage[]): WriteResult {
  return keepSettings({ ...recalledSettings(), userMessage: promptAsUserMessage(messages) });
}

/** Opens the Models page with the prompt; when the browser refuses to keep it, stays here and answers why. */
export function sendPromptToModels(messages: readonly PromptMessage[]): string | null {
  const problem = notSavedLine('The prompt was', handOffToModels(messages));
  if (problem === null) navigate(modelsHref());
  return problem;
}
