/** What the PRFactory command tools share: the working directory check and a tracked shell run. */
import type { PrecheckContext, ToolContext, ToolOutcome } from '../../../runtime/types';
import { runTracked, shellRuntimes } from '../../support/shell';
import { fail, quote } from '../../support/handler';
import { validatePath } from '../path-validator';
import { ALLOWED_PROGRAMS } from './whitelist';

export type Directory = { ok: true; absolute: string; relative: string } | { ok: false; outcome: ToolOutcome };

export async function directoryArg(context: PrecheckContext, userPath: string, parameter: string): Promise<Directory> {
  const resolved = await validatePath(context.workspace, userPath || '.', { parameter, mustExist: true });
  if (!resolved.ok) return resolved;
  if (!(await context.workspace.fs.stat(resolved.absolute)).isDirectory) {
    return {
      ok: false,
      outcome: fail('not_a_directory', `Parameter '${parameter}': '${resolved.relative}' is a file, not a directory`),
    };
  }
  return resolved;
}

export function runCommand(
  context: ToolContext,
  command: string,
  directory: { absolute: string; relative: string },
  label: string,
): Promise<ToolOutcome> {
  return runTracked(
    context,
    { command, workingDirectory: directory.relative, label: `${label} \`${quote(command, 60)}\`` },
    () =>
      // The whitelist holds for every program the run starts, npm scripts' included.
      context.workspace.runShell(command, {
        cwd: directory.absolute,
        timeoutMs: context.timeoutMs,
        signal: context.signal,
        runtimes: shellRuntimes(context),
        allowedPrograms: ALLOWED_PROGRAMS,
      }),
  );
}
