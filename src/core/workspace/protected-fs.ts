/**
 * The workspace file system as every writer but git sees it: writes, appends, removes, moves, copies,
 * new links, mkdir, chmod and utimes that would change a protected path (`.git/` internals, secrets
 * files, keys — the policy `protectedReason` states) fail with EPERM, judged where the path really
 * is (links followed) and as written. A recursive remove or a move of a directory holding a protected
 * path is refused whole. A write or append that would take a file past MAX_FILE_BYTES fails with
 * EFBIG before it is made. Reads pass through. git works on the unguarded file system underneath.
 */
import type { IFileSystem } from 'just-bash';
import type { IndexedInMemoryFs } from './indexed-fs';
import { MAX_FILE_BYTES, fileTooLargeMessage, isInsideWorkspace, protectedReason } from './paths';
import { WORKSPACE_ROOT } from './types';

interface ProtectedRefusal {
  /** Workspace-relative path that was refused. */
  path: string;
  operation: string;
  reason: string;
}

export interface ProtectedFs {
  fs: IFileSystem;
  /** Refusals since the view was made, in order. */
  refusals: ProtectedRefusal[];
}

/** Which arguments of each changing operation are paths, and whether a link at the end is followed. */
const CHANGING: Record<string, { index: number; followLast: boolean; whole?: boolean }[]> = {
  writeFile: [{ index: 0, followLast: true }],
  writeFileSync: [{ index: 0, followLast: true }],
  appendFile: [{ index: 0, followLast: true }],
  mkdir: [{ index: 0, followLast: false }],
  mkdirSync: [{ index: 0, followLast: false }],
  rm: [{ index: 0, followLast: false, whole: true }],
  mv: [
    { index: 0, followLast: false, whole: true },
    { index: 1, followLast: false, whole: true },
  ],
  cp: [{ index: 1, followLast: false, whole: true }],
  symlink: [{ index: 1, followLast: false }],
  link: [{ index: 1, followLast: false }],
  chmod: [{ index: 0, followLast: true }],
  utimes: [{ index: 0, followLast: true }],
};

const OPERATION_NAMES: Record<string, string> = {
  writeFile: 'write',
  writeFileSync: 'write',
  appendFile: 'append',
  mkdirSync: 'mkdir',
};

const GROWING = new Set(['writeFile', 'writeFileSync', 'appendFile']);

/** The UTF-8 size of what a write adds, exact whenever it could pass `room`. */
function addedBytes(content: unknown, room: number): number {
  if (content instanceof Uint8Array) return content.length;
  if (typeof content !== 'string') return 0;
  // UTF-8 takes at most 3 bytes per UTF-16 unit: a string that fits so is not encoded to be measured.
  if (content.length * 3 <= room) return content.length;
  return new TextEncoder().encode(content).length;
}

const relativeOf = (absolute: string): string =>
  absolute === WORKSPACE_ROOT ? '.' : absolute.slice(WORKSPACE_ROOT.length + 1);

export function createProtectedFs(underlying: IndexedInMemoryFs): ProtectedFs {
  const refusals: ProtectedRefusal[] = [];

  /** Why changing `path` (and, for `whole`, anything below it) is refused; null when it may change. */
  const objection = (
    path: string,
    followLast: boolean,
    whole: boolean,
  ): { relative: string; reason: string } | null => {
    const typed = underlying.resolvePath('/', path);
    let physical = typed;
    try {
      physical = underlying.physicalPath(path, followLast);
    } catch {
      /* a link loop: the operation itself will fail with ELOOP */
    }
    for (const absolute of new Set([typed, physical])) {
      if (!isInsideWorkspace(absolute) || absolute === WORKSPACE_ROOT) continue;
      const reason = protectedReason(relativeOf(absolute));
      if (reason) return { relative: relativeOf(absolute), reason };
    }
    if (whole && isInsideWorkspace(physical)) {
      const prefix = physical === WORKSPACE_ROOT ? `${WORKSPACE_ROOT}/` : `${physical}/`;
      for (const below of underlying.getAllPaths()) {
        if (!below.startsWith(prefix)) continue;
        const reason = protectedReason(relativeOf(below));
        if (reason) return { relative: relativeOf(below), reason: `it holds '${relativeOf(below)}': ${reason}` };
      }
    }
    return null;
  };

  /** `method` (the file system's `name`) with the protected paths and the file-size limit checked before it runs. */
  const guard = (name: string, method: (...args: unknown[]) => unknown) => {
    const checks = CHANGING[name]!;
    const operation = OPERATION_NAMES[name] ?? name.replace(/Sync$/, '');
    const sync = name.endsWith('Sync');
    const fail = (error: Error) => {
      if (sync) throw error;
      return Promise.reject(error);
    };
    return (...args: unknown[]) => {
      for (const check of checks) {
        const path = args[check.index];
        if (typeof path !== 'string') continue;
        const found = objection(path, check.followLast, check.whole === true);
        if (!found) continue;
        refusals.push({ path: found.relative, operation, reason: found.reason });
        return fail(new Error(`EPERM: operation not permitted (${found.reason}), ${operation} '${path}'`));
      }
      if (!GROWING.has(name)) return method.apply(underlying, args);
      const refuse = (size: number) => fail(new Error(fileTooLargeMessage(operation, String(args[0]), size)));
      if (name !== 'appendFile') {
        const size = addedBytes(args[1], MAX_FILE_BYTES);
        return size > MAX_FILE_BYTES ? refuse(size) : method.apply(underlying, args);
      }
      return underlying
        .stat(String(args[0]))
        .then(
          (stat) => stat.size,
          () => 0,
        )
        .then((existing) => {
          const size = existing + addedBytes(args[1], MAX_FILE_BYTES - existing);
          return size > MAX_FILE_BYTES ? refuse(size) : method.apply(underlying, args);
        });
    };
  };

  // Every method of the file system as a property of the view's own, made once when the view is: the
  // shell reads some twenty file-system methods afresh for every command it runs, and a Proxy trap in
  // their place (binding, or a closure per read for the changing ones) costs 11 ms of a 1,000-iteration
  // loop's 380 in a CPU profile. Other properties are the file system's, reached through the prototype.
  const fs = Object.create(underlying) as IFileSystem;
  const view = fs as unknown as Record<string, unknown>;
  for (
    let level: object | null = underlying;
    level && level !== Object.prototype;
    level = Object.getPrototypeOf(level)
  ) {
    for (const name of Object.getOwnPropertyNames(level)) {
      const descriptor = Object.getOwnPropertyDescriptor(level, name);
      if (name === 'constructor' || Object.hasOwn(view, name) || typeof descriptor?.value !== 'function') continue;
      const method = descriptor.value as (...args: unknown[]) => unknown;
      view[name] = name in CHANGING ? guard(name, method) : method.bind(underlying);
    }
  }

  return { fs, refusals };
}
