/**
 * The in-memory workspace: one just-bash InMemoryFs holding `/workspace`, shared by the shell,
 * isomorphic-git and every tool.
 */
import './buffer-polyfill';
import { Bash, type FsStat } from 'just-bash';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { createGitFs, type GitFsClient } from './git-fs';
import { IndexedInMemoryFs } from './indexed-fs';
import { checkReadSize, displayPath, isInsideWorkspace, normalizeWorkspacePath, pathError, protectedReason } from './paths';
import { createShellCommands } from './shell/commands';
import { createAllowList } from './shell/allow-list';
import { createProtectedFs } from './protected-fs';
import {
  WORKSPACE_ROOT,
  type PathError,
  type PathOptions,
  type ResolvedPath,
  type ShellOptions,
  type ShellRun,
  type Workspace,
  type WorkspaceSnapshot,
  isTimeoutAbort,
} from './types';

/** Loop and command caps high enough that the wall-clock limit is what stops a runaway script. */
const SHELL_ITERATION_CAP = 50_000_000;
const SHELL_OUTPUT_CAP = 16 * 1024 * 1024;
const DEFAULT_SHELL_TIMEOUT_MS = 30_000;
/** How long past the call's time limit the shell's own deadline may take to end the command. */
export const SHELL_TIMEOUT_GRACE_MS = 150;

export interface WorkspaceStat {
  type: 'file' | 'directory' | 'symlink';
  size: number;
  mtime: Date;
}

export interface ZipOptions {
  /** Include `.git/` (default true, so an imported zip keeps its history). */
  includeGit?: boolean;
}

export type FromZipResult = { ok: true; files: number } | { ok: false; message: string };

/** Unix mode 0120777 (a symbolic link) in the high half of a zip entry's external attributes. */
const SYMLINK_ATTRIBUTES = 0o120777 << 16;
/** An import holds at most this many entries and inflates to at most this many bytes. */
export const MAX_ZIP_ENTRIES = 10_000;
export const MAX_ZIP_TOTAL_BYTES = 200 * 1024 * 1024;

interface ZipListingEntry {
  name: string;
  symlink: boolean;
  size: number;
}

/**
 * The zip's central directory: names, declared sizes and which entries are symbolic links (fflate's
 * unzip does not report external attributes). Checks the limits before anything is inflated.
 */
export function readZipListing(bytes: Uint8Array): { ok: true; entries: ZipListingEntry[] } | { ok: false; message: string } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 65_535); offset -= 1) {
    if (view.getUint32(offset, true) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end === -1) return { ok: false, message: 'not a readable zip archive: no central directory' };
  const count = view.getUint16(end + 10, true);
  if (count > MAX_ZIP_ENTRIES) return { ok: false, message: `the archive has ${count} entries, over the limit of ${MAX_ZIP_ENTRIES}; nothing was imported` };
  const entries: ZipListingEntry[] = [];
  let declared = 0;
  let offset = view.getUint32(end + 16, true);
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return { ok: false, message: 'not a readable zip archive: damaged central directory' };
    const madeBy = view.getUint8(offset + 5);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const attributes = view.getUint32(offset + 38, true);
    const name = strFromU8(bytes.subarray(offset + 46, offset + 46 + nameLength));
    const symlink = madeBy === 3 && ((attributes >>> 16) & 0o170000) === 0o120000;
    entries.push({ name, symlink, size });
    declared += size;
    if (declared > MAX_ZIP_TOTAL_BYTES) return { ok: false, message: `the archive declares more than ${MAX_ZIP_TOTAL_BYTES / (1024 * 1024)} MB of content; nothing was imported` };
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries };
}

function toRelative(absolute: string): string {
  return absolute === WORKSPACE_ROOT ? '.' : absolute.slice(WORKSPACE_ROOT.length + 1);
}

/** A workspace-relative path (as resolvePath returns it) to its absolute form. */
export function toAbsolute(relative: string): string {
  if (relative === '.' || relative === '') return WORKSPACE_ROOT;
  return `${WORKSPACE_ROOT}/${relative.replace(/^\.?\/+/, '')}`;
}

export class WorkspaceImpl implements Workspace {
  readonly fs: IndexedInMemoryFs;
  readonly root = WORKSPACE_ROOT;
  /** isomorphic-git's adapter over `fs`, and its parse cache (reset when the content is replaced). */
  readonly gitFs: GitFsClient;
  gitCache: object = {};

  constructor() {
    this.fs = new IndexedInMemoryFs();
    this.fs.mkdirSync(WORKSPACE_ROOT, { recursive: true });
    this.fs.pin(WORKSPACE_ROOT, 'the workspace root cannot be removed or moved');
    this.gitFs = createGitFs(this.fs);
  }

  async resolvePath(userPath: string, options: PathOptions): Promise<ResolvedPath> {
    const parameter = options.parameter;
    if (typeof userPath !== 'string') {
      return { ok: false, error: { code: 'path_outside_workspace', message: `Parameter '${parameter}': path must be a string` } };
    }
    const normalized = normalizeWorkspacePath(userPath);
    if (!normalized.ok) return { ok: false, error: pathError(userPath.trim() === '' ? 'invalid_value' : 'path_outside_workspace', parameter, userPath, normalized.reason) };
    if (options.forWrite) {
      const reason = protectedReason(normalized.relative);
      if (reason) return { ok: false, error: pathError('protected_path', parameter, userPath, reason) };
    }

    // Where the path really is. A link made in the shell must not lead a tool out of the workspace,
    // nor around the protection of .git and secrets. (With `linkItself` the link is the subject:
    // removing or moving it touches nothing where it points.)
    let physical: string;
    try {
      physical = this.fs.physicalPath(normalized.absolute, !options.linkItself);
    } catch {
      return { ok: false, error: pathError('path_not_found', parameter, userPath, 'too many levels of symbolic links') };
    }
    if (!isInsideWorkspace(physical)) {
      return { ok: false, error: pathError('path_outside_workspace', parameter, userPath, 'path leads outside the workspace through a symbolic link') };
    }
    if (options.forWrite && physical !== normalized.absolute) {
      const reason = protectedReason(toRelative(physical));
      if (reason) {
        return { ok: false, error: pathError('protected_path', parameter, userPath, `path leads through a symbolic link to '${toRelative(physical)}', which is protected (${reason})`) };
      }
    }
    const relative = toRelative(physical);
    if (options.forWrite && relative === '.') {
      return { ok: false, error: pathError('protected_path', parameter, userPath, 'the workspace root itself cannot be written, moved or deleted') };
    }
    if (options.mustExist) {
      const present = options.linkItself ? await this.fs.lstat(physical).then(() => true, () => false) : await this.fs.exists(physical);
      if (!present) return { ok: false, error: pathError('path_not_found', parameter, userPath, 'no such file or directory in the workspace') };
    }
    return { ok: true, absolute: physical, relative, requested: normalized.relative };
  }

  /** Refuse a read above the size limit; null when fine. */
  checkReadSize(bytes: number, parameter = 'path', userPath = ''): PathError | null {
    return checkReadSize(bytes, parameter, userPath);
  }

  async runShell(command: string, options: ShellOptions): Promise<ShellRun> {
    const timeoutMs = Number.isFinite(options.timeoutMs) && options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_SHELL_TIMEOUT_MS;
    const cwd = normalizeWorkspacePath(options.cwd || WORKSPACE_ROOT);
    if (!cwd.ok) return { stdout: '', stderr: `working directory is outside the workspace: ${options.cwd}\n`, exitCode: 1, timedOut: false };
    if (!(await this.isDirectory(cwd.relative))) {
      return { stdout: '', stderr: `working directory does not exist: ${cwd.relative}\n`, exitCode: 1, timedOut: false };
    }
    if (options.signal?.aborted) return { stdout: '', stderr: 'cancelled before start\n', exitCode: 130, timedOut: false };

    const started = Date.now();
    // Every writer in the shell (redirections, cp, mv, sed -i, node's fs) goes through the protected
    // view; only `git`, which works on the workspace itself, may change `.git/`.
    const guarded = createProtectedFs(this.fs);
    const workspaceCommands = createShellCommands(guarded.fs, { deadline: started + timeoutMs, signal: options.signal, runtimes: options.runtimes, workspace: this });
    const allowList = options.allowedPrograms ? createAllowList(options.allowedPrograms, workspaceCommands) : null;
    const bash = new Bash({
      fs: guarded.fs,
      // node, npm, python and the "not available" toolchains (see ./shell); with an allow-list, only its programs.
      ...(allowList ? { commands: allowList.builtins, customCommands: allowList.commands } : { customCommands: workspaceCommands }),
      cwd: cwd.absolute,
      env: { HOME: WORKSPACE_ROOT, USER: 'playground', LANG: 'C.UTF-8', TERM: 'dumb', ...(options.env ?? {}) },
      executionLimits: {
        maxExecutionTimeMs: timeoutMs,
        maxLoopIterations: SHELL_ITERATION_CAP,
        maxCommandCount: SHELL_ITERATION_CAP,
        maxWorkUnits: SHELL_ITERATION_CAP,
        maxOutputSize: SHELL_OUTPUT_CAP,
      },
    });
    this.fs.drainRefusals();
    // The shell gets its own signal: a person's cancel stops it at once, but at the call's time limit its
    // own deadline (the same moment) gets a moment to end it, so files it wrote are settled and the exit
    // is the shell's 124.
    const shellAbort = new AbortController();
    // just-bash drops what a top-level script printed when a limit stops it, but a brace group hands
    // its output on with the error: run inside one, so a timed-out command keeps what it had printed.
    // (The newline before `}` ends a trailing comment or here-document; line numbers do not move.)
    const script = command.trim() === '' ? command : `{ ${command}\n}`;
    const execution: Promise<ShellRun> = bash.exec(script, { cwd: cwd.absolute, signal: shellAbort.signal }).then(
      async (result) => {
        const elapsed = Date.now() - started;
        const timedOut =
          (result.exitCode === 124 && /execution deadline/i.test(result.stderr) && elapsed >= timeoutMs * 0.9) ||
          (isTimeoutAbort(options.signal) && shellAbort.signal.aborted);
        const stderr = timedOut && shellAbort.signal.aborted
          ? result.stderr.replace(/bash: execution aborted\n?$/, `bash: stopped at the time limit (${Math.round(timeoutMs / 100) / 10} s)\n`)
          : result.stderr;
        return {
          stdout: result.stdout,
          stderr: stderr + (await this.keepRoot()),
          exitCode: timedOut ? 124 : result.exitCode,
          timedOut,
          ...(allowList && allowList.refused.length > 0 ? { refusedPrograms: [...allowList.refused] } : {}),
          ...(guarded.refusals.length > 0 ? { protectedRefusals: [...guarded.refusals] } : {}),
        };
      },
      async (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        return { stdout: '', stderr: `${message}\n${await this.keepRoot()}`, exitCode: 2, timedOut: false };
      },
    );
    const signal = options.signal;
    if (!signal) return execution;
    // Answer the caller promptly when the signal fires, whatever the command is doing; the abandoned run
    // still ends by maxExecutionTimeMs. (A busy loop starves the event loop, so only that deadline stops it.)
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<ShellRun>((resolve) => {
      onAbort = () => {
        if (!isTimeoutAbort(signal)) {
          shellAbort.abort(signal.reason);
          resolve({ stdout: '', stderr: 'cancelled\n', exitCode: 130, timedOut: false });
          return;
        }
        setTimeout(() => {
          shellAbort.abort(signal.reason);
          const seconds = Math.round(timeoutMs / 100) / 10;
          const stoppedHere: ShellRun = { stdout: '', stderr: `bash: stopped at the time limit (${seconds} s)\n`, exitCode: 124, timedOut: true };
          // The aborted shell usually answers at its next statement, with what was printed so far.
          const late = new Promise<ShellRun>((settle) => setTimeout(() => settle(stoppedHere), SHELL_TIMEOUT_GRACE_MS));
          void Promise.race([execution.then((run) => ({ ...run, stderr: `${run.stderr}${stoppedHere.stderr}`, exitCode: 124, timedOut: true })), late]).then(resolve);
        }, SHELL_TIMEOUT_GRACE_MS);
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([execution, stopped]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }

  /**
   * The workspace root outlives any command (`rm -rf /`, `cd .. && rm -rf workspace`): the file system
   * refuses to remove it, and should it be gone anyway it is made again. Returns what to tell the user.
   */
  private async keepRoot(): Promise<string> {
    const notes = this.fs.drainRefusals().map(() => `bash: ${WORKSPACE_ROOT}: the workspace root cannot be removed or moved; that part of the command was refused (what was inside may be gone)\n`);
    const root = await this.fs.lstat(WORKSPACE_ROOT).catch(() => null);
    if (!root?.isDirectory) {
      try {
        this.fs.mkdirSync(WORKSPACE_ROOT, { recursive: true });
        notes.push(`bash: ${WORKSPACE_ROOT}: the workspace root cannot be removed; it was made again, empty\n`);
      } catch (error) {
        notes.push(`bash: ${WORKSPACE_ROOT}: the workspace root is damaged (${error instanceof Error ? error.message : String(error)}); reset the workspace\n`);
      }
    }
    return [...new Set(notes)].join('');
  }

  async listFiles(): Promise<string[]> {
    const files: string[] = [];
    await this.walk(WORKSPACE_ROOT, (relative, type) => {
      if (type === 'file') files.push(relative);
    }, true);
    return files.sort();
  }

  /** Depth-first walk under `directory` (absolute); symlinks are reported, not followed; `skipGit` skips every `.git` directory. */
  private async walk(
    directory: string,
    visit: (relative: string, type: 'file' | 'directory' | 'symlink', absolute: string) => void,
    skipGit: boolean,
  ): Promise<void> {
    // One unreadable directory must not hide the rest of the workspace.
    const entries = await this.fs.readdirWithFileTypes(directory).catch(() => []);
    for (const entry of entries) {
      const absolute = directory === '/' ? `/${entry.name}` : `${directory}/${entry.name}`;
      const relative = toRelative(absolute);
      if (skipGit && entry.name === '.git') continue;
      if (entry.isSymbolicLink) visit(relative, 'symlink', absolute);
      else if (entry.isDirectory) {
        visit(relative, 'directory', absolute);
        await this.walk(absolute, visit, skipGit);
      } else visit(relative, 'file', absolute);
    }
  }

  async snapshot(): Promise<WorkspaceSnapshot> {
    const files: Record<string, Uint8Array> = {};
    const directories: string[] = [];
    const symlinks: Record<string, string> = {};
    const nonEmpty = new Set<string>();
    const fileReads: Promise<void>[] = [];
    await this.walk(WORKSPACE_ROOT, (relative, type, absolute) => {
      const parent = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '.';
      nonEmpty.add(parent);
      if (type === 'directory') directories.push(relative);
      else if (type === 'symlink') {
        fileReads.push(this.fs.readlink(absolute).then((target) => {
          symlinks[relative] = target;
        }));
      } else if (type === 'file') {
        fileReads.push(this.fs.readFileBuffer(absolute).then((bytes) => {
          files[relative] = new Uint8Array(bytes);
        }));
      }
    }, false);
    await Promise.all(fileReads);
    const snapshot: WorkspaceSnapshot = { version: 1, files, directories: directories.filter((directory) => !nonEmpty.has(directory)).sort() };
    if (Object.keys(symlinks).length > 0) snapshot.symlinks = symlinks;
    return snapshot;
  }

  /** Replace the whole workspace with a snapshot's content. */
  async restore(snapshot: WorkspaceSnapshot): Promise<void> {
    await this.clear();
    for (const directory of snapshot.directories) {
      const normalized = normalizeWorkspacePath(directory);
      if (normalized.ok) await this.fs.mkdir(normalized.absolute, { recursive: true });
    }
    for (const [relative, bytes] of Object.entries(snapshot.files)) {
      const normalized = normalizeWorkspacePath(relative);
      if (normalized.ok && normalized.relative !== '.') this.fs.writeFileSync(normalized.absolute, new Uint8Array(bytes));
    }
    // Links last, so a link to a file is never followed by a write meant for the file itself. A target
    // is kept as written: where it leads is judged when a tool follows it, as for a link made in the shell.
    for (const [relative, target] of Object.entries(snapshot.symlinks ?? {})) {
      const normalized = normalizeWorkspacePath(relative);
      if (!normalized.ok || normalized.relative === '.' || typeof target !== 'string' || target.includes('\0')) continue;
      const parent = normalized.absolute.slice(0, normalized.absolute.lastIndexOf('/'));
      await this.fs.mkdir(parent, { recursive: true });
      await this.fs.rm(normalized.absolute, { force: true, recursive: true });
      await this.fs.symlink(target, normalized.absolute);
    }
  }

  /** Empty the workspace (the root directory stays). */
  async clear(): Promise<void> {
    for (const name of await this.fs.readdir(WORKSPACE_ROOT)) {
      await this.fs.rm(`${WORKSPACE_ROOT}/${name}`, { recursive: true, force: true });
    }
    this.gitCache = {};
  }

  // Convenience helpers for tools and tests; `relative` is workspace-relative (as resolvePath returns it).

  async exists(relative: string): Promise<boolean> {
    return this.fs.exists(toAbsolute(relative));
  }

  async stat(relative: string): Promise<WorkspaceStat | null> {
    let stat: FsStat;
    try {
      stat = await this.fs.stat(toAbsolute(relative));
    } catch {
      return null;
    }
    return { type: stat.isDirectory ? 'directory' : stat.isSymbolicLink ? 'symlink' : 'file', size: stat.size, mtime: stat.mtime };
  }

  async isDirectory(relative: string): Promise<boolean> {
    return (await this.stat(relative))?.type === 'directory';
  }

  async isFile(relative: string): Promise<boolean> {
    return (await this.stat(relative))?.type === 'file';
  }

  async readText(relative: string): Promise<string> {
    return this.fs.readFile(toAbsolute(relative), 'utf8');
  }

  async readBytes(relative: string): Promise<Uint8Array> {
    return this.fs.readFileBuffer(toAbsolute(relative));
  }

  /** Write a file, creating parent directories. One in-memory replace, so readers never see half a file. */
  async writeText(relative: string, text: string): Promise<void> {
    await this.writeBytes(relative, strToU8(text));
  }

  async writeBytes(relative: string, bytes: Uint8Array): Promise<void> {
    const absolute = toAbsolute(relative);
    const parent = absolute.slice(0, absolute.lastIndexOf('/'));
    if (parent) await this.fs.mkdir(parent, { recursive: true });
    await this.fs.writeFile(absolute, bytes);
  }

  async remove(relative: string): Promise<void> {
    await this.fs.rm(toAbsolute(relative), { recursive: true, force: true });
  }

  /** Zip the workspace (fflate, deterministic order). */
  async toZip(options: ZipOptions = {}): Promise<Uint8Array> {
    const includeGit = options.includeGit ?? true;
    const snapshot = await this.snapshot();
    const entries: Zippable = {};
    const fixedDate = new Date(Date.UTC(2024, 0, 1));
    for (const relative of Object.keys(snapshot.files).sort()) {
      if (!includeGit && (relative === '.git' || relative.startsWith('.git/'))) continue;
      entries[relative] = [snapshot.files[relative]!, { mtime: fixedDate }];
    }
    for (const directory of snapshot.directories) {
      if (!includeGit && (directory === '.git' || directory.startsWith('.git/'))) continue;
      entries[`${directory}/`] = [new Uint8Array(0), { mtime: fixedDate }];
    }
    // A link is stored as `zip -y` and Info-ZIP store it: its target as content, Unix mode 0120777.
    for (const [relative, target] of Object.entries(snapshot.symlinks ?? {}).sort(([left], [right]) => left.localeCompare(right))) {
      if (!includeGit && (relative === '.git' || relative.startsWith('.git/'))) continue;
      entries[relative] = [strToU8(target), { mtime: fixedDate, os: 3, attrs: SYMLINK_ATTRIBUTES, level: 0 }];
    }
    return zipSync(entries, { level: 6 });
  }

  /**
   * Replace the workspace with a zip's content. Refused as a whole, with the workspace untouched, when
   * an entry would land outside it (zip-slip), or the archive is over the entry or size limits (a zip
   * bomb is refused from its directory, before anything is inflated).
   */
  async fromZip(bytes: Uint8Array): Promise<FromZipResult> {
    const listing = readZipListing(bytes);
    if (!listing.ok) return listing;
    for (const entry of listing.entries) {
      const normalized = normalizeWorkspacePath(entry.name);
      if (!normalized.ok) return { ok: false, message: `entry '${displayPath(entry.name)}' is refused: ${normalized.reason}; nothing was imported` };
    }
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes);
    } catch (error) {
      return { ok: false, message: `not a readable zip archive: ${error instanceof Error ? error.message : String(error)}` };
    }
    let inflated = 0;
    for (const content of Object.values(entries)) inflated += content.length;
    if (inflated > MAX_ZIP_TOTAL_BYTES) return { ok: false, message: `the archive inflates to more than ${MAX_ZIP_TOTAL_BYTES / (1024 * 1024)} MB; nothing was imported` };
    const links = new Set(listing.entries.filter((entry) => entry.symlink).map((entry) => entry.name));
    const files: Record<string, Uint8Array> = {};
    const directories: string[] = [];
    const symlinks: Record<string, string> = {};
    for (const [name, content] of Object.entries(entries)) {
      const normalized = normalizeWorkspacePath(name);
      if (!normalized.ok || normalized.relative === '.') continue;
      if (name.endsWith('/')) directories.push(normalized.relative);
      else if (links.has(name)) symlinks[normalized.relative] = strFromU8(content);
      else files[normalized.relative] = content;
    }
    await this.restore({ version: 1, files, directories, symlinks });
    return { ok: true, files: Object.keys(files).length };
  }
}

/** Text of a snapshot file, for tests and previews. */
export function snapshotText(snapshot: WorkspaceSnapshot, relative: string): string | undefined {
  const bytes = snapshot.files[relative];
  return bytes ? strFromU8(bytes) : undefined;
}

/**
 * A workspace, empty or restored from a snapshot. The sample project is written by
 * `createSampleWorkspace` (./sample) on a first visit.
 */
export async function createWorkspace(snapshot?: WorkspaceSnapshot): Promise<WorkspaceImpl> {
  const workspace = new WorkspaceImpl();
  if (snapshot) await workspace.restore(snapshot);
  return workspace;
}
