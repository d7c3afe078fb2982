/** One streamed model request over fetch. Every failure comes back as a ModelError value; nothing throws. */
import type { JsonValue } from '../toolset/types';
import { classifyHttpError, corsAdvice } from './errors';
import { redactHeaders, redactText, secretsOf } from './redact';
import { readSse } from './sse';
import { limitStream, type StreamLimits } from './stream-limits';
import type { HttpRequest, ModelError, ModelResult, ModelToolCall, ProviderAdapter, StreamPart, Usage } from './spec';

export interface RequestTrace {
  url: string;
  method: string;
  /** With the key replaced by "[redacted]". */
  headers: Record<string, string>;
  body?: JsonValue;
  status?: number;
  /** The response as received (SSE text or error body), capped. */
  responseText: string;
  startedAt: number;
  firstByteMs?: number;
  durationMs: number;
}

export interface StreamOutcome {
  result?: ModelResult;
  error?: ModelError;
  trace: RequestTrace;
}

export interface StreamOptions {
  signal?: AbortSignal;
  onPart?: (part: StreamPart) => void;
  fetch?: typeof fetch;
  now?: () => number;
  /** The page's origin, named in CORS advice. */
  origin?: string;
  /** Bounds on the response, checked as it arrives (STREAM_LIMITS unless told). */
  limits?: StreamLimits;
}

/** Thrown from the event handler to stop reading once a bound is passed. */
class StoppedReading extends Error {}

const isAbort = (error: unknown, signal?: AbortSignal): boolean =>
  signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

/**
 * A TypeError from fetch is either no server or a response the browser withheld for lack of CORS headers.
 * An opaque no-cors request tells them apart: it succeeds whenever the server answered at all.
 */
async function networkOrCors(
  request: HttpRequest,
  doFetch: typeof fetch,
  origin: string | undefined,
  cause: unknown,
): Promise<ModelError> {
  const detail = cause instanceof Error ? cause.message : String(cause);
  if (origin !== undefined) {
    try {
      await doFetch(request.url, { method: 'GET', mode: 'no-cors', cache: 'no-store' });
      return {
        code: 'cors',
        message: `The server at ${new URL(request.url).origin} answered, but without CORS headers allowing ${origin}, so the browser withheld its response. ${corsAdvice(origin)}`,
        providerMessage: detail,
      };
    } catch {
      /* unreachable as well: a network failure */
    }
  }
  return {
    code: 'network',
    message: `No answer from ${new URL(request.url).origin}: check the base URL, that the server runs, and the network (${detail}).`,
    providerMessage: detail,
  };
}

/** Collects parts into the final result, in arrival order. */
export function createAccumulator() {
  let text = '';
  const calls = new Map<number, ModelToolCall>();
  let usage: Usage = {};
  let finishReason: ModelResult['finishReason'] = 'unknown';
  let rawFinishReason: string | null = null;
  let providerItems: JsonValue[] | undefined;
  let error: ModelError | undefined;
  return {
    add(part: StreamPart): void {
      if (part.type === 'text-delta') text += part.text;
      else if (part.type === 'tool-call') calls.set(part.index, part.call);
      else if (part.type === 'usage') usage = { ...usage, ...part.usage };
      else if (part.type === 'finish') {
        finishReason = part.reason;
        rawFinishReason = part.rawReason;
      } else if (part.type === 'provider-items') providerItems = part.items;
      else if (part.type === 'error') error ??= part.error;
    },
    error: (): ModelError | undefined => error,
    result: (): ModelResult => ({
      text,
      toolCalls: [...calls.entries()].sort(([left], [right]) => left - right).map(([, call]) => call),
      finishReason,
      rawFinishReason,
      usage,
      ...(providerItems ? { providerItems } : {}),
    }),
  };
}

async function streamRequest(
  adapter: ProviderAdapter,
  request: HttpRequest,
  options: StreamOptions = {},
): Promise<StreamOutcome> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? (() => performance.now());
  const startedAt = now();
  const trace: RequestTrace = {
    url: request.url,
    method: request.method,
    headers: redactHeaders(request.headers, adapter.keyHeaders),
    ...(request.body ? { body: request.body } : {}),
    responseText: '',
    startedAt: Date.now(),
    durationMs: 0,
  };
  const secrets = secretsOf(request.headers, adapter.keyHeaders);
  const done = (outcome: Omit<StreamOutcome, 'trace'>): StreamOutcome => {
    trace.durationMs = now() - startedAt;
    if (outcome.error && !outcome.result && trace.responseText === '')
      trace.responseText = outcome.error.providerMessage ?? '';
    // An error body may echo the key back; neither the trace nor the message keeps it.
    for (const secret of secrets) {
      trace.responseText = redactText(trace.responseText, secret);
      if (outcome.error?.providerMessage !== undefined)
        outcome.error.providerMessage = redactText(outcome.error.providerMessage, secret);
    }
    return { ...outcome, trace };
  };
  const cancelled = (): StreamOutcome =>
    done({ error: { code: 'cancelled', message: 'Stopped: the request was cancelled.' } });

  let response: Response;
  try {
    response = await doFetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error, options.signal)) return cancelled();
    return done({ error: await networkOrCors(request, doFetch, options.origin, error) });
  }
  trace.status = response.status;
  trace.firstByteMs = now() - startedAt;
  if (!response.ok || response.body === null) {
    let bodyText = '';
    try {
      bodyText = await response.text();
    } catch (error) {
      if (isAbort(error, options.signal)) return cancelled();
    }
    trace.responseText = bodyText;
    return done({ error: classifyHttpError(response.status, response.headers, bodyText) });
  }

  const parser = limitStream(adapter.createStreamParser(), options.limits);
  const accumulator = createAccumulator();
  const emit = (parts: StreamPart[]): void => {
    for (const part of parts) {
      accumulator.add(part);
      options.onPart?.(part);
    }
  };
  const { raw, readError } = await readSse(response.body, (event) => {
    emit(parser.push(event));
    // A bound passed: nothing more is read (the stream is cancelled, which closes the connection).
    if (parser.stopped()) throw new StoppedReading();
  });
  trace.responseText = raw;
  const stopped = parser.stopped();
  if (stopped) return done({ result: accumulator.result(), error: stopped });
  if (options.signal?.aborted) {
    emit(parser.interrupted());
    return { ...cancelled(), result: accumulator.result() };
  }
  if (readError !== undefined) {
    const detail = readError instanceof Error ? readError.message : String(readError);
    return done({
      result: accumulator.result(),
      error: { code: 'stream_cut', message: `The stream was cut halfway (${detail}); what arrived is kept.` },
    });
  }
  emit(parser.end());
  const error = accumulator.error();
  return done({ result: accumulator.result(), ...(error ? { error } : {}) });
}

/** Streams a chat request built by the adapter. */
export const streamModel = (
  adapter: ProviderAdapter,
  request: Parameters<ProviderAdapter['buildRequest']>[0],
  options: StreamOptions = {},
): Promise<StreamOutcome> => streamRequest(adapter, adapter.buildRequest(request), options);

/** The provider's model ids, or an error. */
export async function listModels(
  adapter: ProviderAdapter,
  baseUrl: string,
  apiKey: string,
  options: Pick<StreamOptions, 'fetch' | 'signal' | 'origin'> = {},
): Promise<{ models?: string[]; error?: ModelError }> {
  if (!adapter.listModelsRequest || !adapter.parseModelList)
    return {
      error: { code: 'bad_request', message: `${adapter.label} offers no model list here: type the model id.` },
    };
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const request = adapter.listModelsRequest(baseUrl, apiKey);
  try {
    const response = await doFetch(request.url, { method: 'GET', headers: request.headers, signal: options.signal });
    const text = await response.text();
    if (!response.ok) return { error: classifyHttpError(response.status, response.headers, text) };
    return { models: adapter.parseModelList(JSON.parse(text) as unknown) };
  } catch (error) {
    if (isAbort(error, options.signal)) return { error: { code: 'cancelled', message: 'Stopped.' } };
    if (error instanceof SyntaxError)
      return { error: { code: 'bad_response', message: 'The model list was not JSON.' } };
    return { error: await networkOrCors(request, doFetch, options.origin, error) };
  }
}
