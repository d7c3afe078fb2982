/** WriteFile: create or replace a file atomically (temporary file + rename), at most 1 MB of UTF-8. */
import type { ToolArtifact, ToolImplementation, ToolOutcome, PrecheckContext } from '../../../runtime/types';
import { fail, missingDirectories, parentOf, quote, relativeOf, stringArg, succeed } from '../../support/handler';
import { validatePath } from '../path-validator';
import { writeAtomically } from './atomic';

export const WRITE_LIMIT_BYTES = 1024 * 1024;

type Plan =
  | { ok: true; target: string; relative: string; bytes: Uint8Array; exists: boolean }
  | { ok: false; outcome: ToolOutcome };

async function plan(args: Record<string, unknown>, context: PrecheckContext): Promise<Plan> {
  const filePath = stringArg(args, 'filePath');
  const resolved = await validatePath(context.workspace, filePath, { parameter: 'filePath', forWrite: true });
  if (!resolved.ok) return resolved;
  if (resolved.relative === '.')
    return {
      ok: false,
      outcome: fail('is_a_directory', `Parameter 'filePath': the workspace root is a directory, not a file`),
    };
  const bytes = new TextEncoder().encode(stringArg(args, 'content'));
  if (bytes.length > WRITE_LIMIT_BYTES) {
    return {
      ok: false,
      outcome: fail(
        'file_too_large',
        `Parameter 'content': Content size exceeds limit ${WRITE_LIMIT_BYTES} bytes (it is ${bytes.length} bytes of UTF-8)`,
      ),
    };
  }
  const { fs } = context.workspace;
  const exists = await fs.exists(resolved.absolute);
  if (exists && (await fs.stat(resolved.absolute)).isDirectory) {
    return {
      ok: false,
      outcome: fail(
        'is_a_directory',
        `Parameter 'filePath': '${resolved.relative}' is a directory; give a file path inside it`,
      ),
    };
  }
  return { ok: true, target: resolved.absolute, relative: resolved.relative, bytes, exists };
}

export const tool: ToolImplementation = {
  name: 'WriteFile',

  summarize: (args) =>
    `Write ${stringArg(args, 'content').length} characters to '${quote(stringArg(args, 'filePath'))}'`,

  async effectiveRisk(args, workspace) {
    const resolved = await workspace.resolvePath(stringArg(args, 'filePath'), {
      parameter: 'filePath',
      forWrite: true,
    });
    return resolved.ok && (await workspace.fs.exists(resolved.absolute)) ? 'medium' : 'low';
  },

  async precheck(args, context) {
    const result = await plan(args, context);
    return result.ok ? null : result.outcome;
  },

  async run(args, context) {
    const result = await plan(args, context);
    if (!result.ok) return result.outcome;
    const { fs } = context.workspace;
    const artifacts: ToolArtifact[] = [];
    // Directory.CreateDirectory: missing parents are made, as PRFactory's WriteFileTool does.
    for (const directory of await missingDirectories(fs, parentOf(result.target))) {
      await fs.mkdir(directory, { recursive: true });
      artifacts.push({ type: 'directory', change: 'created', path: relativeOf(directory) });
    }
    await writeAtomically(fs, result.target, result.bytes);
    artifacts.push({
      type: 'file',
      change: result.exists ? 'modified' : 'created',
      path: result.relative,
      size: result.bytes.length,
    });
    return succeed(
      { kind: 'write', path: result.relative, bytesWritten: result.bytes.length, created: !result.exists },
      `Successfully wrote ${result.bytes.length} bytes to ${stringArg(args, 'filePath')}`,
      artifacts,
    );
  },
};
