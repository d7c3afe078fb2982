/**
 * The time limit as every shell loop checks it. just-bash holds a compound command's output until the
 * command ends, and its own deadline stops a loop by an error that drops what the loop had printed
 * (`while true; do echo y; done` ends with no output). So each loop body starts with a check that,
 * past the limit, leaves by `exit 124`: bash's exit hands every level's output on, and the run ends
 * with what it printed up to the limit. Texts parsed while the shell runs (`eval`, `source`, a script
 * run by path) get the same check (see ./late-scripts). just-bash's own deadline stays, a moment later,
 * for whatever no loop check reaches (a command that waits).
 *
 * Measured on a busy 2-core machine: a 3,000-iteration `while` loop whose body only counts and echoes takes
 * 0.6–0.9 s without the check and 1.4–1.7 s with it (two commands an iteration: the check, and the restore that keeps
 * `$?`); a body that runs real commands pays the same 0.25 ms an iteration, a smaller share of its time.
 */
import { isTimeoutAbort } from '../types';
import { defineCommand, type Command, type IFileSystem, type StatementNode, type TransformPlugin } from 'just-bash';
import { createLateScripts, rewriteLateScript, type Transform } from './late-scripts';

/** The name of the check; not a name a person would give a program. */
export const TIME_LIMIT_CHECK = '__shell_time_limit_check';
/** Gives back the status the check was handed, so `$?` at the start of a loop body is what bash says it is. */
const STATUS_RESTORE = '__shell_time_limit_status';

const LOOP_TYPES = new Set(['While', 'Until', 'For', 'CStyleFor']);

const literal = (value: string) => ({ type: 'Word' as const, parts: [{ type: 'Literal' as const, value }] });
const simple = (name: string, args: object[], line: number) => ({
  type: 'Pipeline',
  commands: [{ type: 'SimpleCommand', name: literal(name), args, assignments: [], redirections: [], line }],
  negated: false,
  timed: false,
  timePosix: false,
});

/**
 * `__shell_time_limit_check "$?" || exit 124` and `__shell_time_limit_status`, as just-bash's parser gives them. Written
 * out because the browser's build of just-bash has no parser among its exports; a test holds it to the parser's output.
 */
export const CHECK_STATEMENTS = [
  {
    type: 'Statement',
    pipelines: [
      simple(
        TIME_LIMIT_CHECK,
        [
          {
            type: 'Word',
            parts: [{ type: 'DoubleQuoted', parts: [{ type: 'ParameterExpansion', parameter: '?', operation: null }] }],
          },
        ],
        1,
      ),
      simple('exit', [literal('124')], 1),
    ],
    operators: ['||'],
    background: false,
    sourceText: `${TIME_LIMIT_CHECK} "$?" || exit 124`,
  },
  {
    type: 'Statement',
    pipelines: [simple(STATUS_RESTORE, [], 2)],
    operators: [],
    background: false,
    sourceText: STATUS_RESTORE,
  },
] as unknown as readonly StatementNode[];

export interface LoopTimeLimit {
  /** The check and its status restore, registered beside the workspace's commands. */
  commands: Command[];
  /** Puts the check at the start of every loop body of the script. */
  plugin: TransformPlugin;
  /** Whether a loop was stopped at the limit. */
  fired(): boolean;
  /** The shell's file system, as the files that `source` and a script run by path read are prepared through. */
  wrapFs(fs: IFileSystem): IFileSystem;
}

/**
 * Adds `check` to the body of every loop in `node`, nested loops and function bodies included, and has
 * every text the shell parses while it runs (`eval`, `source`, a script run by path) do the same.
 */
function addCheck(node: unknown, check: readonly StatementNode[]): void {
  // A worklist, not recursion: a script's nesting does not grow the stack.
  const pending: unknown[] = [node];
  while (pending.length > 0) {
    const current = pending.pop();
    if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const record = current as Record<string, unknown>;
    rewriteLateScript(record);
    for (const value of Object.values(record)) if (typeof value === 'object' && value !== null) pending.push(value);
    if (typeof record['type'] === 'string' && LOOP_TYPES.has(record['type']) && Array.isArray(record['body'])) {
      record['body'].unshift(...check.map((statement) => structuredClone(statement)));
    }
  }
}

/**
 * A check that stops every loop once `deadline` (epoch milliseconds) has passed, or the call's own
 * time limit has aborted `signal`. `transform` is the shell's own (parse, plugins, serialize), through
 * which the texts the shell parses while it runs pass.
 */
export function createLoopTimeLimit(deadline: number, transform: () => Transform, signal?: AbortSignal): LoopTimeLimit {
  const late = createLateScripts(transform);
  let fired = false;
  // The status before the check; nothing runs between the check and its restore, so one slot holds it.
  let status = 0;
  const check = defineCommand(TIME_LIMIT_CHECK, async (args) => {
    status = Number(args[0]) || 0;
    if (Date.now() < deadline && !isTimeoutAbort(signal)) return { stdout: '', stderr: '', exitCode: 0 };
    fired = true;
    return { stdout: '', stderr: '', exitCode: 1 };
  });
  const restore = defineCommand(STATUS_RESTORE, async () => ({ stdout: '', stderr: '', exitCode: status }));
  return {
    commands: [check, restore, ...late.commands],
    plugin: {
      name: 'loop-time-limit',
      transform: ({ ast }) => {
        addCheck(ast, CHECK_STATEMENTS);
        return { ast };
      },
    },
    fired: () => fired,
    wrapFs: late.wrapFs,
  };
}
