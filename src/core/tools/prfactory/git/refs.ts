/** Branches of the workspace repository, through isomorphic-git. */
import { branch, checkout, currentBranch, listBranches, readCommit, resolveRef } from 'isomorphic-git';
import { gitContext, resolveRevision } from '../../../workspace/git';
import type { Workspace } from '../../../workspace/types';

export interface BranchInfo {
  name: string;
  current: boolean;
  oid: string;
  subject: string;
  date: string;
}

export async function branchNames(workspace: Workspace): Promise<{ names: string[]; current: string | null }> {
  const { fs, dir } = gitContext(workspace);
  const names = await listBranches({ fs, dir });
  const current = (await currentBranch({ fs, dir, fullname: false })) ?? null;
  return { names: names.sort(), current };
}

export async function branchDetails(workspace: Workspace): Promise<BranchInfo[]> {
  const { fs, dir, cache } = gitContext(workspace);
  const { names, current } = await branchNames(workspace);
  const details: BranchInfo[] = [];
  for (const name of names) {
    const oid = await resolveRef({ fs, dir, ref: name });
    const { commit } = await readCommit({ fs, dir, oid, cache });
    details.push({
      name,
      current: name === current,
      oid,
      subject: commit.message.split('\n')[0] ?? '',
      date: new Date(commit.committer.timestamp * 1000).toISOString(),
    });
  }
  return details;
}

/**
 * Creates `name` at `startPoint`. Checking it out from the current commit only moves HEAD (the working
 * tree already matches); from another commit the files are checked out, refused when that would
 * overwrite uncommitted changes.
 */
export async function createBranch(
  workspace: Workspace,
  name: string,
  startPoint: string,
  switchTo: boolean,
): Promise<{ ok: true; oid: string } | { ok: false; code: 'unknown_revision' | 'git_error'; message: string }> {
  const context = gitContext(workspace);
  const start = await resolveRevision(workspace, startPoint);
  if (!start.ok)
    return {
      ok: false,
      code: start.code === 'unknown_revision' ? 'unknown_revision' : 'git_error',
      message: `Parameter 'startPoint': ${start.message}`,
    };
  const head = await resolveRevision(workspace, 'HEAD');
  const fromHead = head.ok && head.data === start.data;
  await branch({ fs: context.fs, dir: context.dir, ref: name, object: start.data, checkout: switchTo && fromHead });
  if (switchTo && !fromHead) {
    try {
      await checkout({ fs: context.fs, dir: context.dir, cache: context.cache, ref: name });
    } catch (error) {
      return {
        ok: false,
        code: 'git_error',
        message: `Branch '${name}' was created at ${start.data.slice(0, 7)} but not checked out: ${error instanceof Error ? error.message : String(error)}. Commit or discard your changes first.`,
      };
    }
  }
  return { ok: true, oid: start.data };
}
