/**
 * Sampling answered by a model the person chose: the request (its messages as the person approved or edited them)
 * becomes a provider-neutral model request, and the model's reply becomes the `sampling/createMessage` result.
 * The tools a server offers in a sampling request are shown to the person and not sent: this client runs no
 * tool loop on the server's behalf.
 */
import type { CreateMessageResult } from '@modelcontextprotocol/client';
import type { ModelRequest, ModelResult, ProviderId } from '../../model/spec';
import type { SamplingRequest } from './sampling';

export interface ModelChoice {
  provider: ProviderId;
  baseUrl: string;
  model: string;
}

/** The model request for an approved sampling request; the key goes into the request headers only. */
export function samplingModelRequest(request: SamplingRequest, choice: ModelChoice, apiKey: string): ModelRequest {
  return {
    provider: choice.provider,
    baseUrl: choice.baseUrl,
    model: choice.model,
    apiKey,
    system: request.systemPrompt ?? '',
    messages: request.messages.map((message) =>
      message.role === 'assistant'
        ? { role: 'assistant', text: message.text, toolCalls: [] }
        : { role: 'user', text: message.text },
    ),
    tools: [],
    toolChoice: { type: 'auto' },
    maxTokens: request.maxTokens,
  };
}

const STOP_REASONS: Partial<Record<ModelResult['finishReason'], string>> = {
  stop: 'endTurn',
  length: 'maxTokens',
  'tool-calls': 'toolUse',
};

/** The `sampling/createMessage` result from the model's reply: its text, the model that wrote it, and why it stopped. */
export function samplingResult(result: ModelResult, model: string): CreateMessageResult {
  const stopReason = STOP_REASONS[result.finishReason] ?? result.rawFinishReason ?? undefined;
  return {
    role: 'assistant',
    content: { type: 'text', text: result.text },
    model,
    ...(stopReason ? { stopReason } : {}),
  };
}
