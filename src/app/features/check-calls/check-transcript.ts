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
import { MAX_LINE_CHARACTERS } from '../../../core/calls/limits';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';
import { shownCall } from './shownCall';

export interface CheckCallsRequest {
  source: { kind: 'file'; file: File } | { kind: 'text'; text: string };
  tools: ToolDefinition[];
}

/** What the check reports while it reads; its answer is the summary. */
export type CheckCallsProgress =
  | { type: 'layout'; layout: InputLayout }
  | { type: 'results'; results: CallResult[]; bytesRead: number; totalBytes: number };

const BATCH_SIZE = 2_000;
const TEXT_CHUNK = 1 << 20;

async function* countBytes(
  stream: ReadableStream<Uint8Array>,
  onRead: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onRead(value.byteLength);
    yield value;
  }
}

function* textChunks(text: string, onRead: (characters: number) => void): Generator<string> {
  for (let offset = 0; offset < text.length; offset += TEXT_CHUNK) {
    const chunk = text.slice(offset, offset + TEXT_CHUNK);
    onRead(chunk.length);
    yield chunk;
  }
}

export async function checkTranscript(
  { source, tools }: CheckCallsRequest,
  validator: Validator,
  progress: (update: CheckCallsProgress) => void,
  maxLineCharacters = MAX_LINE_CHARACTERS,
): Promise<CallSummary> {
  let bytesRead = 0;
  const totalBytes = source.kind === 'file' ? source.file.size : source.text.length;
  const onRead = (count: number) => {
    bytesRead += count;
  };
  const chunks =
    source.kind === 'file' ? decodeChunks(countBytes(source.file.stream(), onRead)) : textChunks(source.text, onRead);
  const check = checkCallStream(splitLines(chunks, { maxLineCharacters }), tools, {
    validator,
    onLayout: (layout) => progress({ type: 'layout', layout }),
  });
  let batch: CallResult[] = [];
  let lastPost = performance.now();
  for await (const result of check.results) {
    batch.push(shownCall(result));
    // A batch goes when it is full or a fifth of a second old, so progress moves on slow files too.
    if (batch.length >= BATCH_SIZE || performance.now() - lastPost > 200) {
      progress({ type: 'results', results: batch, bytesRead, totalBytes });
      batch = [];
      lastPost = performance.now();
    }
  }
  progress({ type: 'results', results: batch, bytesRead: totalBytes, totalBytes });
  return check.summary();
}
