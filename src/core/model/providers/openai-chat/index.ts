/** OpenAI Chat Completions: POST {base}/chat/completions with stream and usage. */
import type { ModelRequest, ProviderAdapter } from '../../spec';
import { joinUrl } from '../shared';
import { convertMessages } from './convert-messages';
import { createStreamParser } from './parse-stream';
import { prepareTools, toolChoiceOf } from './prepare-tools';
import { asRecord, asString } from '../shared';
import type { JsonObject } from '../../../toolset/types';

function chatBody(request: ModelRequest): JsonObject {
  const body: JsonObject = { model: request.model, messages: convertMessages(request.system, request.messages) };
  if (request.tools.length > 0) {
    body.tools = request.tools;
    body.tool_choice = toolChoiceOf(request.toolChoice);
  }
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.maxTokens !== undefined) body.max_completion_tokens = request.maxTokens;
  body.stream = true;
  body.stream_options = { include_usage: true };
  return body;
}

const bearer = (apiKey: string): Record<string, string> => (apiKey === '' ? {} : { authorization: `Bearer ${apiKey}` });

export function parseOpenAiModelList(body: unknown): string[] {
  const data = asRecord(body).data;
  return Array.isArray(data)
    ? data
        .map((entry) => asString(asRecord(entry).id))
        .filter((id): id is string => id !== undefined)
        .sort()
    : [];
}

export const openAiChat: ProviderAdapter = {
  id: 'openai-chat',
  label: 'OpenAI Chat Completions',
  exportFormat: 'openai-chat',
  defaultBaseUrl: 'https://api.openai.com/v1',
  keyHeaders: ['authorization'],
  keyVariable: 'OPENAI_API_KEY',
  prepareTools,
  buildRequest: (request) => ({
    url: joinUrl(request.baseUrl, '/chat/completions'),
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(request.apiKey) },
    body: chatBody(request),
  }),
  createStreamParser,
  listModelsRequest: (baseUrl, apiKey) => ({
    url: joinUrl(baseUrl, '/models'),
    method: 'GET',
    headers: bearer(apiKey),
  }),
  parseModelList: parseOpenAiModelList,
};

export { bearer };
