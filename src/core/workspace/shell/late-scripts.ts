/**
 * Scripts that reach the shell while it runs: the text of `eval`, a file run by `source` or `.`, and a
 * script run by its path (`./build.sh`). just-bash parses these itself, past its transform plugins
 * (only `bash -c` and `bash FILE` go through them), so their loops would miss the time-limit check and
 * lose what they printed at the deadline. Each such call is rewritten in the script's tree so that its
 * text first passes through the shell's own transform (parse, plugins, serialize), as the script did:
 *
 * - `eval ARGS` becomes `eval "$(__shell_time_limit_prepare "$?" ARGS)"`: the command prints the
 *   transformed text, which starts by giving back the `$?` that `eval` would have seen;
 * - `source FILE ARGS` (and `.`, and `./script ARGS`) gets an empty `$(__shell_time_limit_prepare_file
 *   "$?" MODE FILE)` after its name: it finds the file as the shell will, and the shell's next read of
 *   that file gets the transformed text (once; every other read sees the file as it is).
 *
 * - `builtin eval …`, `command eval …`, `builtin source FILE`, `command . FILE` (options such as `-p` and `--`
 *   between) are rewritten the same way at the word that names the builtin.
 *
 * Text the shell cannot parse is handed on as it was, so its error reads as it would; so is text whose
 * lines continue with a backslash into indentation, which the transform's normalising would join.
 *
 * An alias's own text gets the check when `alias` stores it (see ./aliases). An alias that names `eval` or `source` is
 * not covered (`shopt -s expand_aliases; alias e=eval; e 'while …'`): just-bash expands it when the command runs,
 * parsing the alias's text with the command's words into a new command that no transform sees, and whether a word
 * is an alias is known only then. Such a loop still stops at just-bash's own deadline, without the output it printed.
 */
import type { Command, IFileSystem, ResolvedCommandContext } from 'just-bash';
import { defineCommand } from 'just-bash';
import { literal, plainWord, statusWord, substitution } from './shell-tree';

export const PREPARE_TEXT = '__shell_time_limit_prepare';
export const PREPARE_FILE = '__shell_time_limit_prepare_file';
/** Gives back the `$?` a prepared text would have started with. */
export const PREPARED_STATUS = '__shell_time_limit_resume';

/** What the shell's transform gives for a text: the script, and whether it holds any statement. */
export type Transform = (text: string) => { script: string; statements: number };

type Node = Record<string, unknown>;

/** A word's text when it is written out whole (quoted or plain, nothing to expand), else null. */
function writtenText(word: unknown): string | null {
  const parts = (word as { parts?: { type: string; value?: unknown; parts?: unknown[] }[] }).parts ?? [];
  let text = '';
  for (const part of parts) {
    if (part.type === 'SingleQuoted' || part.type === 'Escaped') text += String(part.value);
    else if (part.type === 'Literal' && !/[*?[{~]/.test(String(part.value))) text += String(part.value);
    else if (part.type === 'DoubleQuoted') {
      const inner = writtenText(part);
      if (inner === null) return null;
      text += inner;
    } else return null;
  }
  return text;
}

/**
 * Whether an `eval` written out whole cannot start a loop, nor leave a shell other than its own: no loop keyword, no
 * function defined (its body's pipelines get their check only from the transform), nothing that runs another text,
 * and nothing that runs in a shell of its own (a pipeline, a subshell, a substitution, a command that runs others),
 * where a function of the run that loops would leave only that shell at the limit and the text go on. Such an `eval`
 * is left as it is. An arithmetic `$((…))` starts no shell. Measured in the workspace shell on a 2-core machine at a
 * load of 13: 1,000 prepared `eval 'x=$((x+1))'` took 8–15 s against 6 s for the same loop without `eval`.
 */
export const cannotLoop = (text: string) =>
  !/while|until|for|select|function|eval|source|\.|\/|sh|[|`]|[<>]\(|\$\((?!\()|(^|[^$(])\((?!\()|xargs|find|timeout|env|time|nice|nohup|awk|sed|npm|npx|exec/.test(
    text,
  );

/**
 * Where the words of the command that runs late text start: 0, or past `builtin`/`command` and their options
 * (`command -p eval …`, `builtin -- source …`); null when the command only describes (`command -v eval`).
 */
function runsFrom(name: string, args: unknown[]): number | null {
  if (name !== 'builtin' && name !== 'command') return 0;
  let index = 0;
  for (; index < args.length; index += 1) {
    const word = writtenText(args[index]);
    if (word === '--') return index + 1;
    if (word === null || !word.startsWith('-') || word === '-') return index;
    if (name === 'command' && /[vV]/.test(word)) return null;
  }
  return index;
}

/** Rewrites `command` in place when it runs text the shell parses at run time. */
export function rewriteLateScript(command: Node): void {
  if (command['type'] !== 'SimpleCommand') return;
  // The command's name when it is written as plain text (`eval`, `source`, `./run.sh`).
  let name = plainWord(command['name']);
  if (name === null) return;
  const allArgs = Array.isArray(command['args']) ? (command['args'] as unknown[]) : [];
  const from = runsFrom(name, allArgs);
  if (from === null) return;
  // With `builtin`/`command` in front, the word that names the builtin is the one the rewrite works on.
  let nameWord = command['name'] as { parts: unknown[] };
  if (from > 0 || name === 'builtin' || name === 'command') {
    const word = allArgs[from] as { parts: unknown[] } | undefined;
    const text = word ? writtenText(word) : null;
    if (!word || (text !== 'eval' && text !== 'source' && text !== '.')) return;
    name = text;
    nameWord = word;
  }
  const offset = nameWord === command['name'] ? 0 : from + 1;
  const args = allArgs.slice(offset);
  const line = command['line'];
  if (name === 'eval') {
    if (args.length === 0) return;
    const written = args.map(writtenText);
    if (written.every((text) => text !== null) && cannotLoop(written.join(' '))) return;
    command['args'] = [
      ...allArgs.slice(0, offset),
      {
        type: 'Word',
        parts: [{ type: 'DoubleQuoted', parts: [substitution(PREPARE_TEXT, [statusWord(), ...args], line)] }],
      },
    ];
    return;
  }
  const mode = name === 'source' || name === '.' ? 'source' : name.includes('/') ? 'script' : null;
  if (mode === null) return;
  const file = mode === 'script' ? literal(name) : args[0];
  if (!file) return;
  nameWord.parts = [...nameWord.parts, substitution(PREPARE_FILE, [statusWord(), literal(mode), file], line)];
}

/** Where `source NAME` reads from, found as the shell finds it: a path, else `$PATH`, else the directory. */
async function sourcePath(fs: IFileSystem, cwd: string, env: Map<string, string>, name: string) {
  if (name.includes('/')) return fs.resolvePath(cwd, name);
  for (const directory of (env.get('PATH') ?? '').split(':').filter(Boolean)) {
    const candidate = fs.resolvePath(cwd, `${directory}/${name}`);
    const stat = await fs.stat(candidate).catch(() => null);
    if (stat && !stat.isDirectory) return candidate;
  }
  return fs.resolvePath(cwd, name);
}

export interface LateScripts {
  commands: Command[];
  /** The prepared text of the file at `path`, once, for the shell's next read of it; else undefined. */
  takePrepared(path: string): string | undefined;
}

/** The commands that prepare late scripts through `transform`, the shell's own. */
export function createLateScripts(transform: () => Transform): LateScripts {
  let status = 0;
  const prepared = new Map<string, string>();
  /** `text` transformed, starting with the status it is to see; null when it is best left as it is. */
  const prepare = (text: string, resume: boolean): string | null => {
    if (/\\\r?\n[ \t]/.test(text)) return null;
    try {
      const result = transform()(text);
      if (result.statements === 0) return null;
      return resume ? `${PREPARED_STATUS}; ${result.script}` : result.script;
    } catch {
      return null;
    }
  };
  const ok = (stdout: string) => ({ stdout, stderr: '', exitCode: 0 });
  const prepareText = defineCommand(PREPARE_TEXT, async (args) => {
    status = Number(args[0]) || 0;
    const words = args[1] === '--' ? args.slice(2) : args.slice(1);
    const text = words.join(' ');
    return ok(prepare(text, true) ?? text);
  });
  const prepareFile = defineCommand(PREPARE_FILE, async (args, ctx: ResolvedCommandContext) => {
    status = Number(args[0]) || 0;
    const [, mode, name] = args;
    if (!name) return ok('');
    const path =
      mode === 'source' ? await sourcePath(ctx.fs, ctx.cwd, ctx.env, name) : ctx.fs.resolvePath(ctx.cwd, name);
    // A text prepared for a call that never read it (its arguments failed) is not the file's.
    prepared.delete(path);
    const text = await ctx.fs.readFile(path).catch(() => null);
    if (text === null) return ok('');
    // A script run by its path starts as a new shell does, with `$?` at 0 and its `#!` line skipped.
    const body = mode === 'script' && text.startsWith('#!') ? text.slice(text.indexOf('\n') + 1) : text;
    const script = prepare(body, mode === 'source');
    // The shell skips a script's first line when it starts with `#!`: the prepared text keeps one.
    if (script !== null) prepared.set(path, body === text ? script : `#!\n${script}`);
    return ok('');
  });
  const resume = defineCommand(PREPARED_STATUS, async () => ({ stdout: '', stderr: '', exitCode: status }));
  return {
    commands: [prepareText, prepareFile, resume],
    takePrepared: (path) => {
      const text = prepared.get(path);
      if (text !== undefined) prepared.delete(path);
      return text;
    },
  };
}
