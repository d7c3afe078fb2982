/**
 * A run as a transcript in the provider's own message format, which the Check calls page reads
 * (messages / input / contents). It holds no key: only the conversation.
 */
import type { JsonObject } from '../toolset/types';
import type { ModelMessage, ProviderAdapter } from './spec';

const CONTAINER: Record<ProviderAdapter['exportFormat'], string> = {
  'openai-chat': 'messages',
  'openai-responses': 'input',
  anthropic: 'messages',
  gemini: 'contents',
};

export function transcriptOf(
  adapter: ProviderAdapter,
  run: { model: string; system: string; messages: ModelMessage[] },
): JsonObject {
  const request = adapter.buildRequest({
    provider: adapter.id,
    baseUrl: '',
    model: run.model,
    apiKey: '',
    system: run.system,
    messages: run.messages,
    tools: [],
    toolChoice: { type: 'auto' },
  });
  const body = request.body ?? {};
  const key = CONTAINER[adapter.exportFormat];
  return { provider: adapter.id, model: run.model, [key]: body[key] ?? [] };
}
