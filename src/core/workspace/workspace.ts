/**
 * The in-memory workspace: one just-bash InMemoryFs holding `/workspace`, shared by the shell,
 * isomorphic-git and every tool. Its path policy, shell run, snapshots and zip each live in their own file.
 */
import './buffer-polyfill';
import type { FsStat } from 'just-bash';
import { strToU8 } from 'fflate';
import { createGitFs, type GitFsClient } from './git-fs';
import { IndexedInMemoryFs } from './indexed-fs';
import { checkReadSize } from './paths';
import { resolveWorkspacePath, toAbsolute } from './resolve-path';
import { runWorkspaceShell } from './shell/run-shell';
import { takeSnapshot, walkWorkspace, writeSnapshot } from './snapshot';
import {
  WORKSPACE_ROOT,
  type PathError,
  type PathOptions,
  type ResolvedPath,
  type ShellOptions,
  type ShellRun,
  type Workspace,
  type WorkspaceSnapshot,
} from './types';
import { snapshotToZip, zipToSnapshot, type FromZipResult, type ZipOptions } from './zip';

export { toAbsolute } from './resolve-path';
export { type FromZipResult, type ZipOptions } from './zip';

export interface WorkspaceStat {
  type: 'file' | 'directory' | 'symlink';
  size: number;
  mtime: Date;
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

  resolvePath(userPath: string, options: PathOptions): Promise<ResolvedPath> {
    return resolveWorkspacePath(this.fs, userPath, options);
  }

  /** Refuse a read above the size limit; null when fine. */
  checkReadSize(bytes: number, parameter = 'path', userPath = ''): PathError | null {
    return checkReadSize(bytes, parameter, userPath);
  }

  runShell(command: string, options: ShellOptions): Promise<ShellRun> {
    return runWorkspaceShell(this.fs, this, command, options);
  }

  async listFiles(): Promise<string[]> {
    const files: string[] = [];
    await walkWorkspace(
      this.fs,
      WORKSPACE_ROOT,
      (relative, type) => {
        if (type === 'file') files.push(relative);
      },
      true,
    );
    return files.sort();
  }

  snapshot(): Promise<WorkspaceSnapshot> {
    return takeSnapshot(this.fs);
  }

  /** Replace the whole workspace with a snapshot's content. */
  async restore(snapshot: WorkspaceSnapshot): Promise<void> {
    await this.clear();
    await writeSnapshot(this.fs, snapshot);
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
    return {
      type: stat.isDirectory ? 'directory' : stat.isSymbolicLink ? 'symlink' : 'file',
      size: stat.size,
      mtime: stat.mtime,
    };
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
    return snapshotToZip(await this.snapshot(), options);
  }

  /** Replace the workspace with a zip's content; refused as a whole, the workspace untouched, when unsafe. */
  async fromZip(bytes: Uint8Array): Promise<FromZipResult> {
    const read = zipToSnapshot(bytes);
    if (!read.ok) return read;
    await this.restore(read.snapshot);
    return { ok: true, files: read.files };
  }
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
