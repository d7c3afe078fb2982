/**
 * Sampling (`sampling/createMessage`, deprecated but still served): the request as the client shows it, and the
 * answer from whatever the person configured. With nothing configured the request is declined: nothing is sent to
 * a model without the person's say.
 */
import type { AskContext } from './elicitation';
import { ProtocolError, type CreateMessageRequest, type CreateMessageResult } from '@modelcontextprotocol/client';

export interface SamplingRequest {
  messages: { role: string; text: string }[];
  systemPrompt?: string;
  maxTokens: number;
  modelHints: string[];
  /** Names of the tools the server offers the model, if any. */
  tools: string[];
}

/** Answers a request, or says `decline` (the person said no). */
export type Sampler = (
  request: SamplingRequest,
  raw: CreateMessageRequest['params'],
  context?: AskContext,
) => Promise<CreateMessageResult | 'decline'>;

/** The JSON-RPC code for a request the user refused, as the spec's sampling examples use. */
const USER_REJECTED = -1;

export function describeSampling(params: CreateMessageRequest['params']): SamplingRequest {
  const messages = params.messages.map((message) => {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    return {
      role: message.role,
      text: blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n'),
    };
  });
  const tools = (params as { tools?: { name: string }[] }).tools ?? [];
  return {
    messages,
    ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}),
    maxTokens: params.maxTokens,
    modelHints: (params.modelPreferences?.hints ?? []).map((hint) => hint.name ?? '').filter(Boolean),
    tools: tools.map((tool) => tool.name),
  };
}

export function samplingHandler(
  sampler: Sampler | undefined,
): (params: CreateMessageRequest['params'], context?: AskContext) => Promise<CreateMessageResult> {
  return async (params, context) => {
    const answer = sampler ? await sampler(describeSampling(params), params, context) : 'decline';
    if (answer === 'decline')
      throw new ProtocolError(
        USER_REJECTED,
        sampler
          ? 'The user declined the sampling request.'
          : 'Sampling declined: this client has no model configured to answer it.',
      );
    return answer;
  };
}
