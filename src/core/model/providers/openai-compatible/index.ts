/**
 * Any OpenAI-compatible server by base URL (Ollama, LM Studio, vLLM, llama.cpp's server, OpenRouter):
 * the Chat Completions wire format, a key only when one is given.
 */
import type { ProviderAdapter } from '../../spec';
import { openAiChat } from '../openai-chat';

export const openAiCompatible: ProviderAdapter = {
  ...openAiChat,
  id: 'openai-compatible',
  label: 'OpenAI-compatible (Ollama, vLLM, …)',
  defaultBaseUrl: 'http://localhost:11434/v1',
  keyVariable: 'API_KEY',
};
