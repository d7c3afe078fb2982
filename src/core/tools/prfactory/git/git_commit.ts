/** GitCommit: commit the workspace's changes, every change staged first unless stageAll is false. */
import type { ToolImplementation } from '../../../runtime/types';
import { gitCommit } from '../../../workspace/git';
import { booleanArg, fail, quote, stringArg } from '../../support/handler';

export const tool: ToolImplementation = {
  name: 'GitCommit',

  summarize: (args) =>
    `Commit${booleanArg(args, 'stageAll', true) ? ' all changes' : ' staged changes'}: '${quote(stringArg(args, 'message'), 60)}'`,

  async run(args, context) {
    const message = stringArg(args, 'message');
    const stageAll = booleanArg(args, 'stageAll', true);
    // StageAllAsync is `git add -A`: new, changed and deleted files alike, .gitignore respected.
    const result = await gitCommit(context.workspace, stageAll ? { message, files: ['.'], all: true } : { message });
    if (!result.ok) {
      const hint =
        result.code === 'nothing_to_commit' && !stageAll
          ? ['Call GitCommit with "stageAll": true to stage every change first']
          : undefined;
      return fail(
        result.code,
        result.message.replace(
          "Pass 'files' to stage specific files or 'all: true' to stage every tracked change.",
          'Set stageAll to true to stage every change.',
        ),
        undefined,
        hint,
      );
    }
    const { oid, files } = result.data;
    return {
      success: true,
      data: result.data,
      message: `Committed: ${oid.slice(0, 7)} - ${message.trim()}`,
      artifacts: files.map((path) => ({
        type: 'file' as const,
        change: 'modified' as const,
        path,
        description: `committed in ${oid.slice(0, 7)}`,
      })),
    };
  },
};
