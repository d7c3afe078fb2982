/** move_file: move or rename one file inside the workspace, honouring overwrite. */
import type { ToolArtifact, ToolImplementation } from '../../../runtime/types';
import { baseName, booleanArg, fail, missingDirectories, parentOf, quote, relativeOf, resolve, stringArg, succeed } from '../../support/handler';

export const tool: ToolImplementation = {
  name: 'move_file',

  summarize(args) {
    const overwrite = booleanArg(args, 'overwrite', false) ? ' (overwrite)' : '';
    return `Move '${quote(stringArg(args, 'source'), 60)}' to '${quote(stringArg(args, 'destination'), 60)}'${overwrite}`;
  },

  /** Replacing an existing destination loses its content. */
  async effectiveRisk(args, workspace) {
    if (!booleanArg(args, 'overwrite', false)) return 'low';
    const destination = await workspace.resolvePath(stringArg(args, 'destination'), { parameter: 'destination', forWrite: true });
    return destination.ok && (await workspace.fs.exists(destination.absolute)) ? 'medium' : 'low';
  },

  async run(args, context) {
    const overwrite = booleanArg(args, 'overwrite', false);
    const source = await resolve(context.workspace, stringArg(args, 'source'), { parameter: 'source', mustExist: true, forWrite: true });
    if (!source.ok) return source.outcome;
    let destination = await resolve(context.workspace, stringArg(args, 'destination'), { parameter: 'destination', forWrite: true });
    if (!destination.ok) return destination.outcome;
    const { fs } = context.workspace;

    if ((await fs.stat(source.absolute)).isDirectory) {
      return fail('is_a_directory', `Parameter 'source': '${source.relative}' is a directory; move_file moves single files`);
    }
    // "Move into a directory": keep the file's name, as `mv file dir/` does.
    if ((await fs.exists(destination.absolute)) && (await fs.stat(destination.absolute)).isDirectory) {
      const inside = destination.relative === '.' ? baseName(source.relative) : `${destination.relative}/${baseName(source.relative)}`;
      destination = await resolve(context.workspace, inside, { parameter: 'destination', forWrite: true });
      if (!destination.ok) return destination.outcome;
    }
    if (destination.absolute === source.absolute) {
      return fail('already_exists', `Parameter 'destination': '${destination.relative}' is the source itself`);
    }

    const destinationExists = await fs.exists(destination.absolute);
    if (destinationExists) {
      if ((await fs.stat(destination.absolute)).isDirectory) {
        return fail('is_a_directory', `Parameter 'destination': '${destination.relative}' is a directory`);
      }
      if (!overwrite) {
        return fail('already_exists', `Parameter 'destination': '${destination.relative}' already exists and overwrite is false`, undefined, [
          'Set overwrite to true to replace it, or choose another destination',
        ]);
      }
    }

    const artifacts: ToolArtifact[] = [];
    const parent = parentOf(destination.absolute);
    const missing = await missingDirectories(fs, parent);
    const existingAncestor = missing.length > 0 ? parentOf(missing[0]!) : parent;
    if (!(await fs.stat(existingAncestor)).isDirectory) {
      return fail('not_a_directory', `Parameter 'destination': '${relativeOf(existingAncestor)}' is a file, so it cannot contain '${baseName(destination.relative)}'`);
    }
    for (const directory of missing) {
      await fs.mkdir(directory, { recursive: true });
      artifacts.push({ type: 'directory', change: 'created', path: relativeOf(directory) });
    }

    const size = (await fs.stat(source.absolute)).size;
    if (destinationExists) await fs.rm(destination.absolute);
    await fs.mv(source.absolute, destination.absolute);
    artifacts.push({ type: 'file', change: 'moved', path: destination.relative, from: source.relative, size });
    return succeed(
      { kind: 'move', source: source.relative, destination: destination.relative, overwritten: destinationExists },
      `Moved '${source.relative}' to '${destination.relative}'${destinationExists ? ' (replaced the existing file)' : ''}`,
      artifacts,
    );
  },
};

export default tool;
