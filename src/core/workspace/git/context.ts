/**
 * What every git operation shares: the isomorphic-git arguments for a workspace (its own adapter and
 * cache, from the Workspace interface), error values, and path parameters.
 */
import type { IFileSystem } from 'just-bash';
import { createGitFs, type GitFsClient } from '../git-fs';
import { normalizeWorkspacePath } from '../paths';
import { WORKSPACE_ROOT, type Workspace } from '../types';
import type { GitErrorCode, GitOutcome } from './types';

export interface GitContext {
  fs: GitFsClient;
  dir: string;
  cache: object;
}

const contexts = new WeakMap<IFileSystem, { fs: GitFsClient; cache: object }>();

/** The isomorphic-git arguments for a workspace; the workspace's own adapter and cache when it has them. */
export function gitContext(workspace: Workspace): GitContext {
  if (workspace.gitFs && workspace.gitCache)
    return { fs: workspace.gitFs, dir: WORKSPACE_ROOT, cache: workspace.gitCache };
  let entry = contexts.get(workspace.fs);
  if (!entry) {
    entry = { fs: createGitFs(workspace.fs), cache: {} };
    contexts.set(workspace.fs, entry);
  }
  return { fs: entry.fs, dir: WORKSPACE_ROOT, cache: entry.cache };
}

export function failure<T>(code: GitErrorCode, message: string): GitOutcome<T> {
  return { ok: false, code, message };
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function isRepository(context: GitContext): Promise<boolean> {
  try {
    await context.fs.promises.stat(`${context.dir}/.git/HEAD`);
    return true;
  } catch {
    return false;
  }
}

export const NOT_A_REPOSITORY = 'the workspace is not a git repository (no .git directory)';

/** Normalise an optional path parameter to a workspace-relative path ('.' for the root). */
export function relativePathParameter(path: string | undefined, parameter: string): GitOutcome<string> {
  if (path === undefined || path === '' || path === '.') return { ok: true, data: '.' };
  const normalized = normalizeWorkspacePath(path);
  if (!normalized.ok)
    return failure('path_outside_workspace', `Parameter '${parameter}': ${normalized.reason}: '${path}'`);
  return { ok: true, data: normalized.relative };
}

export function isWithin(filepath: string, scope: string): boolean {
  return scope === '.' || filepath === scope || filepath.startsWith(`${scope}/`);
}
