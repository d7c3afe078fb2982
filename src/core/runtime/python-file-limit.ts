/**
 * The workspace's limit per file inside Pyodide's file system: a write or a truncate that would take a
 * file past MAX_FILE_BYTES fails with EFBIG before Emscripten grows the file, so a script writing without
 * end stops at the limit instead of filling the interpreter's memory.
 */
import { MAX_FILE_BYTES } from '../workspace/paths';

/** Emscripten's errno for "file too large" (its ERRNO_CODES.EFBIG). */
const EMSCRIPTEN_EFBIG = 22;

interface FileOps {
  stream: {
    write(
      stream: StreamLike,
      buffer: unknown,
      offset: number,
      length: number,
      position: number,
      canOwn?: boolean,
    ): number;
  };
  node: { setattr(node: NodeLike, attr: { size?: number }): void };
}

interface StreamLike {
  node: NodeLike;
}

interface NodeLike {
  name?: string;
}

/** The parts of Emscripten's FS this uses; absent in stand-ins for Pyodide. */
export interface EmscriptenInternals {
  ErrnoError?: new (errno: number) => Error;
  getPath?(node: NodeLike): string;
  filesystems?: { MEMFS?: { ops_table?: { file?: FileOps } } };
}

export interface FileLimitGuard {
  /** Enforce the limit (while a script runs) or not (while the workspace is copied in and out). */
  setActive(active: boolean): void;
  /** Paths refused since the last call, in order; clears the list. */
  drainRefused(): string[];
}

/** Install the limit once per interpreter; null when the file system offers no hook (a stand-in). */
export function limitFileSizes(fs: EmscriptenInternals, maxBytes = MAX_FILE_BYTES): FileLimitGuard | null {
  const ops = fs.filesystems?.MEMFS?.ops_table?.file;
  const ErrnoError = fs.ErrnoError;
  if (!ops || !ErrnoError) return null;
  const refused: string[] = [];
  let active = false;
  const refuse = (node: NodeLike): never => {
    refused.push(fs.getPath?.(node) ?? node.name ?? '');
    throw new ErrnoError(EMSCRIPTEN_EFBIG);
  };
  const write = ops.stream.write.bind(ops.stream);
  ops.stream.write = (stream, buffer, offset, length, position, canOwn) => {
    if (active && position + length > maxBytes) refuse(stream.node);
    return write(stream, buffer, offset, length, position, canOwn);
  };
  const setattr = ops.node.setattr.bind(ops.node);
  ops.node.setattr = (node, attr) => {
    if (active && attr.size !== undefined && attr.size > maxBytes) refuse(node);
    setattr(node, attr);
  };
  return {
    setActive(value) {
      active = value;
    },
    drainRefused: () => refused.splice(0),
  };
}
