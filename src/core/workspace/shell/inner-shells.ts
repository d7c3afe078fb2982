/**
 * Commands that may run a shell of their own, whose `exit 124` at the time limit leaves only that inner
 * shell: `bash -c`, `sh`, a script run by its path, the commands that run others (`xargs`, `find -exec`,
 * `timeout`, `env`, `npm run`…), a subshell, a command substitution. The time limit follows each such
 * command with its check (see ./time-limit), so the shell around it leaves too.
 */
import { getCommandNames } from 'just-bash';

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
  const parts = (command['name'] as { parts?: { type: string; value?: unknown; pattern?: unknown }[] } | null)?.parts;
  if (!parts || parts.length !== 1) return null;
  if (parts[0]?.type === 'Glob' && parts[0].pattern === '[') return '[';
  return parts[0]?.type === 'Literal' ? String(parts[0].value) : null;
}

/** Whether `command` (a pipeline's command node) may end a shell other than the one running it. */
export function mayLeaveAnotherShell(command: unknown): boolean {
  if (typeof command !== 'object' || command === null) return false;
  const record = command as Record<string, unknown>;
  switch (record['type']) {
    case 'Subshell':
      return true;
    case 'SimpleCommand': {
      if (record['name']) {
        const name = plainName(record);
        if (name === null || name.includes('/') || RUNNERS.has(name)) return true;
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

/** The names of the functions `node` defines, anywhere within it, added to `into`. */
export function addFunctionNames(node: unknown, into: Set<string>): void {
  anyNode(node, (record) => {
    if (record['type'] === 'FunctionDef' && typeof record['name'] === 'string') into.add(record['name']);
    return false;
  });
}
