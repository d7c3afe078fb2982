/** HTTP failures classified into ModelErrors a person can act on. */
import type { ModelError } from './spec';

const CONTEXT_OVERFLOW =
  /context[_ ]length|context window|prompt is too long|maximum context|too many tokens|exceeds the maximum number of tokens|input token count/i;
const TOOLS_UNSUPPORTED =
  /does not support tools|tools? (are|is) not supported|tool use is not supported|function calling is not (enabled|supported)|does not support function calling/i;

/** The provider's own message from its error body (OpenAI, Anthropic and Gemini shapes), or the text. */
function providerMessageOf(bodyText: string): string {
  try {
    const body = JSON.parse(bodyText) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof body.error === 'string') return body.error;
    if (body.error && typeof body.error.message === 'string') return body.error.message;
    if (typeof body.message === 'string') return body.message;
  } catch {
    /* not JSON: the text itself */
  }
  return bodyText.slice(0, 500);
}

/** Seconds from retry-after (seconds or an HTTP date), or Gemini's RetryInfo.retryDelay ("30s"). */
export function retryAfterOf(headers: Headers, bodyText: string, now = Date.now()): number | undefined {
  const header = headers.get('retry-after');
  if (header !== null) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const delay = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(bodyText);
  return delay ? Number(delay[1]) : undefined;
}

export function classifyHttpError(status: number, headers: Headers, bodyText: string): ModelError {
  const providerMessage = providerMessageOf(bodyText);
  const base = { status, providerMessage };
  if (
    status === 401 ||
    status === 403 ||
    /API_KEY_INVALID|invalid x-api-key|invalid_api_key|Incorrect API key/.test(bodyText)
  ) {
    return {
      ...base,
      code: 'unauthorized',
      message: `The key was refused (HTTP ${status}): check that it is this provider's key, complete, and not revoked.`,
    };
  }
  if (status === 429) {
    const retryAfterSeconds = retryAfterOf(headers, bodyText);
    const when =
      retryAfterSeconds !== undefined ? `retry in ${retryAfterSeconds} s` : 'retry later (the provider said not when)';
    return { ...base, code: 'rate_limited', retryAfterSeconds, message: `Rate limited (HTTP 429): ${when}.` };
  }
  if (CONTEXT_OVERFLOW.test(providerMessage)) {
    return {
      ...base,
      code: 'context_overflow',
      message:
        "The request is longer than the model's context window: send fewer tools, a shorter prompt, or fewer steps.",
    };
  }
  if (TOOLS_UNSUPPORTED.test(providerMessage)) {
    return {
      ...base,
      code: 'tools_unsupported',
      message: 'This model does not support tool calls: pick a model that does.',
    };
  }
  if (status === 404)
    return { ...base, code: 'model_not_found', message: `Not found (HTTP 404): check the model id and the base URL.` };
  if (status >= 500)
    return { ...base, code: 'server_error', message: `The provider failed (HTTP ${status}); retrying later may work.` };
  return { ...base, code: 'bad_request', message: `The provider refused the request (HTTP ${status}).` };
}

/** Which setting lets a local server answer this page: the browser hides a response without CORS headers. */
export function corsAdvice(origin: string): string {
  return [
    `Ollama: set OLLAMA_ORIGINS=${origin} before starting it.`,
    'LM Studio: Developer → server settings → turn on "Enable CORS".',
    `vLLM: start with --allowed-origins '["${origin}"]'.`,
    `llama.cpp server: it sends CORS headers by default; put a proxy in front if yours does not.`,
  ].join(' ');
}
