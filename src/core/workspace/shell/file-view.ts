/**
 * A synchronous view of the workspace for the `node` command's `fs` module. QuickJS (sync build)
 * cannot await the workspace's async file system, so the workspace (without `.git`) is read into
 * memory before a program runs; the program's writes update the view at once and are applied to the
 * workspace, in order, when it ends (also after an error or a timeout, as on a real disk).
 */
import type { IFileSystem } from 'just-bash';
import { MAX_FILE_BYTES, fileTooLargeMessage } from '../paths';
import { WORKSPACE_ROOT } from '../types';

interface FileEntry {
  type: 'file';
  bytes: Uint8Array;
  mtime: Date;
}

interface DirectoryEntry {
  type: 'directory';
  mtime: Date;
}

type Entry = FileEntry | DirectoryEntry;

type PendingOperation =
  | { kind: 'write'; path: string; bytes: Uint8Array }
  | { kind: 'mkdir'; path: string }
  | { kind: 'remove'; path: string }
  | { kind: 'rename'; from: string; to: string };

/** A write past the workspace's per-file limit (Node's EFBIG). */
class FileTooLargeError extends Error {
  readonly code = 'EFBIG';
  constructor(message: string) {
    super(message);
    this.name = 'Error';
  }
}

export interface ViewStat {
  type: 'file' | 'directory';
  size: number;
  mtimeMs: number;
}

/** An error with Node's `code` (ENOENT, EACCES, …) and Node's message shape. */
class FileViewError extends Error {
  constructor(
    readonly code: 'ENOENT' | 'EACCES' | 'EISDIR' | 'ENOTDIR' | 'EEXIST' | 'ENOTEMPTY',
    description: string,
    syscall: string,
    userPath: string,
  ) {
    super(`${code}: ${description}, ${syscall} '${userPath}'`);
    this.name = 'Error';
  }
}

/** POSIX normalisation of an absolute path: `.`/`..` resolved, duplicate slashes removed. */
function normalizeAbsolute(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

export function resolveFrom(cwd: string, path: string): string {
  return normalizeAbsolute(path.startsWith('/') ? path : `${cwd}/${path}`);
}

export function isInWorkspace(absolute: string): boolean {
  return absolute === WORKSPACE_ROOT || absolute.startsWith(`${WORKSPACE_ROOT}/`);
}

function parentOf(absolute: string): string {
  const slash = absolute.lastIndexOf('/');
  return slash <= 0 ? '/' : absolute.slice(0, slash);
}

export class WorkspaceFileView {
  private readonly entries = new Map<string, Entry>();
  private readonly pending: PendingOperation[] = [];

  private constructor(readonly cwd: string) {}

  /** Read the workspace (every file except under `.git/`) into memory. */
  static async load(fs: IFileSystem, cwd: string): Promise<WorkspaceFileView> {
    const view = new WorkspaceFileView(cwd);
    const now = new Date();
    view.entries.set(WORKSPACE_ROOT, { type: 'directory', mtime: now });
    const reads: Promise<void>[] = [];
    const walk = async (directory: string): Promise<void> => {
      const children = fs.readdirWithFileTypes
        ? await fs.readdirWithFileTypes(directory)
        : await Promise.all(
            (await fs.readdir(directory)).map(async (name) => {
              const stat = await fs.lstat(`${directory}/${name}`);
              return { name, isDirectory: stat.isDirectory, isFile: stat.isFile };
            }),
          );
      const subdirectories: Promise<void>[] = [];
      for (const child of children) {
        if (child.name === '.git') continue;
        const absolute = `${directory}/${child.name}`;
        if (child.isDirectory) {
          view.entries.set(absolute, { type: 'directory', mtime: now });
          subdirectories.push(walk(absolute));
        } else if (child.isFile) {
          reads.push(
            fs.readFileBuffer(absolute).then(
              (bytes) => {
                view.entries.set(absolute, { type: 'file', bytes: new Uint8Array(bytes), mtime: now });
              },
              () => undefined,
            ),
          );
        }
      }
      await Promise.all(subdirectories);
    };
    await walk(WORKSPACE_ROOT);
    await Promise.all(reads);
    return view;
  }

  /** The absolute path of `userPath`, refused when it leaves the workspace. */
  resolve(userPath: string, syscall: string): string {
    const absolute = resolveFrom(this.cwd, userPath);
    if (!isInWorkspace(absolute))
      throw new FileViewError('EACCES', 'permission denied (outside the workspace)', syscall, userPath);
    return absolute;
  }

  private entry(userPath: string, syscall: string): { absolute: string; entry: Entry } {
    const absolute = this.resolve(userPath, syscall);
    const entry = this.entries.get(absolute);
    if (!entry) throw new FileViewError('ENOENT', 'no such file or directory', syscall, userPath);
    return { absolute, entry };
  }

  private requireParentDirectory(absolute: string, userPath: string, syscall: string): void {
    const parent = this.entries.get(parentOf(absolute));
    if (!parent) throw new FileViewError('ENOENT', 'no such file or directory', syscall, userPath);
    if (parent.type !== 'directory') throw new FileViewError('ENOTDIR', 'not a directory', syscall, userPath);
  }

  exists(userPath: string): boolean {
    const absolute = resolveFrom(this.cwd, userPath);
    return isInWorkspace(absolute) && this.entries.has(absolute);
  }

  readFile(userPath: string): Uint8Array {
    const { entry } = this.entry(userPath, 'open');
    if (entry.type === 'directory')
      throw new FileViewError('EISDIR', 'illegal operation on a directory', 'read', userPath);
    return entry.bytes;
  }

  writeFile(userPath: string, bytes: Uint8Array, append: boolean): void {
    const absolute = this.resolve(userPath, 'open');
    const existing = this.entries.get(absolute);
    if (existing?.type === 'directory')
      throw new FileViewError('EISDIR', 'illegal operation on a directory', 'open', userPath);
    this.requireParentDirectory(absolute, userPath, 'open');
    let content = bytes;
    const size = bytes.length + (append && existing?.type === 'file' ? existing.bytes.length : 0);
    // Checked before the bytes are joined, so a program appending without end stops at the limit.
    if (size > MAX_FILE_BYTES) throw new FileTooLargeError(fileTooLargeMessage('open', userPath, size));
    if (append && existing?.type === 'file') {
      content = new Uint8Array(existing.bytes.length + bytes.length);
      content.set(existing.bytes);
      content.set(bytes, existing.bytes.length);
    }
    this.entries.set(absolute, { type: 'file', bytes: content, mtime: new Date() });
    // Consecutive writes of one file are one write of its last content: an append loop keeps one copy.
    const last = this.pending[this.pending.length - 1];
    if (last?.kind === 'write' && last.path === absolute) last.bytes = content;
    else this.pending.push({ kind: 'write', path: absolute, bytes: content });
  }

  stat(userPath: string): ViewStat {
    const { entry } = this.entry(userPath, 'stat');
    return {
      type: entry.type,
      size: entry.type === 'file' ? entry.bytes.length : 4096,
      mtimeMs: entry.mtime.getTime(),
    };
  }

  readdir(userPath: string): string[] {
    const { absolute, entry } = this.entry(userPath, 'scandir');
    if (entry.type !== 'directory') throw new FileViewError('ENOTDIR', 'not a directory', 'scandir', userPath);
    const prefix = absolute === '/' ? '/' : `${absolute}/`;
    const names: string[] = [];
    for (const path of this.entries.keys()) {
      if (path.startsWith(prefix) && !path.slice(prefix.length).includes('/')) names.push(path.slice(prefix.length));
    }
    return names.sort();
  }

  mkdir(userPath: string, recursive: boolean): void {
    const absolute = this.resolve(userPath, 'mkdir');
    const existing = this.entries.get(absolute);
    if (existing) {
      if (recursive && existing.type === 'directory') return;
      throw new FileViewError('EEXIST', 'file already exists', 'mkdir', userPath);
    }
    if (recursive) {
      const missing: string[] = [];
      for (let current = absolute; !this.entries.has(current); current = parentOf(current)) missing.unshift(current);
      for (const directory of missing) {
        const parent = this.entries.get(parentOf(directory));
        if (parent?.type === 'file') throw new FileViewError('ENOTDIR', 'not a directory', 'mkdir', userPath);
        this.entries.set(directory, { type: 'directory', mtime: new Date() });
      }
    } else {
      this.requireParentDirectory(absolute, userPath, 'mkdir');
      this.entries.set(absolute, { type: 'directory', mtime: new Date() });
    }
    this.pending.push({ kind: 'mkdir', path: absolute });
  }

  /** unlinkSync (files), rmdirSync (empty directories) and rmSync (`recursive`, `force`). */
  remove(
    userPath: string,
    options: { directories: boolean; recursive: boolean; force: boolean; syscall: string },
  ): void {
    const absolute = this.resolve(userPath, options.syscall);
    const entry = this.entries.get(absolute);
    if (!entry) {
      if (options.force) return;
      throw new FileViewError('ENOENT', 'no such file or directory', options.syscall, userPath);
    }
    if (absolute === WORKSPACE_ROOT)
      throw new FileViewError('EACCES', 'permission denied (the workspace root)', options.syscall, userPath);
    if (entry.type === 'directory') {
      if (!options.directories)
        throw new FileViewError('EISDIR', 'illegal operation on a directory', options.syscall, userPath);
      const children = [...this.entries.keys()].filter((path) => path.startsWith(`${absolute}/`));
      if (children.length > 0 && !options.recursive)
        throw new FileViewError('ENOTEMPTY', 'directory not empty', options.syscall, userPath);
      for (const child of children) this.entries.delete(child);
    }
    this.entries.delete(absolute);
    this.pending.push({ kind: 'remove', path: absolute });
  }

  rename(fromPath: string, toPath: string): void {
    const { absolute: from, entry } = this.entry(fromPath, 'rename');
    const to = this.resolve(toPath, 'rename');
    this.requireParentDirectory(to, toPath, 'rename');
    const moved = [...this.entries.entries()].filter(([path]) => path === from || path.startsWith(`${from}/`));
    for (const [path] of moved) this.entries.delete(path);
    for (const [path, value] of moved) this.entries.set(to + path.slice(from.length), value);
    if (entry.type === 'file') this.entries.set(to, entry);
    this.pending.push({ kind: 'rename', from, to });
  }

  /** Apply the program's changes to the workspace, in the order it made them. */
  async flush(fs: IFileSystem): Promise<void> {
    const operations = this.pending.splice(0);
    for (const operation of operations) {
      switch (operation.kind) {
        case 'write':
          await fs.writeFile(operation.path, operation.bytes);
          break;
        case 'mkdir':
          await fs.mkdir(operation.path, { recursive: true });
          break;
        case 'remove':
          await fs.rm(operation.path, { recursive: true, force: true });
          break;
        case 'rename':
          await fs.mv(operation.from, operation.to);
          break;
      }
    }
  }

  hasPendingChanges(): boolean {
    return this.pending.length > 0;
  }
}
