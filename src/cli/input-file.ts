/**
 * Reads a file named on the command line, measured before it is read: a missing, empty, oversized or binary
 * file is refused with one sentence of the rule (the command names the file before it), and only a file within the size limit is
 * read whole. Every command that reads a file (`import`, `convert`, `diff`, `--toolset`, `--results`, `--config`)
 * reads it through this. A named pipe, and standard input, have no size to measure first: they are read piece by
 * piece and stopped at the same limit.
 */
import { closeSync, createReadStream, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { isatty } from 'node:tty';
import { decodeChunks, splitLines, type LineStream, type OverlongLine } from '../core/calls/lines';
import { MAX_LINE_CHARACTERS } from '../core/calls/limits';

/** The largest input file read; a toolset's text is held to the import's own, smaller, limit after it. */
const MAX_INPUT_FILE_BYTES = 64 * 1024 * 1024;
/** Bytes looked at for a NUL, as git and grep do to tell a binary file from text. */
const SNIFF_BYTES = 8 * 1024;

/** A refusal the commands print as it is: its message names the file and the rule. */
class InputFileError extends Error {}

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const OVER_LIMIT = `it holds more than ${megabytes(MAX_INPUT_FILE_BYTES)}, over the ${MAX_INPUT_FILE_BYTES / (1024 * 1024)} MB limit for an input file; reading stopped at the limit`;

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * A pipe, a named pipe or a device, read piece by piece until its end: refused as soon as it passes the limit, so
 * no more than the limit is ever held. Another error ends the text where it stopped (none read: it is thrown).
 */
function readToLimit(descriptor: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(1 << 16);
    let bytes: number;
    try {
      bytes = readSync(descriptor, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A pipe another process left non-blocking reads as EAGAIN until data comes: wait a moment and read again.
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 5);
        continue;
      }
      if (code === 'EOF' || chunks.length > 0) break;
      throw error;
    }
    if (bytes === 0) break;
    total += bytes;
    if (total > MAX_INPUT_FILE_BYTES) throw new InputFileError(OVER_LIMIT);
    chunks.push(buffer.subarray(0, bytes));
  }
  return Buffer.concat(chunks, total);
}

/**
 * Standard input, read synchronously when a command asks for it (undefined when it is a terminal or cannot be
 * read), held to the input file limit. `process.stdin` is never touched: creating it turns a pipe non-blocking,
 * and a large or slow pipe then reads as EAGAIN, not as data.
 */
export function readStandardInput(descriptor = 0): string | undefined {
  if (isatty(descriptor)) return undefined;
  try {
    return readToLimit(descriptor).toString('utf8');
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    return undefined;
  }
}

function openInput(path: string): number {
  try {
    return openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputFileError('there is no such file');
    if (code === 'EISDIR') throw new InputFileError('it is a folder, not a file');
    throw new InputFileError(`it could not be opened (${code ?? (error as Error).message})`);
  }
}

/** The first bytes of an open file; refused as binary when they hold a NUL. */
function refuseBinary(descriptor: number, size: number): void {
  const head = Buffer.alloc(Math.min(SNIFF_BYTES, size));
  const headLength = readSync(descriptor, head, 0, head.length, 0);
  const nul = head.subarray(0, headLength).indexOf(0);
  if (nul >= 0) throw new InputFileError(`it is a binary file (a NUL byte at byte ${nul}), not text; give a JSON file`);
}

export function readInputFile(path: string): string {
  const descriptor = openInput(path);
  try {
    const stat = fstatSync(descriptor);
    if (stat.isDirectory()) throw new InputFileError('it is a folder, not a file');
    if (stat.isFile() && stat.size === 0) throw new InputFileError('the file is empty (0 bytes)');
    if (stat.size > MAX_INPUT_FILE_BYTES)
      throw new InputFileError(
        `the file is ${megabytes(stat.size)}, over the ${MAX_INPUT_FILE_BYTES / (1024 * 1024)} MB limit for an input file; it was not read`,
      );
    if (stat.isFile()) refuseBinary(descriptor, stat.size);
    // A named pipe or a device has no size to measure first: it is read to the limit and stopped there.
    const bytes = stat.isFile() ? readFileSync(descriptor) : readToLimit(descriptor);
    if (bytes.length === 0) throw new InputFileError('the file is empty (0 bytes)');
    if (!stat.isFile()) {
      const nul = bytes.subarray(0, SNIFF_BYTES).indexOf(0);
      if (nul >= 0)
        throw new InputFileError(`it is a binary file (a NUL byte at byte ${nul}), not text; give a JSON file`);
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new InputFileError('it is not UTF-8 text; give a JSON file in UTF-8');
    }
  } finally {
    closeSync(descriptor);
  }
}

/**
 * A file read piece by piece (`validate --batch`, which holds one line at a time, so it has no size limit):
 * a missing, empty, binary file or a folder is refused before the first piece.
 */
export async function* readInputChunks(path: string): AsyncGenerator<Uint8Array, void, undefined> {
  const descriptor = openInput(path);
  try {
    const stat = fstatSync(descriptor);
    if (stat.isDirectory()) throw new InputFileError('it is a folder, not a file');
    if (stat.isFile() && stat.size === 0) throw new InputFileError('the file is empty (0 bytes)');
    if (stat.isFile()) refuseBinary(descriptor, stat.size);
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
  for await (const chunk of createReadStream('', { fd: descriptor })) yield chunk as Uint8Array;
}

/**
 * `validate --batch`'s input: a named file, or standard input ('-') given as its byte stream, as lines held to
 * MAX_LINE_CHARACTERS each.
 */
export const openInputLines = (
  source: string,
  stdin: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  maxLineCharacters = MAX_LINE_CHARACTERS,
): LineStream<string | OverlongLine> =>
  splitLines(decodeChunks(source === '-' ? stdin : readInputChunks(source)), { maxLineCharacters });
