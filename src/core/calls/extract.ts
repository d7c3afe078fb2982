/**
 * Tool calls out of any JSON value a transcript holds: one call, one message, a provider's response,
 * a whole exported conversation, or an array of any of these. Each call says which format it came in.
 */
import type { CallFormat, ExtractedCall } from './types';
import { isJsonObject } from '../json/is-json-object';

type JsonRecord = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** A call whose name is missing or not a string: found, but not readable as a call. */
export interface BrokenCall {
  format: CallFormat;
  reason: string;
}

export interface Extraction {
  calls: ExtractedCall[];
  broken: BrokenCall[];
}

/** Containers exported conversations nest their messages or items in, checked in this order. */
const CONTAINER_KEYS = [
  'messages',
  'choices',
  'output',
  'input',
  'contents',
  'candidates',
  'conversation',
  'items',
  'data',
  'calls',
  'tool_calls',
] as const;

/** Deep enough for any provider's export; deeper is not a transcript. */
const MAX_DEPTH = 12;

function named(format: CallFormat, name: unknown, args: unknown, id: unknown, into: Extraction): void {
  if (typeof name !== 'string' || name === '') {
    into.broken.push({
      format,
      reason: name === undefined ? 'the call has no tool name' : 'the tool name is not a non-empty string',
    });
    return;
  }
  const call: ExtractedCall = { format, tool: name, arguments: args };
  const callId = idOf(id);
  if (callId !== undefined) call.id = callId;
  into.calls.push(call);
}

/** One object: a call itself, or something that holds calls. */
function visitObject(value: JsonRecord, into: Extraction, depth: number): void {
  const type = text(value.type);

  // MCP JSON-RPC: only tools/call requests are calls; other methods and responses are skipped.
  if (value.jsonrpc !== undefined && typeof value.method === 'string') {
    if (value.method === 'tools/call') {
      const params = isJsonObject(value.params) ? value.params : {};
      named('mcp', params.name, params.arguments ?? {}, value.id, into);
    }
    return;
  }
  if (value.jsonrpc !== undefined) return;

  // OpenAI Chat Completions: a message with tool_calls, or one tool call.
  if (Array.isArray(value.tool_calls)) {
    for (const toolCall of value.tool_calls) {
      if (isJsonObject(toolCall) && isJsonObject(toolCall.function))
        named('openai-chat', toolCall.function.name, toolCall.function.arguments, toolCall.id, into);
      else into.broken.push({ format: 'openai-chat', reason: 'a tool_calls entry has no function object' });
    }
    return;
  }
  if (type === 'function' && isJsonObject(value.function)) {
    named('openai-chat', value.function.name, value.function.arguments, value.id, into);
    return;
  }
  // The older single function_call of a Chat Completions message.
  if (isJsonObject(value.function_call) && value.role === 'assistant') {
    named('openai-chat', value.function_call.name, value.function_call.arguments, undefined, into);
    return;
  }

  // OpenAI Responses: an output or input item.
  if (type === 'function_call') {
    named('openai-responses', value.name, value.arguments, value.call_id ?? value.id, into);
    return;
  }
  // Anthropic: a tool_use content block.
  if (type === 'tool_use') {
    named('anthropic', value.name, value.input, value.id, into);
    return;
  }
  // Gemini: a part with a functionCall (camelCase in REST, snake_case in the Python SDK's dumps).
  const functionCall = value.functionCall ?? value.function_call;
  if (isJsonObject(functionCall)) {
    named('gemini', functionCall.name, functionCall.args ?? {}, functionCall.id, into);
    return;
  }
  if (Array.isArray(value.parts)) {
    visitArray(value.parts, into, depth + 1);
    return;
  }
  // Anthropic messages and Gemini candidates keep their blocks under `content`.
  if (Array.isArray(value.content)) {
    visitArray(value.content, into, depth + 1);
    return;
  }
  if (isJsonObject(value.content)) {
    visit(value.content, into, depth + 1);
    return;
  }
  if (isJsonObject(value.message)) {
    visit(value.message, into, depth + 1);
    return;
  }

  // A plain call: {tool, arguments} or {name, arguments} (also `args`, `input`, `parameters`).
  const plainName = value.tool ?? value.tool_name ?? value.name;
  const plainArgs = value.arguments ?? value.args ?? value.input ?? value.parameters;
  if (
    (typeof plainName === 'string' || value.tool !== undefined) &&
    plainArgs !== undefined &&
    value.role === undefined
  ) {
    named('plain', plainName, plainArgs, value.id ?? value.call_id, into);
    return;
  }

  let containers = 0;
  for (const key of CONTAINER_KEYS) {
    const inner = value[key];
    if (Array.isArray(inner) || (isJsonObject(inner) && key !== 'input')) {
      containers += 1;
      visit(inner, into, depth + 1);
    }
  }
  // A response wrapper: `{response: {...}}` as some loggers write it.
  if (containers === 0 && isJsonObject(value.response)) visit(value.response, into, depth + 1);
}

function visitArray(values: readonly unknown[], into: Extraction, depth: number): void {
  for (const item of values) visit(item, into, depth);
}

function visit(value: unknown, into: Extraction, depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) visitArray(value, into, depth + 1);
  else if (isJsonObject(value)) visitObject(value, into, depth);
}

/** Every tool call in a JSON value, in order, and the calls that were found but could not be read. */
export function extractCalls(value: unknown): Extraction {
  const into: Extraction = { calls: [], broken: [] };
  visit(value, into, 0);
  return into;
}
