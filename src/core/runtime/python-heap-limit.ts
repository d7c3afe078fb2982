/**
 * Python's heap capped before a script runs: the interpreter's WebAssembly memory is refused any growth past the
 * limit. Emscripten's allocator then gets no memory, and Python raises MemoryError in the script, which the script
 * may catch; the worker is never pushed to gigabytes first. Measured with Pyodide in Node: `bytearray(400 MB)`
 * under a 256 MB cap raised MemoryError at once, the heap stayed at its 30 MB, and the next script ran.
 */

/** The most Python's heap may grow to, in bytes. */
export const PYTHON_HEAP_LIMIT_BYTES = 512 * 1024 * 1024;

const WASM_PAGE_BYTES = 64 * 1024;

export interface HeapLimit {
  readonly limitBytes: number;
  /** How many growths past the limit were refused since the last call, and starts counting again. */
  drainRefused(): number;
}

interface Watched {
  /** Whether `memory` is this interpreter's (its current buffer is the module's heap). */
  owns(memory: WebAssembly.Memory): boolean;
  limitBytes: number;
  refused: number;
}

const watched: Watched[] = [];
let installed = false;

/** Wraps WebAssembly.Memory's grow once for the whole thread; memories of no watched interpreter grow as before. */
function install(): void {
  if (installed) return;
  installed = true;
  const grow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = function limitedGrow(this: WebAssembly.Memory, delta: number): number {
    const entry = watched.find((candidate) => candidate.owns(this));
    if (entry && this.buffer.byteLength + delta * WASM_PAGE_BYTES > entry.limitBytes) {
      entry.refused += 1;
      throw new RangeError(`Python's heap may not grow past ${entry.limitBytes} bytes`);
    }
    return grow.call(this, delta);
  };
}

/** Caps the heap of the interpreter whose Emscripten module is `module`. */
export function limitHeap(
  module: { HEAP8?: { buffer: ArrayBufferLike } } | undefined,
  limitBytes = PYTHON_HEAP_LIMIT_BYTES,
): HeapLimit {
  install();
  const entry: Watched = {
    owns: (memory) => module?.HEAP8 !== undefined && memory.buffer === module.HEAP8.buffer,
    limitBytes,
    refused: 0,
  };
  watched.push(entry);
  return {
    limitBytes,
    drainRefused() {
      const count = entry.refused;
      entry.refused = 0;
      return count;
    },
  };
}
