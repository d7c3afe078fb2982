/**
 * The check the Check calls worker runs: a transcript (a file piece by piece, or pasted text) read as lines held
 * to the same cap for one line as the command line's (a longer line is reported by its number and not read), every
 * call checked, and results handed on in batches with progress, so a 100 MB file neither freezes nor floods the page.
 */
import {
  checkCallStream,
  decodeChunks,
  splitLines,
  type CallResult,
  type CallSummary,
  type InputLayout,
} from '../../../core/calls';
import type { LineStream } from '../../../core/calls/lines';
import { MAX_LINE_CHARACTERS } from '../../../core/calls/limits';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';
import type { LineOffsets, LineRange } from './line-source';
import { shownCall } from './shownCall';

export interface CheckCallsRequest {
  source: { kind: 'file'; file: File } | { kind: 'text'; text: string };
  tools: ToolDefinition[];
}

/** What the check reports while it reads; its answer is the summary. */
export type CheckCallsProgress =
  | { type: 'layout'; layout: InputLayout }
  | {
      type: 'results';
      results: CallResult[];
      /** With `places`: where each result's line is in the source, to read it again (null where it cannot be). */
      places?: (LineRange | null)[];
      bytesRead: number;
      totalBytes: number;
    };

const BATCH_SIZE = 2_000;
const TEXT_CHUNK = 1 << 20;

async function* countBytes(
  stream: ReadableStream<Uint8Array>,
  onRead: (bytes: Uint8Array | string | null) => void,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return onRead(null);
    onRead(value);
    yield value;
  }
}

function* textChunks(text: string, onRead: (chunk: Uint8Array | string | null) => void): Generator<string> {
  for (let offset = 0; offset < text.length; offset += TEXT_CHUNK) {
    const chunk = text.slice(offset, offset + TEXT_CHUNK);
    onRead(chunk);
    yield chunk;
  }
  onRead(null);
}

/**
 * The lines as the checker takes them, noting the place of the line it takes last: a line's results come while it
 * is checked, before the next line is taken. So the places held are only those of lines read ahead.
 */
function withPlaces<Line>(
  lines: LineStream<Line>,
  places: LineOffsets,
  current: { line: number; range: LineRange | null },
): AsyncIterable<Line> & { maxLineCharacters: number } {
  return {
    maxLineCharacters: lines.maxLineCharacters,
    async *[Symbol.asyncIterator]() {
      for await (const line of lines) {
        current.line += 1;
        const range = places.rangeOf(current.line);
        // A line too long to read is not read again either: its calls are kept whole.
        current.range = range !== null && range.end - range.start <= lines.maxLineCharacters ? range : null;
        yield line;
      }
    },
  };
}

/**
 * The transcript checked again from its start, its results as the check gave them in order, their arguments whole
 * (not cut for the page): a call of a JSON document has no line of its own to read again, so the document is read and
 * checked again, with the same caps as the check, one result held at a time.
 */
export function checkAgain(
  { source, tools }: CheckCallsRequest,
  validator: Validator,
  maxLineCharacters = MAX_LINE_CHARACTERS,
): AsyncIterable<CallResult> {
  const ignore = () => undefined;
  const chunks =
    source.kind === 'file' ? decodeChunks(countBytes(source.file.stream(), ignore)) : textChunks(source.text, ignore);
  return checkCallStream(splitLines(chunks, { maxLineCharacters }), tools, { validator }).results;
}

/**
 * Checks the transcript, handing its results on in batches. With `places`, each result goes with its line's place in
 * the source (JSON Lines only: a document's calls are found across its lines).
 */
export async function checkTranscript(
  { source, tools }: CheckCallsRequest,
  validator: Validator,
  progress: (update: CheckCallsProgress) => void,
  maxLineCharacters = MAX_LINE_CHARACTERS,
  places?: LineOffsets,
): Promise<CallSummary> {
  let bytesRead = 0;
  const totalBytes = source.kind === 'file' ? source.file.size : source.text.length;
  const onRead = (chunk: Uint8Array | string | null) => {
    if (chunk === null) return places?.end();
    bytesRead += chunk.length;
    places?.feed(chunk);
  };
  const chunks =
    source.kind === 'file' ? decodeChunks(countBytes(source.file.stream(), onRead)) : textChunks(source.text, onRead);
  const lines = splitLines(chunks, { maxLineCharacters });
  const current = { line: 0, range: null as LineRange | null };
  let layout: InputLayout | null = null;
  const check = checkCallStream(places === undefined ? lines : withPlaces(lines, places, current), tools, {
    validator,
    onLayout: (decided) => {
      layout = decided;
      progress({ type: 'layout', layout: decided });
    },
  });
  let batch: CallResult[] = [];
  let ranges: (LineRange | null)[] = [];
  let lastPost = performance.now();
  for await (const result of check.results) {
    batch.push(shownCall(result));
    if (places !== undefined)
      ranges.push(layout === 'json-lines' && result.line === current.line ? current.range : null);
    // A batch goes when it is full or a fifth of a second old, so progress moves on slow files too.
    if (batch.length >= BATCH_SIZE || performance.now() - lastPost > 200) {
      progress({ type: 'results', results: batch, ...(places && { places: ranges }), bytesRead, totalBytes });
      batch = [];
      ranges = [];
      lastPost = performance.now();
    }
  }
  progress({ type: 'results', results: batch, ...(places && { places: ranges }), bytesRead: totalBytes, totalBytes });
  return check.summary();
}
