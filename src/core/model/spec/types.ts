/** The provider-neutral model spec: one request, one stream of parts, one result, errors as values. */
import type { JsonObject, JsonValue, ToolDefinition } from '../../toolset/types';

export const PROVIDERS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'openai-compatible'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export type ToolChoice = { type: 'auto' } | { type: 'required' } | { type: 'none' } | { type: 'tool'; name: string };

/** One call as the model sent it: the arguments exactly as their text arrived (Gemini's object is serialised). */
export interface ModelToolCall {
  id: string;
  name: string;
  argumentsText: string;
}

export interface ToolResultPart {
  callId: string;
  name: string;
  /** The LLM-facing text sent back: the tool's result, or the validator's errors. */
  content: string;
  isError: boolean;
}

export type ModelMessage =
  | { role: 'user'; text: string }
  /** `providerItems` keeps what a provider needs echoed back verbatim (Responses output items, Gemini parts). */
  | { role: 'assistant'; text: string; toolCalls: ModelToolCall[]; providerItems?: JsonValue[] }
  | { role: 'tool'; results: ToolResultPart[] };

export interface ModelRequest {
  provider: ProviderId;
  baseUrl: string;
  model: string;
  /** Never serialised anywhere but into the request headers. */
  apiKey: string;
  system: string;
  messages: ModelMessage[];
  /** The tools exactly as src/core/export exports them for this provider. */
  tools: JsonObject[];
  toolChoice: ToolChoice;
  temperature?: number;
  maxTokens?: number;
}

/** The normalised reasons a generation ends. */
export type FinishReason = 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'error' | 'other' | 'unknown';

export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  /** Cost in USD, only when the provider reports it (OpenRouter's usage.cost). */
  cost?: number;
}

export type StreamPart =
  | { type: 'text-delta'; text: string }
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  /** The call is complete; arguments as sent. */
  | { type: 'tool-call'; index: number; call: ModelToolCall }
  | { type: 'usage'; usage: Usage }
  | { type: 'finish'; reason: FinishReason; rawReason: string | null }
  | { type: 'provider-items'; items: JsonValue[] }
  | { type: 'error'; error: ModelError };

type ModelErrorCode =
  | 'unauthorized'
  | 'rate_limited'
  | 'context_overflow'
  | 'tools_unsupported'
  | 'model_not_found'
  | 'bad_request'
  | 'server_error'
  | 'network'
  | 'cors'
  | 'stream_cut'
  | 'cancelled'
  | 'bad_response'
  /** The response passed a bound on its size (see stream-limits.ts); what arrived before is kept. */
  | 'too_large';

export interface ModelError {
  code: ModelErrorCode;
  /** A sentence a person can act on. */
  message: string;
  status?: number;
  /** Seconds to wait, from retry-after or the provider's retry info. */
  retryAfterSeconds?: number;
  /** The provider's own error text, as sent. */
  providerMessage?: string;
}

export interface ModelResult {
  text: string;
  toolCalls: ModelToolCall[];
  finishReason: FinishReason;
  rawFinishReason: string | null;
  usage: Usage;
  providerItems?: JsonValue[];
}

/** What a provider adapter does; each lives in providers/<provider>/. */
export interface ProviderAdapter {
  id: ProviderId;
  label: string;
  /** The export format whose output is sent as `tools`. */
  exportFormat: 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';
  defaultBaseUrl: string;
  /** The tools as this site exports them for the provider (src/core/export), sent unchanged. */
  prepareTools(tools: readonly ToolDefinition[]): JsonObject[];
  /** The streaming request: URL, headers (with the key) and body. */
  buildRequest(request: ModelRequest): HttpRequest;
  /** A fresh parser for one response stream. */
  createStreamParser(): StreamParser;
  /** The model-list request, when the provider has one. */
  listModelsRequest?(baseUrl: string, apiKey: string): HttpRequest;
  parseModelList?(body: unknown): string[];
  /** Header names that carry the key (redacted in traces, shown as a variable in curl). */
  keyHeaders: string[];
  /** The environment variable curl output names for the key. */
  keyVariable: string;
}

export interface HttpRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: JsonObject;
}

/** Fed SSE events in order; returns the parts each produces. */
export interface StreamParser {
  push(event: { event?: string; data: string }): StreamPart[];
  /** Called when the body ends: parts still pending, or a stream_cut error when no end marker came. */
  end(): StreamPart[];
}
