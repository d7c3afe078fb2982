/** Replays recorded SSE text through a provider's parser, cut into chunks of a given size (tests, bench). */
import { createAccumulator } from './http';
import { readSse } from './sse';
import type { ModelError, ModelResult, ProviderAdapter, StreamPart } from './spec';

function chunkedStream(text: string, chunkSize: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

export async function replaySse(
  adapter: ProviderAdapter,
  text: string,
  chunkSize = 7,
): Promise<{ parts: StreamPart[]; result: ModelResult; error?: ModelError }> {
  const parser = adapter.createStreamParser();
  const accumulator = createAccumulator();
  const parts: StreamPart[] = [];
  const take = (produced: StreamPart[]): void => {
    for (const part of produced) {
      parts.push(part);
      accumulator.add(part);
    }
  };
  await readSse(chunkedStream(text, chunkSize), (event) => take(parser.push(event)));
  take(parser.end());
  const error = accumulator.error();
  return { parts, result: accumulator.result(), ...(error ? { error } : {}) };
}

/** One recorded HTTP exchange with a provider: what it answers (the model and the prompt asked) and the response as received. */
export interface RecordedExchange {
  model: string;
  /** The first user message of the request it answers. */
  prompt: string;
  status: number;
  contentType: string;
  /** The response body as received (SSE text, or an error body). */
  body: string;
}

/**
 * A fetch that answers from recorded exchanges: the one whose model and prompt the request carries (in its
 * address or body, whatever the provider's wire). A request no exchange answers gets a 404 naming what was asked.
 */
export function recordedFetch(exchanges: readonly RecordedExchange[]): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : '';
    const found = exchanges.find(
      (exchange) =>
        (url.includes(exchange.model) || body.includes(JSON.stringify(exchange.model))) &&
        body.includes(JSON.stringify(exchange.prompt).slice(1, -1)),
    );
    if (!found)
      return Promise.resolve(
        new Response(JSON.stringify({ error: { message: `No recorded answer for this request to ${url}.` } }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      );
    return Promise.resolve(
      new Response(found.body, { status: found.status, headers: { 'content-type': found.contentType } }),
    );
  };
}
