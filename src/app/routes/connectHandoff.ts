/**
 * A prompt's messages handed from the Connect page to the Models page. The Models page fills its form from the
 * settings it last kept (settingsStore.ts): the hand-off writes the user message there, leaves the rest (provider,
 * model, system prompt) as the person last set them, and opens the page. No key is involved.
 */
import type { PromptMessage } from '@modelcontextprotocol/client';
import { promptAsUserMessage } from '../features/connect/promptHandoff';
import { keepSettings, recalledSettings } from '../features/models/settingsStore';
import { modelsHref } from '../lib/hrefs';
import { navigate } from '../lib/router';

/** Keeps the messages as the Models page's user message. */
export function handOffToModels(messages: readonly PromptMessage[]): void {
  keepSettings({ ...recalledSettings(), userMessage: promptAsUserMessage(messages) });
}

export function sendPromptToModels(messages: readonly PromptMessage[]): void {
  handOffToModels(messages);
  navigate(modelsHref());
}
