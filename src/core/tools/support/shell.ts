/** What execute_command and execute_script share: the working directory and the shape of a run's result. */
import type { PrecheckContext, ToolContext, ToolOutcome } from '../../runtime/types';
import { isTimeoutAbort, type ShellRun, type ShellRuntimes } from '../../workspace/types';
import { checkCSharpSyntax } from '../acode/code_analysis/parsers/syntax-check';
import { changedFiles, fingerprint } from './changes';
import { fail, resolve } from './handler';

/** What the shell's commands may use: the host's Python, and the C# parser for `dotnet build`. */
export function shellRuntimes(context: ToolContext): ShellRuntimes {
  return { python: context.python, csharpSyntax: checkCSharpSyntax };
}

export type WorkingDirectory = { ok: true; absolute: string; relative: string } | { ok: false; outcome: ToolOutcome };

export async function workingDirectory(
  context: PrecheckContext,
  userPath: string | undefined,
): Promise<WorkingDirectory> {
  const resolved = await resolve(context.workspace, userPath ?? '.', {
    parameter: 'working_directory',
    mustExist: true,
  });
  if (!resolved.ok) return resolved;
  if (!(await context.workspace.fs.stat(resolved.absolute)).isDirectory) {
    return {
      ok: false,
      outcome: fail(
        'not_a_directory',
        `Parameter 'working_directory': '${resolved.relative}' is a file, not a directory`,
      ),
    };
  }
  return resolved;
}

/** Runs `body` and reports the files it changed as artifacts; success means exit code 0. */
export async function runTracked(
  context: ToolContext,
  describe: { command: string; workingDirectory: string; language?: string; label: string },
  body: () => Promise<ShellRun>,
): Promise<ToolOutcome> {
  const before = await fingerprint(context.workspace);
  const run = await body();
  const artifacts = changedFiles(before, await fingerprint(context.workspace));
  const data = {
    kind: 'command_output' as const,
    command: describe.command,
    workingDirectory: describe.workingDirectory,
    stdout: run.stdout,
    stderr: run.stderr,
    exitCode: run.exitCode,
    ...(describe.language ? { language: describe.language } : {}),
  };
  if (run.timedOut || isTimeoutAbort(context.signal)) {
    // The same message whichever limit fired first (the shell's deadline or the call's timer).
    const seconds = Math.round(context.timeoutMs / 100) / 10;
    const kept =
      run.stdout !== '' || run.stderr !== '' || describe.language === 'python'
        ? 'its output up to the stop is included'
        : 'it had printed nothing';
    return {
      ...fail('timeout', `${describe.label} timed out after ${seconds} s and was stopped; ${kept}`, {
        ...data,
        exitCode: run.timedOut ? run.exitCode : 124,
      }),
      artifacts,
    };
  }
  if (context.signal.aborted) return { ...fail('cancelled', `${describe.label} was cancelled`, data), artifacts };
  // A refusal is the answer even when the command went on and exited 0 (awk's `cmd | getline` does).
  if (run.refusedPrograms && run.refusedPrograms.length > 0) {
    const names = run.refusedPrograms.map((name) => `'${name}'`).join(', ');
    return {
      ...fail(
        'command_not_allowed',
        `${describe.label} started ${names}, which ${run.refusedPrograms.length === 1 ? 'is' : 'are'} not on the whitelist; refused where the shell started it`,
        data,
      ),
      artifacts,
    };
  }
  if (run.protectedRefusals && run.protectedRefusals.length > 0) {
    const first = run.protectedRefusals[0]!;
    return {
      ...fail(
        'protected_path',
        `${describe.label} tried to ${first.operation} '${first.path}': ${first.reason}; the change was refused`,
        data,
      ),
      artifacts,
    };
  }
  if (run.exitCode !== 0) {
    const firstError = run.stderr.trim().split('\n')[0] ?? '';
    return {
      ...fail(
        'execution_failed',
        `${describe.label} exited with code ${run.exitCode}${firstError ? `: ${firstError.slice(0, 200)}` : ''}`,
        data,
      ),
      artifacts,
    };
  }
  return { success: true, data, message: `${describe.label} exited with code 0`, artifacts };
}
