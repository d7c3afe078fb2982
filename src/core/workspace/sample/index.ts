/**
 * The sample project written on a first visit: "acme-tasks" (C#, TypeScript, React, Python) with a
 * real, deterministic git history replayed through isomorphic-git.
 */
import '../buffer-polyfill';
import { add, branch, commit, init, remove } from 'isomorphic-git';
import { createGitFs, type GitFsClient } from '../git-fs';
import { WORKSPACE_ROOT } from '../types';
import { WorkspaceImpl, toAbsolute } from '../workspace';
import { SAMPLE_FILES, SUBMODULE_FILES } from './files';
import { SAMPLE_HISTORY, SUBMODULE_HISTORY, type SampleCommit } from './history';
import { pendingChanges } from './pending-changes';

export { SAMPLE_FILES, SUBMODULE_FILES } from './files';
export { SAMPLE_HISTORY } from './history';
export { pendingChanges } from './pending-changes';

export interface SampleOptions {
  /**
   * Leave the sample's work in progress in the tree (default true): one staged new file and four
   * unstaged edits, so git_status, git_diff and each git_commit example have something to act on.
   * With false the working tree is clean at the last commit.
   */
  pendingChanges?: boolean;
}

const SAMPLE_BRANCH = 'main';
/** The nested repository git_status's "nested repository" example points at. */
const SUBMODULE_DIRECTORY = 'submodule';

/**
 * Branches left behind on earlier commits (index into SAMPLE_HISTORY), so CreatePullRequest's examples
 * have something to propose: main is ahead of both.
 */
const SAMPLE_SIDE_BRANCHES: Record<string, number> = {
  release: SAMPLE_HISTORY.length - 6,
  'docs/notes': SAMPLE_HISTORY.length - 3,
};

async function replay(
  gitFs: GitFsClient,
  workspace: WorkspaceImpl,
  dir: string,
  history: SampleCommit[],
  cache: object,
  sideBranches: Record<string, number> = {},
): Promise<void> {
  await init({ fs: gitFs, dir, defaultBranch: SAMPLE_BRANCH });
  const prefix = dir === WORKSPACE_ROOT ? '' : `${dir.slice(WORKSPACE_ROOT.length + 1)}/`;
  for (const entry of history) {
    const written: string[] = [];
    for (const [path, content] of Object.entries(entry.changes)) {
      if (content === null) {
        await workspace.remove(prefix + path);
      } else {
        await workspace.writeText(prefix + path, content);
      }
      written.push(path);
    }
    const present = written.filter((path) => entry.changes[path] !== null);
    if (present.length > 0) await add({ fs: gitFs, dir, filepath: present, cache });
    for (const path of written.filter((path) => entry.changes[path] === null))
      await remove({ fs: gitFs, dir, filepath: path, cache });
    const timestamp = Math.floor(Date.parse(entry.date) / 1000);
    const signature = {
      name: entry.author.name,
      email: entry.author.email,
      timestamp,
      timezoneOffset: entry.author.timezoneOffset,
    };
    const oid = await commit({
      fs: gitFs,
      dir,
      message: `${entry.message}\n`,
      author: signature,
      committer: signature,
      cache,
    });
    for (const [name, index] of Object.entries(sideBranches))
      if (history[index] === entry) await branch({ fs: gitFs, dir, ref: name, object: oid });
  }
}

/** Write the sample project, its history and (by default) its work in progress into `workspace`. */
export async function writeSampleProject(workspace: WorkspaceImpl, options: SampleOptions = {}): Promise<void> {
  await workspace.clear();
  const cache = workspace.gitCache;
  await replay(workspace.gitFs, workspace, WORKSPACE_ROOT, SAMPLE_HISTORY, cache, SAMPLE_SIDE_BRANCHES);

  // Files that exist but are never committed (.env is ignored by .gitignore).
  for (const [path, content] of Object.entries(SAMPLE_FILES)) {
    if (!(await workspace.exists(path))) await workspace.writeText(path, content);
  }

  const submoduleDir = toAbsolute(SUBMODULE_DIRECTORY);
  await workspace.fs.mkdir(submoduleDir, { recursive: true });
  // A separate client so the nested repository's index is cached apart from the outer one.
  await replay(createGitFs(workspace.fs), workspace, submoduleDir, SUBMODULE_HISTORY, {});
  for (const [path, content] of Object.entries(SUBMODULE_FILES)) {
    if (!(await workspace.exists(`${SUBMODULE_DIRECTORY}/${path}`)))
      await workspace.writeText(`${SUBMODULE_DIRECTORY}/${path}`, content);
  }

  if (options.pendingChanges ?? true) {
    const pending = pendingChanges();
    for (const [path, content] of Object.entries(pending.staged)) {
      await workspace.writeText(path, content);
      await add({ fs: workspace.gitFs, dir: WORKSPACE_ROOT, filepath: path, cache });
    }
    for (const [path, content] of Object.entries(pending.unstaged)) await workspace.writeText(path, content);
  }
}

/** A fresh workspace holding the sample project. */
export async function createSampleWorkspace(options: SampleOptions = {}): Promise<WorkspaceImpl> {
  const workspace = new WorkspaceImpl();
  await writeSampleProject(workspace, options);
  return workspace;
}
