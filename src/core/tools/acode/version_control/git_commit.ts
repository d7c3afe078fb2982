/**
 * git_commit: stage `files` (or every tracked change with `all`) and commit. Files in the working
 * tree are not changed, so the result carries no file artifacts; the committed paths are in its data.
 */
import type { PrecheckContext, ToolImplementation, ToolOutcome } from '../../../runtime/types';
import { gitCommit } from '../../../workspace/git';
import { isGitInternal } from '../../../workspace/paths';
import { booleanArg, fail, quote, resolve, stringArg, succeed } from '../../support/handler';

const MAX_MESSAGE_CHARS = 500;

function filesArg(args: Record<string, unknown>): string[] | undefined {
  const value = args.files;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

type Checked = { ok: true; message: string; files: string[] } | { ok: false; outcome: ToolOutcome };

/** The message and the paths to commit, or why the commit cannot happen (checked before approval too). */
async function checkArguments(args: Record<string, unknown>, context: PrecheckContext): Promise<Checked> {
  const refuse = (outcome: ToolOutcome): Checked => ({ ok: false, outcome });
  const message = stringArg(args, 'message');
  if (message.trim() === '') return refuse(fail('validation_failed', "Parameter 'message' must not be empty"));
  if (message.length > MAX_MESSAGE_CHARS)
    return refuse(
      fail(
        'validation_failed',
        `Parameter 'message' must be at most ${MAX_MESSAGE_CHARS} characters; got ${message.length}`,
      ),
    );
  if (args.files !== undefined && !Array.isArray(args.files))
    return refuse(fail('validation_failed', "Parameter 'files' must be an array of paths"));
  const rawFiles = Array.isArray(args.files) ? (args.files as unknown[]) : [];
  const files: string[] = [];
  for (const [index, file] of rawFiles.entries()) {
    if (typeof file !== 'string' || file.trim() === '')
      return refuse(fail('validation_failed', `Parameter 'files[${index}]' must be a non-empty path`));
    // Deleted files may be committed, so they need not exist; the path policy still applies. git tracks a link as itself.
    const resolved = await resolve(context.workspace, file, { parameter: `files[${index}]`, linkItself: true });
    if (!resolved.ok) return resolved;
    // git's own data is never content to commit; say so rather than let git call it outside the tree.
    if (isGitInternal(resolved.requested) || isGitInternal(resolved.relative)) {
      return refuse(
        fail(
          'protected_path',
          `Parameter 'files[${index}]': '${quote(file)}' is inside the .git directory, which holds git's own data and cannot be committed`,
        ),
      );
    }
    files.push(resolved.relative);
  }
  return { ok: true, message, files };
}

export const tool: ToolImplementation = {
  name: 'git_commit',

  summarize(args) {
    const message = `'${quote(stringArg(args, 'message').split('\n')[0] ?? '', 72)}'`;
    const files = filesArg(args) ?? [];
    if (files.length > 0)
      return `Commit ${files.length} file${files.length === 1 ? '' : 's'}${booleanArg(args, 'all', false) ? ' and all tracked changes' : ''}: ${message}`;
    if (booleanArg(args, 'all', false)) return `Commit all tracked changes: ${message}`;
    return `Commit staged changes: ${message}`;
  },

  effectiveRisk() {
    // A commit is recorded history, reversible but visible to everyone who pulls it.
    return 'medium';
  },

  async precheck(args, context) {
    const checked = await checkArguments(args, context);
    return checked.ok ? null : checked.outcome;
  },

  async run(args, context) {
    const checked = await checkArguments(args, context);
    if (!checked.ok) return checked.outcome;
    const { message, files } = checked;
    const all = booleanArg(args, 'all', false);
    const result = await gitCommit(context.workspace, { message, files: files.length > 0 ? files : undefined, all });
    if (!result.ok) {
      const followUps = result.code === 'nothing_to_commit' ? ['Check git_status to see what has changed'] : undefined;
      return fail(result.code, result.message, undefined, followUps);
    }
    const commit = result.data;
    const outcome = succeed(
      commit,
      `Committed ${commit.files.length} file${commit.files.length === 1 ? '' : 's'} as ${commit.oid.slice(0, 7)}: ${quote(commit.message.split('\n')[0] ?? '', 72)}`,
    );
    outcome.suggestedFollowUps = ['Check the history with git_log'];
    return outcome;
  },
};
