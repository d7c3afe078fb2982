/**
 * When the runtime worker is to be restarted after a call to give its memory back: the call ran out of memory, or
 * left an interpreter's heap larger than the page should keep. A WebAssembly heap grows and never shrinks, so
 * only ending the worker returns what a memory-hungry script took.
 */
import type { ToolResult } from '../../core/runtime/types';

/**
 * Past this, the heap is given back after the call. Measured with Pyodide in Node: 30 MB once loaded, 126 MB after a
 * script made and dropped a 100 MB string (and it stays there). A quarter of a gigabyte leaves room for real work.
 */
export const RUNTIME_HEAP_LIMIT_BYTES = 256 * 1024 * 1024;

/** What an interpreter says when an allocation fails: Python's last traceback line, V8's and QuickJS's errors. */
const OUT_OF_MEMORY =
  /^MemoryError\b|\bout of memory\b|RangeError: (?:Array buffer allocation failed|Invalid (?:typed )?array length|Invalid string length)|Cannot enlarge memory/im;

const megabytes = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`;

/** Text where a failed allocation is reported: the error, and a command's stderr (never its stdout, which is data). */
function errorTexts(result: ToolResult): string[] {
  const texts = [result.error ?? ''];
  const data = result.data as { kind?: string; stderr?: unknown } | undefined;
  if (data && typeof data.stderr === 'string') texts.push(data.stderr.slice(-4_096));
  return texts;
}

/** Why the runtime should be restarted after this call, or null when it need not be. */
export function memoryRestartReason(result: ToolResult, heapBytes: number | null | undefined): string | null {
  if (errorTexts(result).some((text) => OUT_OF_MEMORY.test(text))) {
    return heapBytes ? `it ran out of memory, with Python's heap at ${megabytes(heapBytes)}` : 'it ran out of memory';
  }
  if (heapBytes !== null && heapBytes !== undefined && heapBytes > RUNTIME_HEAP_LIMIT_BYTES)
    return `Python's heap grew to ${megabytes(heapBytes)}`;
  return null;
}

/** The sentence a result gets when the runtime was restarted after it. */
export function memoryRestartNote(reason: string): string {
  return `The runtime was restarted to give its memory back (${reason}); the workspace was saved first.`;
}

/** A call's result with the note that the runtime restarts after it to give its memory back. */
export function withMemoryRestartNote(result: ToolResult, reason: string): ToolResult {
  const note = memoryRestartNote(reason);
  return {
    ...result,
    message: `${result.message} ${note}`.trim(),
    ...(result.error !== undefined ? { error: `${result.error} ${note}` } : {}),
  };
}
