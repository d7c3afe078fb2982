/** delete_file: remove one file, only with confirm: true; directories are refused. */
import type { ToolImplementation } from '../../../runtime/types';
import { booleanArg, fail, quote, resolve, stringArg, succeed } from '../../support/handler';

export const tool: ToolImplementation = {
  name: 'delete_file',

  summarize(args) {
    return `Delete file '${quote(stringArg(args, 'path'))}'`;
  },

  effectiveRisk() {
    return 'high';
  },

  async run(args, context) {
    const userPath = stringArg(args, 'path');
    if (!booleanArg(args, 'confirm', false)) {
      return fail('confirmation_required', `Parameter 'confirm': deleting '${quote(userPath)}' is destructive; set confirm to true to delete it`, undefined, [
        'Call delete_file again with "confirm": true if the deletion is intended',
      ]);
    }
    const resolved = await resolve(context.workspace, userPath, { parameter: 'path', mustExist: true, forWrite: true });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    const stat = await fs.stat(resolved.absolute);
    if (stat.isDirectory) {
      return fail('is_a_directory', `Parameter 'path': '${resolved.relative}' is a directory; delete_file removes single files only`);
    }
    await fs.rm(resolved.absolute);
    return succeed({ kind: 'delete', path: resolved.relative }, `Deleted '${resolved.relative}' (${stat.size} bytes)`, [
      { type: 'file', change: 'deleted', path: resolved.relative, size: stat.size },
    ]);
  },
};

export default tool;
