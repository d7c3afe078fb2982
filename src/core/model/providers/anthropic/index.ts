/** Anthropic Messages: POST {base}/v1/messages, streamed, called from the browser with the user's key. */
import type { JsonObject } from '../../../toolset/types';
import type { ProviderAdapter } from '../../spec';
import { asRecord, asString, joinUrl } from '../shared';
import { convertMessages } from './convert-messages';
import { createStreamParser } from './parse-stream';
import { prepareTools, toolChoiceOf } from './prepare-tools';

const ANTHROPIC_VERSION = '2023-06-01';
/** Messages requires max_tokens; this is the default when none is set. */
const DEFAULT_MAX_TOKENS = 4096;

const headers = (apiKey: string): Record<string, string> => ({
  'x-api-key': apiKey,
  'anthropic-version': ANTHROPIC_VERSION,
  // Anthropic refuses browser (CORS) requests without this opt-in: the key is the user's own.
  'anthropic-dangerous-direct-browser-access': 'true',
});

export const anthropic: ProviderAdapter = {
  id: 'anthropic',
  label: 'Anthropic Messages',
  exportFormat: 'anthropic',
  defaultBaseUrl: 'https://api.anthropic.com',
  keyHeaders: ['x-api-key'],
  keyVariable: 'ANTHROPIC_API_KEY',
  prepareTools,
  buildRequest: (request) => {
    const body: JsonObject = { model: request.model, max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS };
    if (request.system.trim() !== '') body.system = request.system;
    body.messages = convertMessages(request.messages);
    if (request.tools.length > 0) {
      body.tools = request.tools;
      body.tool_choice = toolChoiceOf(request.toolChoice);
    }
    if (request.temperature !== undefined) body.temperature = request.temperature;
    body.stream = true;
    return {
      url: joinUrl(request.baseUrl, '/v1/messages'),
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(request.apiKey) },
      body,
    };
  },
  createStreamParser,
  listModelsRequest: (baseUrl, apiKey) => ({
    url: joinUrl(baseUrl, '/v1/models'),
    method: 'GET',
    headers: headers(apiKey),
  }),
  parseModelList: (body) => {
    const data = asRecord(body).data;
    return Array.isArray(data)
      ? data.map((entry) => asString(asRecord(entry).id)).filter((id): id is string => id !== undefined)
      : [];
  },
};
