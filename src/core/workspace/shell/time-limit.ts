/**
 * The time limit as every shell loop checks it. just-bash holds a compound command's output until the
 * command ends, and its own deadline stops a loop by an error that drops what the loop had printed
 * (`while true; do echo y; done` ends with no output). So each loop body starts with a check that,
 * past the limit, leaves by `exit 124`: bash's exit hands every level's output on, and the run ends
 * with what it printed up to the limit. Texts parsed while the shell runs (`eval`, `source`, a script
 * run by path) get the same check (see ./late-scripts), and so does an alias's text (see ./aliases). A command
 * that may end another shell (`bash -c`, a subshell, a command substitution, an alias: see ./inner-shells) is
 * followed by the check too, and so is a pipeline of two or more commands that may hold one or a loop (see
 * ./pipe-check): once the run may define functions or aliases from text read later, every such pipeline. So once an
 * inner shell left at the limit, the shell around it leaves as well instead of running what follows.
 * just-bash's own deadline stays, a moment later, for whatever no check reaches (a command that waits).
 *
 * The check asks the file system: `test -e` on a path under CHECK_ROOT, which the shell's file system
 * answers from the clock. A `test` costs a builtin and one file-system call, where a command of our own
 * costs just-bash a context, a timer and a trusted scope: measured on a 2-core machine at a load average of
 * 10-12 (CPU time, median of 5), two commands of our own in a counting `while` loop's body added 0.37 ms an
 * iteration, this check 0.09 ms in a 1,000-iteration `for` loop. The check's first `test` hands the file
 * system `$?` in its path and is true while the limit is not reached and `$?` is 0, so that common case
 * ends there; otherwise the rest gives `$?` back as it was (`test` for 1, a command of our own for any
 * other status).
 */
import { isTimeoutAbort } from '../types';
import { defineCommand, type Command, type IFileSystem, type StatementNode, type TransformPlugin } from 'just-bash';
import { mayLeaveAnotherShell, pipelineMayLeave, scanDefinitions } from './inner-shells';
import { createAliasCommand } from './aliases';
import { createLateScripts, rewriteLateScript, type Transform } from './late-scripts';
import { createPipeStatus, pipelineWithCheck } from './pipe-check';
import { command, exists, literal, pipelineOf, simple, statement } from './shell-tree';

/** Gives back a status past 1 that the check was handed, so `$?` after the check is what bash says it is. */
export const TIME_LIMIT_CHECK = '__shell_time_limit_status';
/** The file-system paths the check asks about; nothing is stored there. */
export const CHECK_ROOT = '/.__shell_time_limit';
const GO = `${CHECK_ROOT}/go`;
const MORE = `${CHECK_ROOT}/more`;
/** The path the check after a pipeline of two or more commands hands its statuses in (see ./pipe-check). */
const PIPE = `${CHECK_ROOT}/pipe`;

const LOOP_TYPES = new Set(['While', 'Until', 'For', 'CStyleFor']);

const GO_TEXT = `test -e ${GO} || exit 124`;
// `&& :` after the restore: a status past 1 given back there does not set off `set -e`, as bash's own would not.
const MORE_TEXT = `test -e ${MORE} && ${TIME_LIMIT_CHECK} && :`;
const CHECK_TEXT = `test -e "${CHECK_ROOT}/$?" || { ${GO_TEXT}; ${MORE_TEXT}; }`;

/**
 * The check, as just-bash's parser gives it for CHECK_TEXT. Written out because the browser's build of
 * just-bash has no parser among its exports; a test holds it to the parser's output.
 */
export const CHECK_STATEMENTS = [
  statement(
    [
      exists({
        type: 'Word',
        parts: [
          {
            type: 'DoubleQuoted',
            parts: [
              { type: 'Literal', value: `${CHECK_ROOT}/` },
              { type: 'ParameterExpansion', parameter: '?', operation: null },
            ],
          },
        ],
      }),
      {
        type: 'Pipeline',
        commands: [
          {
            type: 'Group',
            body: [
              statement([exists(literal(GO)), simple('exit', [literal('124')])], ['||'], GO_TEXT),
              statement(
                [exists(literal(MORE)), simple(TIME_LIMIT_CHECK, []), simple(':', [])],
                ['&&', '&&'],
                MORE_TEXT,
              ),
            ],
            redirections: [],
          },
        ],
        negated: false,
        timed: false,
        timePosix: false,
      },
    ],
    ['||'],
    CHECK_TEXT,
  ),
] as unknown as readonly StatementNode[];

export interface LoopTimeLimit {
  /** The status restore and the late scripts' commands, registered beside the workspace's commands. */
  commands: Command[];
  /** The shell's `alias`, which puts the check in an alias's text (see ./aliases); registered where `alias` may run. */
  alias: Command;
  /** Puts the check at the start of every loop body of the script, and after every command that may end another shell. */
  plugin: TransformPlugin;
  /** Whether a check found the limit reached. */
  fired(): boolean;
  /** The shell's file system, as the check asks it and the files that `source` and a script run by path read are prepared through. */
  wrapFs(fs: IFileSystem): IFileSystem;
}

const fresh = (check: readonly StatementNode[]): StatementNode[] => check.map((item) => structuredClone(item));

type MakeCheck = () => StatementNode[];

/** What the scripts of a run define, as each text the shell reads comes to be transformed. */
interface Definitions {
  /** The functions they define. */
  functions: Set<string>;
  /** The aliases they define, where written out, and every alias defined while the run goes on. */
  aliases: Set<string>;
  /**
   * Whether one of them holds `eval`, `source` or such (see scanDefinitions): text read later may then define a
   * function or an alias by the name of a plain command, which a pipeline of a text read before it may call.
   */
  late: boolean;
}

/** `{ COMMAND && :; CHECK; }`, for a command whose pipeline is not the last of its statement (`bash -c … || …`). */
function groupWithCheck(inner: unknown, makeCheck: MakeCheck) {
  // `&& :` keeps the command from setting off `set -e` inside the group: where it stands, bash exempts it.
  const first = statement([pipelineOf(inner), pipelineOf(command(':', []))], ['&&']);
  return { type: 'Group', body: [first, ...makeCheck()], redirections: [] };
}

/** The command of a pipeline of one command, else undefined (a longer pipeline gets a check of its own: ./pipe-check). */
function onlyCommand(pipeline: unknown): unknown {
  const commands = (pipeline as { commands?: unknown[] }).commands;
  return commands?.length === 1 ? commands[0] : undefined;
}

/**
 * Puts the check after each command in `statements` that may end another shell: after the statement when it is
 * the statement's last pipeline (the statement's status and `set -e` stay bash's), else around it; and after a
 * pipeline of two or more commands that may hold a loop or such a shell (see ./pipe-check), which is any such
 * pipeline once the run may define functions or aliases from text read later (`known.late`). Returns
 * the groups so made, which the walk is to pass over, and the commands put in them, which it is to walk.
 */
function checkAfterInnerShells(statements: Record<string, unknown>[], makeCheck: MakeCheck, known: Definitions) {
  const groups: object[] = [];
  const commands: unknown[] = [];
  for (let index = statements.length - 1; index >= 0; index -= 1) {
    const item = statements[index]!;
    const pipelines = item['pipelines'] as Record<string, unknown>[] | undefined;
    if (item['background'] === true || !Array.isArray(pipelines)) continue;
    pipelines.forEach((pipeline, position) => {
      const all = (pipeline['commands'] as unknown[] | undefined) ?? [];
      if (all.length > 1) {
        if (!known.late && !pipelineMayLeave(all, known.functions)) return;
        const { wrapper, group, inner } = pipelineWithCheck(pipeline, PIPE, GO);
        pipelines[position] = wrapper;
        groups.push(group);
        commands.push(inner);
        return;
      }
      const command = onlyCommand(pipeline);
      if (!mayLeaveAnotherShell(command, known.aliases)) return;
      if (position === pipelines.length - 1) {
        statements.splice(index + 1, 0, ...(makeCheck() as unknown as Record<string, unknown>[]));
        return;
      }
      const group = groupWithCheck(command, makeCheck);
      (pipeline['commands'] as unknown[])[0] = group;
      groups.push(group);
      commands.push(command);
    });
  }
  return { groups, commands };
}

const isStatementList = (value: unknown[]): value is Record<string, unknown>[] =>
  value.length > 0 && (value[0] as { type?: unknown } | null)?.type === 'Statement';

/**
 * Adds `check` to the body of every loop in `node`, nested loops and function bodies included, and after
 * every command that may end another shell; and has every text the shell parses while it runs (`eval`,
 * `source`, a script run by path) do the same.
 */
function addCheck(node: unknown, check: readonly StatementNode[], known: Definitions): void {
  // A worklist, not recursion: a script's nesting does not grow the stack.
  const pending: unknown[] = [node];
  // What is added here is not walked.
  const added = new WeakSet<object>();
  const makeCheck: MakeCheck = () => {
    const statements = fresh(check);
    for (const item of statements) added.add(item as object);
    return statements;
  };
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || added.has(current)) continue;
    if (Array.isArray(current)) {
      if (isStatementList(current)) {
        const { groups, commands } = checkAfterInnerShells(current, makeCheck, known);
        for (const group of groups) added.add(group);
        pending.push(...commands);
      }
      for (const item of current) pending.push(item);
      continue;
    }
    const record = current as Record<string, unknown>;
    rewriteLateScript(record);
    for (const value of Object.values(record)) if (typeof value === 'object' && value !== null) pending.push(value);
    if (typeof record['type'] === 'string' && LOOP_TYPES.has(record['type']) && Array.isArray(record['body'])) {
      record['body'].unshift(...makeCheck());
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
  /** Whether the limit is reached; once it is, every later check says so too. */
  const reached = () => {
    if (!fired && (Date.now() >= deadline || isTimeoutAbort(signal))) fired = true;
    return fired;
  };
  // The status the check was handed; nothing runs between the check's first `test` and the restore.
  let status = 0;
  const pipe = createPipeStatus();
  // What every script of the run defines, as the texts parsed while it runs come to be transformed.
  const known: Definitions = { functions: new Set(), aliases: new Set(), late: false };
  const answer = (path: string): boolean => {
    if (path === GO) return !reached();
    if (path === MORE) return status > 1;
    if (path.startsWith(`${PIPE}/`)) {
      pipe.take(path.slice(PIPE.length + 1));
      return true;
    }
    status = Number(path.slice(CHECK_ROOT.length + 1)) || 0;
    return status === 0 && !reached();
  };
  const restore = defineCommand(TIME_LIMIT_CHECK, async () => ({ stdout: '', stderr: '', exitCode: status }));
  return {
    commands: [restore, pipe.command, ...late.commands],
    alias: createAliasCommand(transform, (name) => known.aliases.add(name)),
    plugin: {
      name: 'loop-time-limit',
      transform: ({ ast }) => {
        if (scanDefinitions(ast, known.functions, known.aliases)) known.late = true;
        addCheck(ast, CHECK_STATEMENTS, known);
        return { ast };
      },
    },
    fired: () => fired,
    wrapFs: (fs) => {
      // The shell's file system with these two methods of its own: every other property is the file system's,
      // reached through the prototype, with no trap of its own on the path of the shell's many reads.
      const view = Object.create(fs) as IFileSystem;
      view.exists = (path) => (path.startsWith(`${CHECK_ROOT}/`) ? Promise.resolve(answer(path)) : fs.exists(path));
      view.readFile = (path, ...rest) => {
        const text = late.takePrepared(path);
        return text === undefined ? fs.readFile(path, ...rest) : Promise.resolve(text);
      };
      return view;
    },
  };
}
