/** git_status: branch, staged, unstaged and untracked files (like `git status`). */
import type { ToolImplementation } from '../../../runtime/types';
import { gitStatus } from '../../../workspace/git';
import { fail, optionalStringArg, quote, resolve, succeed } from '../../support/handler';

export const tool: ToolImplementation = {
  name: 'git_status',

  summarize(args) {
    const path = optionalStringArg(args, 'path');
    return path && path !== '.' ? `Show git status of '${quote(path)}'` : 'Show git status';
  },

  async run(args, context) {
    const userPath = optionalStringArg(args, 'path') ?? '.';
    const resolved = await resolve(context.workspace, userPath, { parameter: 'path', linkItself: true });
    if (!resolved.ok) return resolved.outcome;
    const result = await gitStatus(context.workspace, resolved.relative);
    if (!result.ok) return fail(result.code, result.message);
    const status = result.data;
    // A deleted tracked file still shows up as a row; a path with no rows and no file is a typo.
    if (status.clean && resolved.relative !== '.' && !(await context.workspace.fs.exists(resolved.absolute))) {
      return fail(
        'path_not_found',
        `Parameter 'path': '${userPath}' does not exist in the working tree and has no changes`,
      );
    }
    if (status.clean) return succeed(status, `On branch ${status.branch}: nothing to commit, working tree clean`);
    const staged = status.files.filter((file) => file.index !== ' ' && file.index !== '?').length;
    const unstaged = status.files.filter((file) => file.workdir !== ' ' && file.workdir !== '?').length;
    const untracked = status.files.filter((file) => file.status === 'untracked').length;
    const counts = [`${staged} staged`, `${unstaged} unstaged`, `${untracked} untracked`].join(', ');
    const outcome = succeed(
      status,
      `On branch ${status.branch}: ${status.files.length} changed file${status.files.length === 1 ? '' : 's'} (${counts})`,
    );
    outcome.suggestedFollowUps =
      staged > 0 ? ['Review staged changes with git_diff (staged: true)'] : ['Review changes with git_diff'];
    return outcome;
  },
};
