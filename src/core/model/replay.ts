/** Replays recorded SSE text through a provider's parser, cut into chunks of a given size (tests, bench). */
import { createAccumulator } from './http';
import { readSse } from './sse';
import type { ModelError, ModelResult, ProviderAdapter, StreamPart } from './spec';

export function chunkedStream(text: string, chunkSize: number): ReadableStream<Uint8Array> {
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

export async function replaySse(adapter: ProviderAdapter, text: string, chunkSize = 7): Promise<{ parts: StreamPart[]; result: ModelResult; error?: ModelError }> {
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
