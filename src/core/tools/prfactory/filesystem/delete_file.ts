/** DeleteFile: remove one file, only with confirm: true; directories, `.git/` and secrets are refused. */
import type { FsStat } from 'just-bash';
import type { PrecheckContext, ToolImplementation, ToolOutcome } from '../../../runtime/types';
import { booleanArg, fail, quote, stringArg } from '../../support/handler';
import { validatePath } from '../path-validator';

type Target = { ok: true; absolute: string; relative: string; stat: FsStat } | { ok: false; outcome: ToolOutcome };

async function checkTarget(args: Record<string, unknown>, context: PrecheckContext): Promise<Target> {
  const filePath = stringArg(args, 'filePath');
  if (!booleanArg(args, 'confirm', false)) {
    return {
      ok: false,
      outcome: fail(
        'confirmation_required',
        `Parameter 'confirm': deleting '${quote(filePath)}' cannot be undone outside git; set confirm to true to delete it`,
        undefined,
        ['Call DeleteFile again with "confirm": true if the deletion is intended'],
      ),
    };
  }
  const resolved = await validatePath(context.workspace, filePath, {
    parameter: 'filePath',
    mustExist: true,
    forWrite: true,
    linkItself: true,
  });
  if (!resolved.ok) return resolved;
  const stat = await context.workspace.fs.lstat(resolved.absolute);
  if (stat.isDirectory)
    return {
      ok: false,
      outcome: fail(
        'is_a_directory',
        `Parameter 'filePath': '${resolved.relative}' is a directory; DeleteFile removes single files only`,
      ),
    };
  return { ok: true, absolute: resolved.absolute, relative: resolved.relative, stat };
}

export const tool: ToolImplementation = {
  name: 'DeleteFile',

  summarize: (args) => `Delete file '${quote(stringArg(args, 'filePath'))}'`,

  async precheck(args, context) {
    const target = await checkTarget(args, context);
    return target.ok ? null : target.outcome;
  },

  async run(args, context) {
    const target = await checkTarget(args, context);
    if (!target.ok) return target.outcome;
    await context.workspace.fs.rm(target.absolute);
    return {
      success: true,
      data: { kind: 'delete', path: target.relative },
      message: `Deleted '${target.relative}' (${target.stat.isSymbolicLink ? 'the symbolic link' : `${target.stat.size} bytes`})`,
      artifacts: [{ type: 'file', change: 'deleted', path: target.relative }],
      suggestedFollowUps: ['Restore it with GetDiff and ApplyDiff, or from git, if it was a mistake'],
    };
  },
};
