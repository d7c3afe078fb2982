/** git_diff: unified patch of unstaged changes, staged changes (`staged`), or the working tree against a commit. */
import type { ToolImplementation } from '../../../runtime/types';
import { gitDiff } from '../../../workspace/git';
import { booleanArg, fail, optionalStringArg, quote, resolve, succeed } from '../../support/handler';

export const tool: ToolImplementation = {
  name: 'git_diff',

  summarize(args) {
    const commit = optionalStringArg(args, 'commit');
    const path = optionalStringArg(args, 'path');
    const what = commit
      ? `working tree against '${quote(commit)}'`
      : booleanArg(args, 'staged', false)
        ? 'staged changes'
        : 'unstaged changes';
    return `Show diff of ${what}${path ? ` in '${quote(path)}'` : ''}`;
  },

  async run(args, context) {
    const userPath = optionalStringArg(args, 'path');
    let path: string | undefined;
    if (userPath !== undefined && userPath !== '') {
      // A deleted file may still be diffed, so the path need not exist.
      const resolved = await resolve(context.workspace, userPath, { parameter: 'path', linkItself: true });
      if (!resolved.ok) return resolved.outcome;
      path = resolved.relative;
    }
    const staged = booleanArg(args, 'staged', false);
    const commit = optionalStringArg(args, 'commit')?.trim();
    const result = await gitDiff(context.workspace, { path, staged, commit: commit || undefined });
    if (!result.ok) {
      const followUps =
        result.code === 'unknown_revision' ? ['List recent commits with git_log to find a valid revision'] : undefined;
      return fail(
        result.code,
        result.code === 'unknown_revision' ? `Parameter 'commit': ${result.message}` : result.message,
        undefined,
        followUps,
      );
    }
    const diff = result.data;
    const against = commit
      ? `the working tree against '${commit}'`
      : staged
        ? 'staged changes (HEAD → index)'
        : 'unstaged changes (index → working tree)';
    const where = path && path !== '.' ? ` in '${path}'` : '';
    if (diff.files.length === 0) {
      const outcome = succeed(diff, `No differences in ${against}${where}`);
      if (!commit && !staged)
        outcome.suggestedFollowUps = ['Use staged: true to see what is staged for the next commit'];
      return outcome;
    }
    const additions = diff.files.reduce((sum, file) => sum + file.additions, 0);
    const deletions = diff.files.reduce((sum, file) => sum + file.deletions, 0);
    return succeed(
      diff,
      `${diff.files.length} file${diff.files.length === 1 ? '' : 's'} changed, +${additions} −${deletions}: ${against}${where}`,
    );
  },
};
