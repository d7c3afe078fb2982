/**
 * The promise-style, Node-like file system isomorphic-git expects, over the workspace's InMemoryFs.
 * just-bash errors carry their code only in the message ("ENOENT: no such file…"), so it is copied onto `code`.
 */
import './buffer-polyfill';
import { Buffer } from 'buffer';
import type { FsStat, IFileSystem } from 'just-bash';

export interface NodeLikeError extends Error {
  code: string;
  path?: string;
}

interface GitStats {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  size: number;
  mode: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  uid: number;
  gid: number;
  dev: number;
}

interface GitPromiseFs {
  readFile(path: string, options?: { encoding?: string } | string): Promise<Uint8Array | string>;
  writeFile(
    path: string,
    data: Uint8Array | string,
    options?: { encoding?: string; mode?: number } | string,
  ): Promise<void>;
  unlink(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
  mkdir(path: string, options?: { recursive?: boolean } | number): Promise<void>;
  rmdir(path: string): Promise<void>;
  stat(path: string): Promise<GitStats>;
  lstat(path: string): Promise<GitStats>;
  readlink(path: string): Promise<string>;
  symlink(target: string, path: string): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
}

/** What `git.*({ fs })` accepts: an object whose enumerable `promises` holds the functions. */
export interface GitFsClient {
  promises: GitPromiseFs;
}

const KNOWN_CODES = [
  'ENOENT',
  'EEXIST',
  'ENOTDIR',
  'ENOTEMPTY',
  'EISDIR',
  'EACCES',
  'EPERM',
  'EINVAL',
  'ELOOP',
  'EBADF',
];

/** Turn a just-bash error (code only in the message) into a Node-like one with `code`. */
export function toNodeError(error: unknown, path: string): NodeLikeError {
  const message = error instanceof Error ? error.message : String(error);
  const existing = (error as { code?: unknown } | null)?.code;
  let code = typeof existing === 'string' ? existing : undefined;
  if (!code) {
    const match = /^([A-Z]+):/.exec(message);
    code = match && KNOWN_CODES.includes(match[1]!) ? match[1]! : /no such file/i.test(message) ? 'ENOENT' : 'EIO';
  }
  return lightError(message, code, path);
}

/**
 * An Error without a captured stack: isomorphic-git probes many missing paths (ignore files,
 * refs) and only reads `code`, so stack capture would be most of the cost of a status.
 */
function lightError(message: string, code: string, path: string): NodeLikeError {
  const error = Object.create(Error.prototype) as NodeLikeError;
  Object.assign(error, { name: 'Error', message, code, path });
  return error;
}

function makeError(code: string, message: string, path: string): NodeLikeError {
  return lightError(`${code}: ${message}, '${path}'`, code, path);
}

const identityNumbers = new Map<string, number>();

function inodeOf(stat: FsStat, path: string): number {
  if (typeof stat.ino === 'number') return stat.ino;
  if (typeof stat.ino === 'bigint') return Number(stat.ino % 4294967296n);
  const key = stat.identity ?? path;
  let number = identityNumbers.get(key);
  if (number === undefined) {
    const match = /(\d+)$/.exec(key);
    number = match ? Number(match[1]) : identityNumbers.size + 1;
    identityNumbers.set(key, number);
  }
  return number;
}

function toGitStats(stat: FsStat, path: string): GitStats {
  const typeBits = stat.isSymbolicLink ? 0o120000 : stat.isDirectory ? 0o040000 : 0o100000;
  const mtimeMs = stat.mtime.getTime();
  const ino = inodeOf(stat, path);
  return {
    isFile: () => stat.isFile,
    isDirectory: () => stat.isDirectory,
    isSymbolicLink: () => stat.isSymbolicLink,
    size: stat.size,
    mode: typeBits | (stat.mode & 0o7777),
    mtimeMs,
    ctimeMs: mtimeMs,
    ino,
    uid: 1000,
    gid: 1000,
    dev: 1,
  };
}

function wantsText(options: { encoding?: string } | string | undefined): boolean {
  const encoding = typeof options === 'string' ? options : options?.encoding;
  return encoding === 'utf8' || encoding === 'utf-8';
}

/** Build the adapter isomorphic-git calls as `fs`. */
export function createGitFs(fs: IFileSystem): GitFsClient {
  const promises: GitPromiseFs = {
    async readFile(path, options) {
      try {
        if (wantsText(options)) return await fs.readFile(path, 'utf8');
        const bytes = await fs.readFileBuffer(path);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async writeFile(path, data, options) {
      try {
        if (typeof data === 'string')
          await fs.writeFile(path, data, wantsText(options) || !options ? 'utf8' : undefined);
        // Copy: the caller may reuse its buffer, and the file system keeps what it is given.
        else await fs.writeFile(path, new Uint8Array(data));
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async unlink(path) {
      let stat: FsStat;
      try {
        stat = await fs.lstat(path);
      } catch (error) {
        throw toNodeError(error, path);
      }
      if (stat.isDirectory) throw makeError('EISDIR', 'illegal operation on a directory, unlink', path);
      try {
        await fs.rm(path);
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async readdir(path) {
      try {
        return await fs.readdir(path);
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async mkdir(path, options) {
      const recursive = typeof options === 'object' && options !== null && options.recursive === true;
      try {
        await fs.mkdir(path, { recursive });
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async rmdir(path) {
      let stat: FsStat;
      try {
        stat = await fs.lstat(path);
      } catch (error) {
        throw toNodeError(error, path);
      }
      if (!stat.isDirectory) throw makeError('ENOTDIR', 'not a directory, rmdir', path);
      try {
        await fs.rm(path);
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async stat(path) {
      try {
        return toGitStats(await fs.stat(path), path);
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async lstat(path) {
      try {
        return toGitStats(await fs.lstat(path), path);
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async readlink(path) {
      try {
        return await fs.readlink(path);
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async symlink(target, path) {
      try {
        await fs.symlink(target, path);
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
    async chmod(path, mode) {
      try {
        await fs.chmod(path, mode & 0o7777);
      } catch (error) {
        throw toNodeError(error, path);
      }
    },
  };
  return { promises };
}
