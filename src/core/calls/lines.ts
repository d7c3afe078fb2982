/** Text chunks (a file read piece by piece, a pipe) into lines, holding at most one partial line. */

/**
 * What stands in for a line longer than the splitter's cap: the line itself is never joined. Its pieces are
 * dropped as soon as the cap is passed, and the rest of it is only counted, up to its newline.
 */
export interface OverlongLine {
  readonly overlong: true;
  /** The line's length in UTF-16 code units (the newline and a CR before it not counted). */
  readonly characters: number;
  /** The cap it passed. */
  readonly limit: number;
}

export const isOverlongLine = (item: unknown): item is OverlongLine =>
  typeof item === 'object' && item !== null && (item as Partial<OverlongLine>).overlong === true;

/**
 * The lines of a stream, one by one; its `lineBatches()` gives the same lines a chunk's worth at a time
 * instead (use one or the other: both read the same chunks). checkCallStream reads batches when it can:
 * measured, one `await` per line through two async generators was about a third of `validate --batch`'s
 * time on 100,000 short lines. `heldCharacters()` is the size of the partial line held at this moment.
 */
export type LineStream<Line = string> = AsyncGenerator<Line, void, undefined> & {
  lineBatches: () => AsyncGenerator<Line[], void, undefined>;
  heldCharacters: () => number;
  /** The cap for one line (Infinity without one); a reader of the lines holds a document to the same. */
  maxLineCharacters: number;
};

export interface SplitOptions {
  /**
   * Most UTF-16 code units in one line. A longer line is given as an `OverlongLine` in its place, and the
   * splitter never holds more than this plus the chunk it is reading.
   */
  maxLineCharacters?: number;
}

interface SplitState {
  held: number;
}

export function splitLines(chunks: AsyncIterable<string> | Iterable<string>): LineStream;
export function splitLines(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: SplitOptions,
): LineStream<string | OverlongLine>;
export function splitLines(
  chunks: AsyncIterable<string> | Iterable<string>,
  options: SplitOptions = {},
): LineStream<string | OverlongLine> {
  const state: SplitState = { held: 0 };
  const limit = options.maxLineCharacters ?? Infinity;
  async function* lines(): AsyncGenerator<string | OverlongLine, void, undefined> {
    for await (const batch of splitLineBatches(chunks, limit, state)) yield* batch;
  }
  return Object.assign(lines(), {
    lineBatches: () => splitLineBatches(chunks, limit, state),
    heldCharacters: () => state.held,
    maxLineCharacters: limit,
  });
}

/**
 * The complete lines of each chunk as one array (the partial last line waits for the next chunk). A line longer
 * than a chunk is kept as its pieces and joined once, when its end arrives: searching `rest + chunk` instead
 * flattens the whole partial line at every chunk, which made one 50 MB line take over a minute (quadratic).
 * A line that grows past `limit` is dropped there and only counted to its end.
 */
async function* splitLineBatches(
  chunks: AsyncIterable<string> | Iterable<string>,
  limit: number,
  state: SplitState,
): AsyncGenerator<(string | OverlongLine)[], void, undefined> {
  let pieces: string[] = [];
  // The length of the line being dropped, while it is; -1 otherwise.
  let dropped = -1;
  const take = (last: string): string => {
    if (pieces.length === 0) return last;
    pieces.push(last);
    const line = pieces.join('');
    pieces = [];
    state.held = 0;
    return line;
  };
  const withoutCr = (line: string): string => (line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line);
  const overlong = (characters: number, endsWithCr: boolean): OverlongLine => ({
    overlong: true,
    characters: endsWithCr ? characters - 1 : characters,
    limit,
  });
  // Whether the text before a newline at `end` ends with a CR (in this chunk, or as the last held piece).
  const crBefore = (chunk: string, start: number, end: number): boolean =>
    end > start ? chunk.charCodeAt(end - 1) === 13 : lastCr;
  let lastCr = false;
  for await (const chunk of chunks as AsyncIterable<string>) {
    const batch: (string | OverlongLine)[] = [];
    let start = 0;
    for (;;) {
      const end = chunk.indexOf('\n', start);
      if (end < 0) break;
      if (dropped >= 0) {
        batch.push(overlong(dropped + end - start, crBefore(chunk, start, end)));
        dropped = -1;
      } else if (state.held + end - start > limit) {
        batch.push(overlong(state.held + end - start, crBefore(chunk, start, end)));
        pieces = [];
        state.held = 0;
      } else batch.push(withoutCr(take(chunk.slice(start, end))));
      start = end + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.length - start;
      lastCr = chunk.charCodeAt(chunk.length - 1) === 13;
      if (dropped >= 0) dropped += rest;
      else if (state.held + rest > limit) {
        dropped = state.held + rest;
        pieces = [];
        state.held = 0;
      } else {
        pieces.push(start === 0 ? chunk : chunk.slice(start));
        state.held += rest;
      }
    }
    if (batch.length > 0) yield batch;
  }
  if (dropped >= 0) yield [overlong(dropped, lastCr)];
  else if (pieces.length > 0) yield [withoutCr(take(''))];
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
