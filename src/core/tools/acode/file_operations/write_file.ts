/** write_file: create or replace a file, written to a temporary sibling and renamed into place. */
import type { RiskLevel } from '../../../toolset/types';
import type { PrecheckContext, ToolArtifact, ToolImplementation, ToolOutcome } from '../../../runtime/types';
import { encodeText, isTextEncoding, type TextEncodingName } from '../../support/encoding';
import {
  baseName,
  booleanArg,
  fail,
  joinPath,
  missingDirectories,
  parentOf,
  quote,
  relativeOf,
  resolve,
  stringArg,
  succeed,
} from '../../support/handler';

/** The schema caps content at 1 MB of characters; this guards the bytes (utf-8 and utf-16 take up to 3 and 2 per character). */
const MAX_WRITE_BYTES = 4 * 1024 * 1024;

type WritePlan =
  | {
      ok: true;
      resolved: { absolute: string; relative: string };
      target: string;
      parent: string;
      missing: string[];
      exists: boolean;
      encoded: Uint8Array;
      encoding: TextEncodingName;
    }
  | { ok: false; outcome: ToolOutcome };

/** Every reason the write cannot happen, checked before approval and again before writing; changes nothing. */
async function planWrite(args: Record<string, unknown>, context: PrecheckContext): Promise<WritePlan> {
  const content = stringArg(args, 'content');
  const createDirectories = booleanArg(args, 'create_directories', false);
  const overwrite = booleanArg(args, 'overwrite', true);
  const encoding: TextEncodingName = isTextEncoding(args['encoding']) ? args['encoding'] : 'utf-8';
  const refuse = (outcome: ToolOutcome): WritePlan => ({ ok: false, outcome });

  // Through a symbolic link the write lands where the link points (and the path policy judges that place).
  const resolved = await resolve(context.workspace, stringArg(args, 'path'), { parameter: 'path', forWrite: true });
  if (!resolved.ok) return resolved;
  const { fs } = context.workspace;
  const target = resolved.absolute;
  if (resolved.relative === '.')
    return refuse(fail('is_a_directory', `Parameter 'path': the workspace root is a directory, not a file`));

  const exists = await fs.exists(target);
  if (exists) {
    const stat = await fs.stat(target);
    if (stat.isDirectory)
      return refuse(
        fail('is_a_directory', `Parameter 'path': '${resolved.relative}' is a directory; give a file path inside it`),
      );
    if (!overwrite) {
      return refuse(
        fail(
          'already_exists',
          `Parameter 'path': '${resolved.relative}' already exists and overwrite is false`,
          undefined,
          ['Set overwrite to true to replace it, or choose another path'],
        ),
      );
    }
  }

  const encoded = encodeText(content, encoding);
  if (!encoded.ok) return refuse(fail('encoding_error', `Parameter 'content': ${encoded.message}`));
  if (encoded.bytes.length > MAX_WRITE_BYTES) {
    return refuse(
      fail(
        'file_too_large',
        `Parameter 'content': ${encoded.bytes.length} bytes is over the ${MAX_WRITE_BYTES} byte write limit; write in chunks`,
      ),
    );
  }

  const parent = parentOf(target);
  const missing = await missingDirectories(fs, parent);
  if (missing.length > 0 && !createDirectories) {
    return refuse(
      fail('path_not_found', `Parameter 'path': parent directory '${relativeOf(parent)}' does not exist`, undefined, [
        'Set create_directories to true to create the missing directories',
      ]),
    );
  }
  // The nearest existing ancestor must be a directory, not a file.
  const existingAncestor = missing.length > 0 ? parentOf(missing[0]!) : parent;
  if ((await fs.exists(existingAncestor)) && !(await fs.stat(existingAncestor)).isDirectory) {
    return refuse(
      fail(
        'not_a_directory',
        `Parameter 'path': '${relativeOf(existingAncestor)}' is a file, so it cannot contain '${baseName(target)}'`,
      ),
    );
  }
  return { ok: true, resolved, target, parent, missing, exists, encoded: encoded.bytes, encoding };
}

export const tool: ToolImplementation = {
  name: 'write_file',

  summarize(args) {
    const content = stringArg(args, 'content');
    const options: string[] = [];
    if (booleanArg(args, 'create_directories', false)) options.push('creating directories');
    if (!booleanArg(args, 'overwrite', true)) options.push('no overwrite');
    if (isTextEncoding(args['encoding']) && args['encoding'] !== 'utf-8') options.push(args['encoding']);
    return `Write ${content.length} character${content.length === 1 ? '' : 's'} to '${quote(stringArg(args, 'path'))}'${options.length > 0 ? ` (${options.join(', ')})` : ''}`;
  },

  /** New files are a low risk; replacing an existing one loses its content, so it needs approval. */
  async effectiveRisk(args, workspace): Promise<RiskLevel> {
    const resolved = await workspace.resolvePath(stringArg(args, 'path'), { parameter: 'path', forWrite: true });
    if (!resolved.ok) return 'low';
    return (await workspace.fs.exists(resolved.absolute)) ? 'medium' : 'low';
  },

  suggestFollowUps(args, outcome) {
    return outcome.success ? [`Read it back with read_file {"path": "${stringArg(args, 'path')}"}`] : [];
  },

  async precheck(args, context) {
    const plan = await planWrite(args, context);
    return plan.ok ? null : plan.outcome;
  },

  async run(args, context) {
    const plan = await planWrite(args, context);
    if (!plan.ok) return plan.outcome;
    const { fs } = context.workspace;
    const { resolved, target, parent, missing, exists, encoded, encoding } = plan;

    const artifacts: ToolArtifact[] = [];
    for (const directory of missing) {
      await fs.mkdir(directory, { recursive: true });
      artifacts.push({ type: 'directory', change: 'created', path: relativeOf(directory) });
    }

    // Atomic replace: a reader never sees half a file, and a failed write leaves the old one intact.
    const temporary = joinPath(parent, `.${baseName(target)}.${Math.random().toString(36).slice(2, 10)}.tmp`);
    try {
      await fs.writeFile(temporary, encoded);
      await fs.mv(temporary, target);
    } finally {
      if (await fs.exists(temporary)) await fs.rm(temporary, { force: true });
    }

    artifacts.push({
      type: 'file',
      change: exists ? 'modified' : 'created',
      path: resolved.relative,
      size: encoded.length,
    });
    return succeed(
      { kind: 'write', path: resolved.relative, bytesWritten: encoded.length, created: !exists },
      `${exists ? 'Replaced' : 'Created'} '${resolved.relative}' (${encoded.length} bytes, ${encoding})`,
      artifacts,
    );
  },
};
