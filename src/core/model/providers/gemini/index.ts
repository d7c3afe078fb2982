/** Gemini: POST {base}/v1beta/models/{model}:streamGenerateContent?alt=sse, the key in x-goog-api-key. */
import type { JsonObject } from '../../../toolset/types';
import type { ProviderAdapter } from '../../spec';
import { asRecord, asString, joinUrl } from '../shared';
import { convertMessages } from './convert-messages';
import { createStreamParser } from './parse-stream';
import { prepareTools, toolConfigOf } from './prepare-tools';

const modelPath = (model: string): string => (model.startsWith('models/') ? model : `models/${model}`);

export const gemini: ProviderAdapter = {
  id: 'gemini',
  label: 'Google Gemini',
  exportFormat: 'gemini',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com',
  keyHeaders: ['x-goog-api-key'],
  keyVariable: 'GEMINI_API_KEY',
  prepareTools,
  buildRequest: (request) => {
    const body: JsonObject = {};
    if (request.system.trim() !== '') body.systemInstruction = { parts: [{ text: request.system }] };
    body.contents = convertMessages(request.messages);
    if (request.tools.length > 0) {
      body.tools = [{ functionDeclarations: request.tools }];
      body.toolConfig = toolConfigOf(request.toolChoice);
    }
    const generationConfig: JsonObject = {};
    if (request.temperature !== undefined) generationConfig.temperature = request.temperature;
    if (request.maxTokens !== undefined) generationConfig.maxOutputTokens = request.maxTokens;
    if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
    return {
      url: joinUrl(request.baseUrl, `/v1beta/${modelPath(request.model)}:streamGenerateContent?alt=sse`),
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': request.apiKey },
      body,
    };
  },
  createStreamParser,
  listModelsRequest: (baseUrl, apiKey) => ({
    url: joinUrl(baseUrl, '/v1beta/models?pageSize=1000'),
    method: 'GET',
    headers: { 'x-goog-api-key': apiKey },
  }),
  parseModelList: (body) => {
    const models = asRecord(body).models;
    if (!Array.isArray(models)) return [];
    return models
      .map(asRecord)
      .filter(
        (model) =>
          !Array.isArray(model.supportedGenerationMethods) ||
          model.supportedGenerationMethods.includes('generateContent'),
      )
      .map((model) => asString(model.name)?.replace(/^models\//, ''))
      .filter((name): name is string => name !== undefined);
  },
};
