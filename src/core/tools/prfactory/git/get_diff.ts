/** GetDiff: the diff between two commits, or from a commit (HEAD by default) to the working tree. */
import type { ToolImplementation } from '../../../runtime/types';
import { gitDiff } from '../../../workspace/git';
import { fail, integerArg, optionalStringArg, quote } from '../../support/handler';
import { pathAttack } from '../path-validator';

export const tool: ToolImplementation = {
  name: 'GetDiff',

  summarize(args) {
    const from = optionalStringArg(args, 'fromCommit') || 'HEAD';
    const to = optionalStringArg(args, 'toCommit') || 'the working tree';
    const path = optionalStringArg(args, 'filePath');
    return `Diff ${quote(from, 40)} → ${quote(to, 40)}${path ? ` for '${quote(path, 60)}'` : ''}`;
  },

  async run(args, context) {
    const filePath = optionalStringArg(args, 'filePath');
    const attack = filePath ? pathAttack(filePath, 'filePath') : null;
    if (attack) return fail('path_outside_workspace', attack);
    const from = optionalStringArg(args, 'fromCommit') || 'HEAD';
    const to = optionalStringArg(args, 'toCommit');
    const result = await gitDiff(context.workspace, {
      commit: from,
      ...(to ? { to } : {}),
      ...(filePath ? { path: filePath } : {}),
      contextLines: integerArg(args, 'contextLines') ?? 3,
    });
    if (!result.ok)
      return fail(
        result.code,
        result.message.replace(
          /^Unknown revision/,
          `Parameter '${/'([^']*)'/.exec(result.message)?.[1] === to ? 'toCommit' : 'fromCommit'}': unknown revision`,
        ),
      );
    const { files } = result.data;
    const additions = files.reduce((sum, file) => sum + file.additions, 0);
    const deletions = files.reduce((sum, file) => sum + file.deletions, 0);
    return {
      success: true,
      data: result.data,
      message:
        files.length === 0
          ? `No differences between ${from} and ${to ?? 'the working tree'}`
          : `${files.length} file(s) changed, +${additions} -${deletions} (${from} → ${to ?? 'working tree'})`,
    };
  },
};
