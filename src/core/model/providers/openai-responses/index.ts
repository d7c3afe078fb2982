/** OpenAI Responses: POST {base}/responses, streamed, stored nowhere (store false). */
import type { JsonObject } from '../../../toolset/types';
import type { ProviderAdapter } from '../../spec';
import { bearer, parseOpenAiModelList } from '../openai-chat';
import { joinUrl } from '../shared';
import { convertMessages } from './convert-messages';
import { createStreamParser } from './parse-stream';
import { prepareTools, toolChoiceOf } from './prepare-tools';

export const openAiResponses: ProviderAdapter = {
  id: 'openai-responses',
  label: 'OpenAI Responses',
  exportFormat: 'openai-responses',
  defaultBaseUrl: 'https://api.openai.com/v1',
  keyHeaders: ['authorization'],
  keyVariable: 'OPENAI_API_KEY',
  prepareTools,
  buildRequest: (request) => {
    const body: JsonObject = { model: request.model };
    if (request.system.trim() !== '') body.instructions = request.system;
    body.input = convertMessages(request.messages);
    if (request.tools.length > 0) {
      body.tools = request.tools;
      body.tool_choice = toolChoiceOf(request.toolChoice);
    }
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.maxTokens !== undefined) body.max_output_tokens = request.maxTokens;
    body.store = false;
    body.stream = true;
    return {
      url: joinUrl(request.baseUrl, '/responses'),
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(request.apiKey) },
      body,
    };
  },
  createStreamParser,
  listModelsRequest: (baseUrl, apiKey) => ({
    url: joinUrl(baseUrl, '/models'),
    method: 'GET',
    headers: bearer(apiKey),
  }),
  parseModelList: parseOpenAiModelList,
};
