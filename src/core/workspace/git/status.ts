/** git status: porcelain codes per changed file, a nested repository reported from itself. */
import '../buffer-polyfill';
import { currentBranch, statusMatrix } from 'isomorphic-git';
import { WORKSPACE_ROOT, type Workspace } from '../types';
import { describeError, failure, gitContext, isRepository, NOT_A_REPOSITORY, relativePathParameter } from './context';
import type { GitOutcome, GitStatusData } from './types';

/** Two-letter porcelain codes from an isomorphic-git status row [path, head, workdir, stage]. */
function statusCodes(head: number, workdir: number, stage: number): { index: string; workdir: string; status: string } {
  if (head === 0 && stage === 0) return { index: '?', workdir: '?', status: 'untracked' };
  let indexCode = ' ';
  if (head === 0) indexCode = 'A';
  else if (stage === 0) indexCode = 'D';
  else if (stage === 3 || (stage === 2 && workdir === 2)) indexCode = 'M';
  let workdirCode = ' ';
  if (stage === 0) workdirCode = workdir === 0 ? ' ' : '?';
  else if (workdir === 0) workdirCode = 'D';
  else if (stage === 3 || (stage === 1 && workdir === 2)) workdirCode = 'M';
  const status = indexCode === 'A' ? 'added' : indexCode === 'D' || workdirCode === 'D' ? 'deleted' : 'modified';
  return { index: indexCode, workdir: workdirCode, status };
}

export async function gitStatus(workspace: Workspace, path?: string): Promise<GitOutcome<GitStatusData>> {
  const context = gitContext(workspace);
  if (!(await isRepository(context))) return failure('git_error', NOT_A_REPOSITORY);
  const scope = relativePathParameter(path, 'path');
  if (!scope.ok) return scope;
  // A directory with its own .git (a nested repository or submodule) is reported from that repository.
  const nested = scope.data !== '.' && (await workspace.fs.exists(`${WORKSPACE_ROOT}/${scope.data}/.git/HEAD`));
  const dir = nested ? `${WORKSPACE_ROOT}/${scope.data}` : context.dir;
  const cache = nested ? {} : context.cache;
  try {
    const branch = (await currentBranch({ fs: context.fs, dir, test: true })) || 'HEAD (detached)';
    const rows = await statusMatrix({
      fs: context.fs,
      dir,
      cache,
      filepaths: scope.data === '.' || nested ? undefined : [scope.data],
    });
    const files: GitStatusData['files'] = [];
    for (const [filepath, head, workdir, stage] of rows) {
      if (head === 1 && workdir === 1 && stage === 1) continue;
      files.push({ path: nested ? `${scope.data}/${filepath}` : filepath, ...statusCodes(head, workdir, stage) });
    }
    files.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
    return { ok: true, data: { kind: 'git_status', branch, files, clean: files.length === 0 } };
  } catch (error) {
    return failure('git_error', `git status failed: ${describeError(error)}`);
  }
}
