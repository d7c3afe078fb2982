/** A request to the provider emulator on loopback, in any provider's wire format, for the tests of a model's stream. */
import { afterAll, beforeAll } from 'vitest';
import { useProviderEmulator } from '../../../e2e/servers/provider-emulator-hooks';
import { bundle } from '../toolset/bundle';
import { PROVIDER_ADAPTERS } from './providers';
import type { ModelRequest, ProviderId } from './spec';

/** Every provider wire format the emulator speaks. */
export const PROVIDERS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const;

/**
 * Starts the emulator for the calling test file (call it at the file's top level) and gives the request that sends
 * `text` (a scenario such as `[malformed] …`) to it, with the bundled tools and the model left free to call them.
 */
export function useEmulatedRequests(): (id: ProviderId, text: string) => ModelRequest {
  const emulator = useProviderEmulator({ beforeAll, afterAll });
  return (id, text) => ({
    provider: id,
    baseUrl: `${emulator.url}${id.startsWith('openai') ? '/v1' : ''}`,
    model: 'emulated-large',
    apiKey: 'test-key-0000',
    system: '',
    messages: [{ role: 'user', text }],
    tools: PROVIDER_ADAPTERS[id].prepareTools(bundle.tools),
    toolChoice: { type: 'auto' },
  });
}
