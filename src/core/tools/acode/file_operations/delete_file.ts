/** delete_file: remove one file, only with confirm: true; directories are refused. */
import type { PrecheckContext, ToolImplementation, ToolOutcome } from '../../../runtime/types';
import type { FsStat } from 'just-bash';
import { booleanArg, fail, quote, resolve, stringArg } from '../../support/handler';

type Target = { ok: true; absolute: string; relative: string; stat: FsStat } | { ok: false; outcome: ToolOutcome };

/** Everything that makes the deletion impossible, checked before approval and again before deleting. */
async function checkTarget(args: Record<string, unknown>, context: PrecheckContext): Promise<Target> {
  const userPath = stringArg(args, 'path');
  if (!booleanArg(args, 'confirm', false)) {
    return {
      ok: false,
      outcome: fail(
        'confirmation_required',
        `Parameter 'confirm': deleting '${quote(userPath)}' is destructive; set confirm to true to delete it`,
        undefined,
        ['Call delete_file again with "confirm": true if the deletion is intended'],
      ),
    };
  }
  // A symbolic link is deleted itself, as rm does; its target stays.
  const resolved = await resolve(context.workspace, userPath, {
    parameter: 'path',
    mustExist: true,
    forWrite: true,
    linkItself: true,
  });
  if (!resolved.ok) return resolved;
  const stat = await context.workspace.fs.lstat(resolved.absolute);
  if (stat.isDirectory) {
    return {
      ok: false,
      outcome: fail(
        'is_a_directory',
        `Parameter 'path': '${resolved.relative}' is a directory; delete_file removes single files only`,
      ),
    };
  }
  return { ok: true, absolute: resolved.absolute, relative: resolved.relative, stat };
}

export const tool: ToolImplementation = {
  name: 'delete_file',

  summarize(args) {
    return `Delete file '${quote(stringArg(args, 'path'))}'`;
  },

  effectiveRisk() {
    return 'high';
  },

  async precheck(args, context) {
    const target = await checkTarget(args, context);
    return target.ok ? null : target.outcome;
  },

  async run(args, context) {
    const target = await checkTarget(args, context);
    if (!target.ok) return target.outcome;
    const { relative, stat } = target;
    await context.workspace.fs.rm(target.absolute);
    const what = stat.isSymbolicLink ? 'the symbolic link' : `${stat.size} bytes`;
    return {
      success: true,
      data: { kind: 'delete', path: relative },
      message: `Deleted '${relative}' (${what})`,
      artifacts: [
        { type: 'file', change: 'deleted', path: relative, ...(stat.isSymbolicLink ? {} : { size: stat.size }) },
      ],
    };
  },
};
