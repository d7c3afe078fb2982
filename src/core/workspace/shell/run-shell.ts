/**
 * A shell command run in the workspace: just-bash over the protected view of the file system, with
 * the workspace's commands, a time limit and a person's cancel.
 */
import { Bash } from 'just-bash';
import type { IndexedInMemoryFs } from '../indexed-fs';
import { normalizeWorkspacePath } from '../paths';
import { createProtectedFs } from '../protected-fs';
import { WORKSPACE_ROOT, isTimeoutAbort, type ShellOptions, type ShellRun, type Workspace } from '../types';
import { createAllowList } from './allow-list';
import { createShellCommands } from './commands';
import { createLoopTimeLimit } from './time-limit';

/** Loop and command caps high enough that the wall-clock limit is what stops a runaway script. */
const SHELL_ITERATION_CAP = 50_000_000;
const SHELL_OUTPUT_CAP = 16 * 1024 * 1024;
const DEFAULT_SHELL_TIMEOUT_MS = 30_000;
/**
 * How long past the time limit the shell has to hand on what was printed: loops stop a moment before
 * the limit (see ./time-limit), node and Python too, and just-bash's own deadline, which drops a
 * running loop's output, comes this much after it for whatever neither reaches.
 */
const SHELL_HARD_STOP_GRACE_MS = 150;
/**
 * How long before the limit loops stop, so that what follows them (a pipeline's `head`, the groups
 * around them, the statement after them) hands their output on before the hard stop; measured on a
 * 2-core machine at a load of 15 to 20: with 250 ms in all (100 ms here) `while true; do echo y; done | head -c 6`
 * sometimes lost its output, with 400 ms it kept it.
 */
const LOOP_EARLY_STOP_MS = 250;
/** How early a program (node, Python) may stop at its own deadline, which comes a moment before the limit. */
const PROGRAM_EARLY_STOP_MS = 300;
/** How long, after the hard stop, the caller waits for the stopped shell's answer before answering itself. */
const SHELL_ANSWER_GRACE_MS = 150;

const OUTPUT_LIMIT_NOTE = `the shell's ${SHELL_OUTPUT_CAP / (1024 * 1024)} MB output limit per command; write large data in smaller steps`;

/** The shell's output-limit errors, said with the limit in megabytes and what to do. */
function explainOutputLimit(stderr: string): string {
  return stderr
    .replace(/ \(>?\d+ bytes\), increase executionLimits\.maxOutputSize$/m, ` (${OUTPUT_LIMIT_NOTE})`)
    .replace(/output size limit exceeded \(\d+ bytes\)$/m, `output size limit exceeded (${OUTPUT_LIMIT_NOTE})`);
}

async function isDirectory(fs: IndexedInMemoryFs, absolute: string): Promise<boolean> {
  return fs.stat(absolute).then(
    (stat) => stat.isDirectory,
    () => false,
  );
}

/** Run `command` in the workspace whose files `fs` holds; the workspace is what its commands (git, python) work on. */
export async function runWorkspaceShell(
  fs: IndexedInMemoryFs,
  workspace: Workspace,
  command: string,
  options: ShellOptions,
): Promise<ShellRun> {
  const timeoutMs =
    Number.isFinite(options.timeoutMs) && options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_SHELL_TIMEOUT_MS;
  const cwd = normalizeWorkspacePath(options.cwd || WORKSPACE_ROOT);
  if (!cwd.ok)
    return {
      stdout: '',
      stderr: `working directory is outside the workspace: ${options.cwd}\n`,
      exitCode: 1,
      timedOut: false,
    };
  if (!(await isDirectory(fs, cwd.absolute))) {
    return { stdout: '', stderr: `working directory does not exist: ${cwd.relative}\n`, exitCode: 1, timedOut: false };
  }
  if (options.signal?.aborted)
    return { stdout: '', stderr: 'cancelled before start\n', exitCode: 130, timedOut: false };

  const started = Date.now();
  // Every writer in the shell (redirections, cp, mv, sed -i, node's fs) goes through the protected
  // view; only `git`, which works on the workspace itself, may change `.git/`.
  const guarded = createProtectedFs(fs);
  const workspaceCommands = createShellCommands(guarded.fs, {
    deadline: started + timeoutMs,
    signal: options.signal,
    runtimes: options.runtimes,
    workspace,
  });
  const allowList = options.allowedPrograms ? createAllowList(options.allowedPrograms, workspaceCommands) : null;
  const loopLimit = createLoopTimeLimit(
    started + Math.max(0, timeoutMs - LOOP_EARLY_STOP_MS),
    () => (text) => {
      const result = bash.transform(text);
      return { script: result.script, statements: result.ast.statements.length };
    },
    options.signal,
  );
  const bash = new Bash({
    fs: loopLimit.wrapFs(guarded.fs),
    // node, npm, python and the "not available" toolchains (see ./shell); with an allow-list, only its programs.
    // The time limit's `alias` stands in for just-bash's where `alias` may run; an allow-list without it refuses it.
    ...(allowList
      ? {
          commands: allowList.builtins,
          customCommands: [
            ...allowList.commands,
            ...loopLimit.commands,
            ...(allowList.builtins.includes('alias') ? [loopLimit.alias] : []),
          ],
        }
      : { customCommands: [...workspaceCommands, ...loopLimit.commands, loopLimit.alias] }),
    cwd: cwd.absolute,
    env: { HOME: WORKSPACE_ROOT, USER: 'playground', LANG: 'C.UTF-8', TERM: 'dumb', ...(options.env ?? {}) },
    executionLimits: {
      maxExecutionTimeMs: timeoutMs + SHELL_HARD_STOP_GRACE_MS,
      maxLoopIterations: SHELL_ITERATION_CAP,
      maxCommandCount: SHELL_ITERATION_CAP,
      maxWorkUnits: SHELL_ITERATION_CAP,
      maxOutputSize: SHELL_OUTPUT_CAP,
    },
  });
  bash.registerTransformPlugin(loopLimit.plugin);
  fs.drainRefusals();
  // The shell gets its own signal: a person's cancel stops it at once, but at the call's time limit the
  // loops' check and the shell's own deadline get a moment to end it, so what it printed is kept, files
  // it wrote are settled and the exit is the shell's 124.
  const shellAbort = new AbortController();
  // just-bash drops what a top-level script printed when a limit stops it, but a brace group hands
  // its output on with the error: run inside one, so a timed-out command keeps what it had printed.
  // (The newline before `}` ends a trailing comment or here-document; line numbers do not move.)
  const script = command.trim() === '' ? command : `{ ${command}\n}`;
  const execution: Promise<ShellRun> = bash.exec(script, { cwd: cwd.absolute, signal: shellAbort.signal }).then(
    async (result) => {
      const elapsed = Date.now() - started;
      const stoppedLoop = loopLimit.fired();
      const timedOut =
        stoppedLoop ||
        (result.exitCode === 124 &&
          /execution deadline/i.test(result.stderr) &&
          elapsed >= timeoutMs - PROGRAM_EARLY_STOP_MS) ||
        (isTimeoutAbort(options.signal) && shellAbort.signal.aborted);
      const limitLine = `bash: stopped at the time limit (${Math.round(timeoutMs / 100) / 10} s)\n`;
      const stderr =
        timedOut && shellAbort.signal.aborted
          ? result.stderr.replace(/bash: execution aborted\n?$/, limitLine)
          : stoppedLoop && !/execution deadline|time limit/i.test(result.stderr)
            ? `${result.stderr}${limitLine}`
            : result.stderr;
      return {
        stdout: result.stdout,
        stderr: explainOutputLimit(stderr) + (await keepRoot(fs)),
        exitCode: timedOut ? 124 : result.exitCode,
        timedOut,
        ...(allowList && allowList.refused.length > 0 ? { refusedPrograms: [...allowList.refused] } : {}),
        ...(guarded.refusals.length > 0 ? { protectedRefusals: [...guarded.refusals] } : {}),
      };
    },
    async (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      return { stdout: '', stderr: `${message}\n${await keepRoot(fs)}`, exitCode: 2, timedOut: false };
    },
  );
  const signal = options.signal;
  if (!signal) return execution;
  // Answer the caller promptly when the signal fires, whatever the command is doing; the abandoned run
  // still ends by maxExecutionTimeMs. (A busy loop starves the event loop, so only that deadline stops it.)
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<ShellRun>((resolve) => {
    onAbort = () => {
      if (!isTimeoutAbort(signal)) {
        shellAbort.abort(signal.reason);
        resolve({ stdout: '', stderr: 'cancelled\n', exitCode: 130, timedOut: false });
        return;
      }
      const hardStop = Math.min(Date.now(), started + timeoutMs) + SHELL_HARD_STOP_GRACE_MS;
      setTimeout(
        () => {
          shellAbort.abort(signal.reason);
          const seconds = Math.round(timeoutMs / 100) / 10;
          const stoppedHere: ShellRun = {
            stdout: '',
            stderr: `bash: stopped at the time limit (${seconds} s)\n`,
            exitCode: 124,
            timedOut: true,
          };
          // The aborted shell usually answers at its next statement, with what was printed so far.
          const late = new Promise<ShellRun>((settle) => setTimeout(() => settle(stoppedHere), SHELL_ANSWER_GRACE_MS));
          void Promise.race([
            execution.then((run) => ({
              ...run,
              stderr: `${run.stderr}${stoppedHere.stderr}`,
              exitCode: 124,
              timedOut: true,
            })),
            late,
          ]).then(resolve);
        },
        Math.max(0, hardStop - Date.now()),
      );
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([execution, stopped]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The workspace root outlives any command (`rm -rf /`, `cd .. && rm -rf workspace`): the file system
 * refuses to remove it, and should it be gone anyway it is made again. Returns what to tell the user.
 */
async function keepRoot(fs: IndexedInMemoryFs): Promise<string> {
  const notes = fs
    .drainRefusals()
    .map(
      () =>
        `bash: ${WORKSPACE_ROOT}: the workspace root cannot be removed or moved; that part of the command was refused (what was inside may be gone)\n`,
    );
  const root = await fs.lstat(WORKSPACE_ROOT).catch(() => null);
  if (!root?.isDirectory) {
    try {
      fs.mkdirSync(WORKSPACE_ROOT, { recursive: true });
      notes.push(`bash: ${WORKSPACE_ROOT}: the workspace root cannot be removed; it was made again, empty\n`);
    } catch (error) {
      notes.push(
        `bash: ${WORKSPACE_ROOT}: the workspace root is damaged (${error instanceof Error ? error.message : String(error)}); reset the workspace\n`,
      );
    }
  }
  return [...new Set(notes)].join('');
}
