/** write_file: create or replace a file, written to a temporary sibling and renamed into place. */
import type { RiskLevel } from '../../../toolset/types';
import type { ToolArtifact, ToolImplementation } from '../../../runtime/types';
import { encodeText, isTextEncoding } from '../../support/encoding';
import { baseName, booleanArg, fail, joinPath, missingDirectories, parentOf, quote, relativeOf, resolve, stringArg, succeed } from '../../support/handler';

/** The schema caps content at 1 MB of characters; this guards the bytes (utf-8 and utf-16 take up to 3 and 2 per character). */
export const MAX_WRITE_BYTES = 4 * 1024 * 1024;

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

  async run(args, context) {
    const userPath = stringArg(args, 'path');
    const content = stringArg(args, 'content');
    const createDirectories = booleanArg(args, 'create_directories', false);
    const overwrite = booleanArg(args, 'overwrite', true);
    const encoding = isTextEncoding(args['encoding']) ? args['encoding'] : 'utf-8';

    const resolved = await resolve(context.workspace, userPath, { parameter: 'path', forWrite: true });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    const target = resolved.absolute;
    if (resolved.relative === '.') return fail('is_a_directory', `Parameter 'path': the workspace root is a directory, not a file`);

    const exists = await fs.exists(target);
    if (exists) {
      const stat = await fs.stat(target);
      if (stat.isDirectory) return fail('is_a_directory', `Parameter 'path': '${resolved.relative}' is a directory; give a file path inside it`);
      if (!overwrite) {
        return fail('already_exists', `Parameter 'path': '${resolved.relative}' already exists and overwrite is false`, undefined, [
          'Set overwrite to true to replace it, or choose another path',
        ]);
      }
    }

    const encoded = encodeText(content, encoding);
    if (!encoded.ok) return fail('encoding_error', `Parameter 'content': ${encoded.message}`);
    if (encoded.bytes.length > MAX_WRITE_BYTES) {
      return fail('file_too_large', `Parameter 'content': ${encoded.bytes.length} bytes is over the ${MAX_WRITE_BYTES} byte write limit; write in chunks`);
    }

    const parent = parentOf(target);
    const missing = await missingDirectories(fs, parent);
    if (missing.length > 0 && !createDirectories) {
      return fail('path_not_found', `Parameter 'path': parent directory '${relativeOf(parent)}' does not exist`, undefined, [
        'Set create_directories to true to create the missing directories',
      ]);
    }
    // Check the nearest existing ancestor is a directory, not a file.
    const existingAncestor = missing.length > 0 ? parentOf(missing[0]!) : parent;
    if ((await fs.exists(existingAncestor)) && !(await fs.stat(existingAncestor)).isDirectory) {
      return fail('not_a_directory', `Parameter 'path': '${relativeOf(existingAncestor)}' is a file, so it cannot contain '${baseName(target)}'`);
    }

    const artifacts: ToolArtifact[] = [];
    for (const directory of missing) {
      await fs.mkdir(directory, { recursive: true });
      artifacts.push({ type: 'directory', change: 'created', path: relativeOf(directory) });
    }

    // Atomic replace: a reader never sees half a file, and a failed write leaves the old one intact.
    const temporary = joinPath(parent, `.${baseName(target)}.${Math.random().toString(36).slice(2, 10)}.tmp`);
    try {
      await fs.writeFile(temporary, encoded.bytes);
      await fs.mv(temporary, target);
    } finally {
      if (await fs.exists(temporary)) await fs.rm(temporary, { force: true });
    }

    artifacts.push({ type: 'file', change: exists ? 'modified' : 'created', path: resolved.relative, size: encoded.bytes.length });
    return succeed(
      { kind: 'write', path: resolved.relative, bytesWritten: encoded.bytes.length, created: !exists },
      `${exists ? 'Replaced' : 'Created'} '${resolved.relative}' (${encoded.bytes.length} bytes, ${encoding})`,
      artifacts,
    );
  },
};

export default tool;
