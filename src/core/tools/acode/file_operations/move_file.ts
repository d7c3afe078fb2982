/** move_file: move or rename one file inside the workspace, honouring overwrite. */
import type { PrecheckContext, ToolArtifact, ToolImplementation, ToolOutcome } from '../../../runtime/types';
import {
  baseName,
  booleanArg,
  fail,
  missingDirectories,
  parentOf,
  quote,
  relativeOf,
  resolve,
  stringArg,
  succeed,
} from '../../support/handler';

type Place = { absolute: string; relative: string };
type MovePlan =
  { ok: true; source: Place; destination: Place; destinationExists: boolean } | { ok: false; outcome: ToolOutcome };

/** Every reason the move cannot happen, checked before approval and again before moving; changes nothing. */
async function planMove(args: Record<string, unknown>, context: PrecheckContext): Promise<MovePlan> {
  const overwrite = booleanArg(args, 'overwrite', false);
  const refuse = (outcome: ToolOutcome): MovePlan => ({ ok: false, outcome });
  // A symbolic link as the source is moved itself, as mv does; a destination link is followed.
  const source = await resolve(context.workspace, stringArg(args, 'source'), {
    parameter: 'source',
    mustExist: true,
    forWrite: true,
    linkItself: true,
  });
  if (!source.ok) return source;
  let destination = await resolve(context.workspace, stringArg(args, 'destination'), {
    parameter: 'destination',
    forWrite: true,
  });
  if (!destination.ok) return destination;
  const { fs } = context.workspace;

  if ((await fs.lstat(source.absolute)).isDirectory) {
    return refuse(
      fail('is_a_directory', `Parameter 'source': '${source.relative}' is a directory; move_file moves single files`),
    );
  }
  // "Move into a directory": keep the file's name, as `mv file dir/` does.
  if ((await fs.exists(destination.absolute)) && (await fs.stat(destination.absolute)).isDirectory) {
    const inside =
      destination.relative === '.' ? baseName(source.relative) : `${destination.relative}/${baseName(source.relative)}`;
    destination = await resolve(context.workspace, inside, { parameter: 'destination', forWrite: true });
    if (!destination.ok) return destination;
  }
  if (destination.absolute === source.absolute) {
    return refuse(fail('already_exists', `Parameter 'destination': '${destination.relative}' is the source itself`));
  }

  const destinationExists = await fs.exists(destination.absolute);
  if (destinationExists) {
    if ((await fs.stat(destination.absolute)).isDirectory) {
      return refuse(fail('is_a_directory', `Parameter 'destination': '${destination.relative}' is a directory`));
    }
    if (!overwrite) {
      return refuse(
        fail(
          'already_exists',
          `Parameter 'destination': '${destination.relative}' already exists and overwrite is false`,
          undefined,
          ['Set overwrite to true to replace it, or choose another destination'],
        ),
      );
    }
  }
  const missing = await missingDirectories(fs, parentOf(destination.absolute));
  const existingAncestor = missing.length > 0 ? parentOf(missing[0]!) : parentOf(destination.absolute);
  if (!(await fs.stat(existingAncestor)).isDirectory) {
    return refuse(
      fail(
        'not_a_directory',
        `Parameter 'destination': '${relativeOf(existingAncestor)}' is a file, so it cannot contain '${baseName(destination.relative)}'`,
      ),
    );
  }
  return { ok: true, source, destination, destinationExists };
}

export const tool: ToolImplementation = {
  name: 'move_file',

  summarize(args) {
    const overwrite = booleanArg(args, 'overwrite', false) ? ' (overwrite)' : '';
    return `Move '${quote(stringArg(args, 'source'), 60)}' to '${quote(stringArg(args, 'destination'), 60)}'${overwrite}`;
  },

  /** Replacing an existing destination loses its content. */
  async effectiveRisk(args, workspace) {
    if (!booleanArg(args, 'overwrite', false)) return 'low';
    const destination = await workspace.resolvePath(stringArg(args, 'destination'), {
      parameter: 'destination',
      forWrite: true,
    });
    return destination.ok && (await workspace.fs.exists(destination.absolute)) ? 'medium' : 'low';
  },

  async precheck(args, context) {
    const plan = await planMove(args, context);
    return plan.ok ? null : plan.outcome;
  },

  async run(args, context) {
    const plan = await planMove(args, context);
    if (!plan.ok) return plan.outcome;
    const { source, destination, destinationExists } = plan;
    const { fs } = context.workspace;

    const artifacts: ToolArtifact[] = [];
    const missing = await missingDirectories(fs, parentOf(destination.absolute));
    for (const directory of missing) {
      await fs.mkdir(directory, { recursive: true });
      artifacts.push({ type: 'directory', change: 'created', path: relativeOf(directory) });
    }

    const size = (await fs.lstat(source.absolute)).size;
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
