/**
 * Commands that may run a shell of their own, whose `exit 124` at the time limit leaves only that inner
 * shell: `bash -c`, `sh`, a script run by its path, the commands that run others (`xargs`, `find -exec`,
 * `timeout`, `env`, `npm run`…), a subshell, a command substitution. The time limit follows each such
 * command with its check (see ./time-limit), so the shell around it leaves too.
 */
import { getCommandNames } from 'just-bash';
import { plainWord } from './shell-tree';

/** just-bash's commands that run other commands or shell text (through their context's `exec`), and bash's prefixes. */
const RUNNERS = new Set([
  'bash',
  'sh',
  'xargs',
  'find',
  'timeout',
  'env',
  'time',
  'nice',
  'nohup',
  'awk',
  'sed',
  'npm',
  'npx',
  'command',
  'builtin',
  'exec',
]);

/**
 * Commands that run no shell text: just-bash's own (less the runners above) and bash's builtins that take no
 * command to run. A pipeline made only of these, by their plain names, needs no check after it (see ./pipe-check):
 * measured on a 2-core machine at a load average of 7, the check costs about 0.6 ms of CPU a pipeline, four times a
 * `for` loop's iteration that prints through `cat`.
 */
const PLAIN_COMMANDS: ReadonlySet<string> = new Set(
  [
    ...getCommandNames(),
    ...['read', 'test', '[', 'cd', 'export', 'local', 'declare', 'typeset', 'readonly', 'set', 'shift', 'unset', 'let'],
    ...['return', 'break', 'continue', 'exit', ':', 'type', 'hash', 'mapfile', 'readarray', 'getopts', 'shopt'],
  ].filter((name) => !RUNNERS.has(name)),
);

const NO_NAMES: ReadonlySet<string> = new Set();

/** Node types whose text runs in a shell of its own. */
const SUBSTITUTIONS = new Set(['CommandSubstitution', 'ProcessSubstitution', 'ArithCommandSubst']);

/** Whether `found` holds for a node of the tree at `node`, itself included (a worklist: nesting does not grow the stack). */
function anyNode(node: unknown, found: (record: Record<string, unknown>) => boolean): boolean {
  const pending: unknown[] = [node];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
      continue;
    }
    const record = current as Record<string, unknown>;
    if (found(record)) return true;
    for (const value of Object.values(record)) if (typeof value === 'object' && value !== null) pending.push(value);
  }
  return false;
}

/** Whether `node` holds a command or process substitution anywhere within it. */
const holdsSubstitution = (node: unknown): boolean =>
  anyNode(node, (record) => typeof record['type'] === 'string' && SUBSTITUTIONS.has(record['type']));

/**
 * The command's name when it is one plain word, else null (a name from an expansion may be any command).
 * The parser gives `[` (test's other name) as a pattern; alone, with no closing bracket, it matches only
 * itself, so it is the plain name `[`: a `while [ … ]` loop then runs one check an iteration, not two.
 */
function plainName(command: Record<string, unknown>): string | null {
  const parts = (command['name'] as { parts?: { type: string; pattern?: unknown }[] } | null)?.parts;
  if (parts?.length === 1 && parts[0]?.type === 'Glob' && parts[0].pattern === '[') return '[';
  return plainWord(command['name']);
}

/**
 * Whether `command` (a pipeline's command node) may end a shell other than the one running it; `aliases` are the
 * names the run's aliases are known by, any of which may stand for such a command.
 */
export function mayLeaveAnotherShell(command: unknown, aliases: ReadonlySet<string> = NO_NAMES): boolean {
  if (typeof command !== 'object' || command === null) return false;
  const record = command as Record<string, unknown>;
  switch (record['type']) {
    case 'Subshell':
      return true;
    case 'SimpleCommand': {
      if (record['name']) {
        const name = plainName(record);
        if (name === null || name.includes('/') || RUNNERS.has(name) || aliases.has(name)) return true;
      }
      return holdsSubstitution(record);
    }
    case 'ArithmeticCommand':
    case 'ConditionalCommand':
      return holdsSubstitution(record);
    default:
      return false;
  }
}

/**
 * Whether a pipeline of these commands (two or more, each in a shell of its own) may hold a loop or a shell that
 * leaves at the time limit: anything but simple commands of PLAIN_COMMANDS, by a plain name that `functions` (the
 * functions the run's scripts define) does not hold, with no substitution in their words.
 */
export function pipelineMayLeave(commands: readonly unknown[], functions: ReadonlySet<string>): boolean {
  return commands.some((command) => {
    if (typeof command !== 'object' || command === null) return true;
    const record = command as Record<string, unknown>;
    if (record['type'] !== 'SimpleCommand') return record['type'] !== 'ArithmeticCommand' || holdsSubstitution(record);
    if (record['name']) {
      const name = plainName(record);
      if (name === null || !PLAIN_COMMANDS.has(name) || functions.has(name)) return true;
    }
    return holdsSubstitution(record);
  });
}

/**
 * Commands that run, in the shell that runs them, text the time limit sees only once it runs (`eval`, `source`,
 * `.`), or define aliases, whose text stands for a command name (`alias cat='while …'`). Such text may define a
 * function or alias by a name of PLAIN_COMMANDS after the script that calls it by that name is read. A script run
 * by its path or by `bash` is a shell of its own: what it defines does not reach the script that runs it.
 */
const LATE_DEFINERS: ReadonlySet<string> = new Set(['eval', 'source', '.', 'alias']);
/** Commands that run the command their words name, which may be one of LATE_DEFINERS (`command eval …`). */
const PREFIXES: ReadonlySet<string> = new Set(['builtin', 'command']);

/** Whether `builtin`/`command` with these words may run one of LATE_DEFINERS (`command -v node` does not). */
const prefixesLateText = (args: unknown) =>
  Array.isArray(args) &&
  args.some((word) => {
    const text = plainWord(word);
    return text === null || LATE_DEFINERS.has(text);
  });

/** Adds to `aliases` the names `alias` defines where its words give them written out (`alias r='…'`). */
function addAliasNames(args: unknown, aliases: Set<string>): void {
  if (!Array.isArray(args)) return;
  for (const word of args as { parts?: { type: string; value?: unknown }[] }[]) {
    const first = word.parts?.[0];
    const equals = first?.type === 'Literal' ? String(first.value).indexOf('=') : -1;
    if (equals > 0) aliases.add(String(first!.value).slice(0, equals));
  }
}

/**
 * Adds to `functions` the names of the functions `node` defines, anywhere within it, and to `aliases` the names of
 * the aliases it defines where they are written out; returns whether it holds a command that may define functions
 * or aliases from text read later (LATE_DEFINERS, by their name or after PREFIXES, or a command whose name is an
 * expansion, which may be any of them).
 * One walk for all three, as every script the shell reads is scanned.
 */
export function scanDefinitions(node: unknown, functions: Set<string>, aliases: Set<string>): boolean {
  let late = false;
  anyNode(node, (record) => {
    if (record['type'] === 'FunctionDef' && typeof record['name'] === 'string') functions.add(record['name']);
    else if (record['type'] === 'SimpleCommand' && record['name']) {
      const name = plainName(record);
      if (name === null || LATE_DEFINERS.has(name) || (PREFIXES.has(name) && prefixesLateText(record['args']))) {
        late = true;
      }
      if (name === 'alias') addAliasNames(record['args'], aliases);
    }
    return false;
  });
  return late;
}
