/** Every provider adapter by id. */
import type { ProviderAdapter, ProviderId } from '../spec';
import { anthropic } from './anthropic';
import { gemini } from './gemini';
import { openAiChat } from './openai-chat';
import { openAiCompatible } from './openai-compatible';
import { openAiResponses } from './openai-responses';

export const PROVIDER_ADAPTERS: Record<ProviderId, ProviderAdapter> = {
  'openai-chat': openAiChat,
  'openai-responses': openAiResponses,
  anthropic,
  gemini,
  'openai-compatible': openAiCompatible,
};

export { anthropic, gemini, openAiChat, openAiCompatible, openAiResponses };
