/** git_log: recent commits, newest first, optionally only those touching a path or by an author. */
import type { ToolImplementation } from '../../../runtime/types';
import { gitLog } from '../../../workspace/git';
import { fail, integerArg, optionalStringArg, quote, resolve, succeed } from '../../support/handler';

const DEFAULT_COUNT = 10;

export const tool: ToolImplementation = {
  name: 'git_log',

  summarize(args) {
    const count = integerArg(args, 'count') ?? DEFAULT_COUNT;
    const path = optionalStringArg(args, 'path');
    const author = optionalStringArg(args, 'author');
    return `Show last ${count} commit${count === 1 ? '' : 's'}${path ? ` touching '${quote(path)}'` : ''}${author ? ` by '${quote(author)}'` : ''}`;
  },

  async run(args, context) {
    const count = integerArg(args, 'count') ?? DEFAULT_COUNT;
    if (count < 1 || count > 100)
      return fail('validation_failed', `Parameter 'count' must be between 1 and 100; got ${count}`);
    const userPath = optionalStringArg(args, 'path');
    let path: string | undefined;
    if (userPath !== undefined && userPath !== '') {
      // History may be asked about a file that no longer exists.
      const resolved = await resolve(context.workspace, userPath, { parameter: 'path', linkItself: true });
      if (!resolved.ok) return resolved.outcome;
      path = resolved.relative;
    }
    const author = optionalStringArg(args, 'author')?.trim() || undefined;
    const result = await gitLog(context.workspace, { count, path, author });
    if (!result.ok) return fail(result.code, result.message);
    const { commits } = result.data;
    const filters = [path && path !== '.' ? `touching '${path}'` : '', author ? `by '${author}'` : '']
      .filter(Boolean)
      .join(' ');
    if (commits.length === 0) {
      return succeed(result.data, `No commits${filters ? ` ${filters}` : ' yet'}`);
    }
    const latest = commits[0]!;
    const subject = latest.message.split('\n')[0] ?? '';
    return succeed(
      result.data,
      `${commits.length} commit${commits.length === 1 ? '' : 's'}${filters ? ` ${filters}` : ''}; latest ${latest.oid.slice(0, 7)} ${quote(subject, 72)}`,
    );
  },
};
