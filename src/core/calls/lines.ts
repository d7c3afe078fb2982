/** Text chunks (a file read piece by piece, a pipe) into lines, holding at most one partial line. */

/**
 * The lines of a stream, one by one; its `lineBatches()` gives the same lines a chunk's worth at a time
 * instead (use one or the other: both read the same chunks). checkCallStream reads batches when it can:
 * measured, one `await` per line through two async generators was about a third of `validate --batch`'s
 * time on 100,000 short lines.
 */
export type LineStream = AsyncGenerator<string, void, undefined> & { lineBatches: () => AsyncGenerator<string[], void, undefined> };

export function splitLines(chunks: AsyncIterable<string> | Iterable<string>): LineStream {
  async function* lines(): AsyncGenerator<string, void, undefined> {
    for await (const batch of splitLineBatches(chunks)) yield* batch;
  }
  return Object.assign(lines(), { lineBatches: () => splitLineBatches(chunks) });
}

/** The complete lines of each chunk as one array (the partial last line waits for the next chunk). */
export async function* splitLineBatches(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string[], void, undefined> {
  let rest = '';
  for await (const chunk of chunks as AsyncIterable<string>) {
    const text = rest + chunk;
    const batch: string[] = [];
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      batch.push(text.charCodeAt(end - 1) === 13 && end > start ? text.slice(start, end - 1) : text.slice(start, end));
      start = end + 1;
    }
    rest = text.slice(start);
    if (batch.length > 0) yield batch;
  }
  if (rest !== '') yield [rest.endsWith('\r') ? rest.slice(0, -1) : rest];
}

/** Bytes (a ReadableStream reader, a Node stream) into text chunks, UTF-8 decoded across chunk edges. */
export async function* decodeChunks(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const last = decoder.decode();
  if (last !== '') yield last;
}
