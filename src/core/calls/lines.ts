/** Text chunks (a file read piece by piece, a pipe) into lines, holding at most one partial line. */

/**
 * The lines of a stream, one by one; its `lineBatches()` gives the same lines a chunk's worth at a time
 * instead (use one or the other: both read the same chunks). checkCallStream reads batches when it can:
 * measured, one `await` per line through two async generators was about a third of `validate --batch`'s
 * time on 100,000 short lines.
 */
export type LineStream = AsyncGenerator<string, void, undefined> & {
  lineBatches: () => AsyncGenerator<string[], void, undefined>;
};

export function splitLines(chunks: AsyncIterable<string> | Iterable<string>): LineStream {
  async function* lines(): AsyncGenerator<string, void, undefined> {
    for await (const batch of splitLineBatches(chunks)) yield* batch;
  }
  return Object.assign(lines(), { lineBatches: () => splitLineBatches(chunks) });
}

/**
 * The complete lines of each chunk as one array (the partial last line waits for the next chunk). A line longer
 * than a chunk is kept as its pieces and joined once, when its end arrives: searching `rest + chunk` instead
 * flattens the whole partial line at every chunk, which made one 50 MB line take over a minute (quadratic).
 */
async function* splitLineBatches(
  chunks: AsyncIterable<string> | Iterable<string>,
): AsyncGenerator<string[], void, undefined> {
  let pieces: string[] = [];
  const take = (last: string): string => {
    if (pieces.length === 0) return last;
    pieces.push(last);
    const line = pieces.join('');
    pieces = [];
    return line;
  };
  const withoutCr = (line: string): string => (line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line);
  for await (const chunk of chunks as AsyncIterable<string>) {
    const batch: string[] = [];
    let start = 0;
    for (;;) {
      const end = chunk.indexOf('\n', start);
      if (end < 0) break;
      batch.push(withoutCr(take(chunk.slice(start, end))));
      start = end + 1;
    }
    if (start < chunk.length) pieces.push(start === 0 ? chunk : chunk.slice(start));
    if (batch.length > 0) yield batch;
  }
  if (pieces.length > 0) yield [withoutCr(take(''))];
}

/** Bytes (a ReadableStream reader, a Node stream) into text chunks, UTF-8 decoded across chunk edges. */
export async function* decodeChunks(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const last = decoder.decode();
  if (last !== '') yield last;
}
