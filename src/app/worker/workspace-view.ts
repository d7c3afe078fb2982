/** What the explorer shows of the workspace: its tree with git marks, and one file's text. */
import git from 'isomorphic-git';
import { WORKSPACE_ROOT } from '../../core/workspace/types';
import type { WorkspaceImpl } from '../../core/workspace/workspace';
import {
  buildWorkspaceTree,
  markFromStatusMatrixRow,
  type FileMark,
  type FileView,
  type WorkspaceTree,
} from './protocol';

const MAX_VIEW_BYTES = 2 * 1024 * 1024;

/** The explorer's tree: every file, with its git mark and the branch when the workspace is a repository. */
export async function workspaceTree(current: WorkspaceImpl): Promise<WorkspaceTree> {
  const files = await current.listFiles();
  const hasRepository = await current.fs.exists(`${WORKSPACE_ROOT}/.git`);
  if (!hasRepository) return buildWorkspaceTree(files, null, null, 'The workspace is not a git repository');
  try {
    const gitOptions = { fs: current.gitFs, dir: WORKSPACE_ROOT, cache: current.gitCache };
    const [matrix, branch] = await Promise.all([
      git.statusMatrix(gitOptions),
      git.currentBranch({ fs: current.gitFs, dir: WORKSPACE_ROOT }).catch(() => undefined),
    ]);
    const marks = new Map<string, FileMark>();
    for (const row of matrix) marks.set(row[0], markFromStatusMatrixRow(row));
    return buildWorkspaceTree(files, marks, branch ?? null);
  } catch (thrown) {
    return buildWorkspaceTree(files, null, null, thrown instanceof Error ? thrown.message : String(thrown));
  }
}

/** A file for the explorer's viewer: its text, or marked binary (not UTF-8, a NUL, or over the view limit). */
export async function readFileView(current: WorkspaceImpl, path: string): Promise<FileView> {
  const resolved = await current.resolvePath(path, { parameter: 'path', mustExist: true });
  if (!resolved.ok) throw new Error(resolved.error.message);
  const bytes = await current.fs.readFileBuffer(resolved.absolute);
  if (bytes.byteLength > MAX_VIEW_BYTES) {
    return { path: resolved.relative, content: '', size: bytes.byteLength, binary: true };
  }
  try {
    const content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { path: resolved.relative, content, size: bytes.byteLength, binary: content.includes('\u0000') };
  } catch {
    return { path: resolved.relative, content: '', size: bytes.byteLength, binary: true };
  }
}
