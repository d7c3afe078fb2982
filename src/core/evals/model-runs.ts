/**
 * A `callModel` for runSuite built from provider settings: each case's messages go to the model with
 * the toolset exactly as the site exports it for that provider; the calls come back as the model sent
 * them. Failures are values; a 429 says so, with the provider's Retry-After, so runSuite backs off.
 */
import { streamModel } from '../model/http';
import { PROVIDER_ADAPTERS } from '../model/providers';
import type { ModelMessage, ProviderId, ToolChoice } from '../model/spec';
import type { ToolDefinition } from '../toolset/types';
import type { CallModel, ModelOutcome } from './run-suite';
import type { EvalMessage } from './types';

/** One model to run a suite on. The key is held here only, never written to a report. */
export interface ModelTarget {
  /** What the report calls it: `provider:model`, unique within a run. */
  label: string;
  provider: ProviderId;
  model: string;
  baseUrl: string;
  apiKey: string;
}

/** Short provider names a user types in `--model provider:model`. */
const PROVIDER_ALIASES: Record<string, ProviderId> = {
  openai: 'openai-chat',
  'openai-chat': 'openai-chat',
  'openai-responses': 'openai-responses',
  responses: 'openai-responses',
  anthropic: 'anthropic',
  gemini: 'gemini',
  google: 'gemini',
  'openai-compatible': 'openai-compatible',
  compatible: 'openai-compatible',
};

const PROVIDER_NAMES = Object.keys(PROVIDER_ALIASES);

/** `provider:model` → the provider and model, or a sentence naming the rule broken. */
export function parseModelSpec(text: string): { provider: ProviderId; model: string } | { error: string } {
  const colon = text.indexOf(':');
  const provider = colon > 0 ? PROVIDER_ALIASES[text.slice(0, colon).toLowerCase()] : undefined;
  const model = colon > 0 ? text.slice(colon + 1).trim() : '';
  if (provider === undefined)
    return { error: `--model '${text}': write provider:model, the provider one of ${PROVIDER_NAMES.join(', ')}` };
  if (model === '') return { error: `--model '${text}': the model id after the colon is empty` };
  return { provider, model };
}

/**
 * A suite's messages on the provider-neutral wire: system messages become the system prompt; a
 * `tool` message (a result the suite wrote as text, with no call id to answer) is sent as user text.
 */
export function toModelMessages(messages: readonly EvalMessage[]): { system: string; messages: ModelMessage[] } {
  const system = messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n\n');
  const out: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', text: message.content });
    else if (message.role === 'assistant') out.push({ role: 'assistant', text: message.content, toolCalls: [] });
    else if (message.role === 'tool') out.push({ role: 'user', text: `Tool result:\n${message.content}` });
  }
  return { system, messages: out };
}

export interface ModelCallerOptions {
  targets: readonly ModelTarget[];
  tools: readonly ToolDefinition[];
  toolChoice?: ToolChoice;
  temperature?: number;
  fetch?: typeof fetch;
  /** The page's origin, for CORS advice. */
  origin?: string;
  now?: () => number;
}

export function createModelCaller(options: ModelCallerOptions): CallModel {
  const targets = new Map(options.targets.map((target) => [target.label, target]));
  // Exported once per provider: every case is sent the same bytes.
  const exported = new Map<ProviderId, ReturnType<(typeof PROVIDER_ADAPTERS)[ProviderId]['prepareTools']>>();
  const toolsFor = (provider: ProviderId) => {
    let tools = exported.get(provider);
    if (tools === undefined) exported.set(provider, (tools = PROVIDER_ADAPTERS[provider].prepareTools(options.tools)));
    return tools;
  };
  return async ({ case: evalCase, model, signal }): Promise<ModelOutcome> => {
    const target = targets.get(model);
    if (target === undefined) return { ok: false, message: `No settings for model '${model}'.` };
    const adapter = PROVIDER_ADAPTERS[target.provider];
    const { system, messages } = toModelMessages(evalCase.messages);
    const outcome = await streamModel(
      adapter,
      {
        provider: target.provider,
        baseUrl: target.baseUrl,
        model: target.model,
        apiKey: target.apiKey,
        system,
        messages,
        tools: toolsFor(target.provider),
        toolChoice: options.toolChoice ?? { type: 'auto' },
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
      },
      {
        signal,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.origin ? { origin: options.origin } : {}),
        ...(options.now ? { now: options.now } : {}),
      },
    );
    if (outcome.error) {
      const { error } = outcome;
      return {
        ok: false,
        message: `${error.code}: ${error.message}`,
        ...(error.code === 'rate_limited' ? { rateLimited: true } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retryAfterMs: error.retryAfterSeconds * 1000 } : {}),
      };
    }
    const result = outcome.result!;
    return {
      ok: true,
      calls: result.toolCalls.map((call) => ({ tool: call.name, arguments: call.argumentsText })),
      usage: {
        ...(result.usage.inputTokens !== undefined ? { inputTokens: result.usage.inputTokens } : {}),
        ...(result.usage.outputTokens !== undefined ? { outputTokens: result.usage.outputTokens } : {}),
        latencyMs: outcome.trace.durationMs,
        ...(result.usage.cost !== undefined ? { costUsd: result.usage.cost } : {}),
      },
    };
  };
}
