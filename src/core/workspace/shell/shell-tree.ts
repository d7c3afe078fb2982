/**
 * Builders of the syntax-tree nodes the time limit writes into a script (./time-limit, ./pipe-check,
 * ./late-scripts), each shaped as just-bash's parser gives it: the browser's build of just-bash has no parser to
 * ask, so the nodes are written out, and the tests beside those modules hold them to the parser's output. And the
 * one reading of a word they share.
 */

/** A word's text when it is one plain part, else null (an expansion, or quoted: it may be any text). */
export function plainWord(word: unknown): string | null {
  const parts = (word as { parts?: { type: string; value?: unknown }[] } | null)?.parts;
  return parts?.length === 1 && parts[0]?.type === 'Literal' ? String(parts[0].value) : null;
}

/** A word of plain text. */
export const literal = (value: string) => ({ type: 'Word' as const, parts: [{ type: 'Literal' as const, value }] });

/** A simple command; `line` is the script line it sets `$LINENO` to when it runs (none: it leaves `$LINENO` as it is). */
export const command = (name: string, args: unknown[], line?: unknown) => ({
  type: 'SimpleCommand',
  name: literal(name),
  args,
  assignments: [],
  redirections: [],
  ...(line === undefined ? {} : { line }),
});

/** A pipeline of `commands`, neither negated nor timed. */
export const pipelineOf = (...commands: unknown[]) => ({
  type: 'Pipeline',
  commands,
  negated: false,
  timed: false,
  timePosix: false,
});

/** A pipeline of one simple command, at line 1, as the parser gives a command of a one-line text. */
export const simple = (name: string, args: unknown[]) => pipelineOf(command(name, args, 1));

/** A statement of `pipelines` joined by `operators` (`&&`, `||`), run in the foreground. */
export const statement = (pipelines: object[], operators: string[], sourceText?: string) => ({
  type: 'Statement',
  pipelines,
  operators,
  background: false,
  ...(sourceText === undefined ? {} : { sourceText }),
});

/** `test -e PATH`, the question the time limit's checks put to the file system. */
export const exists = (path: object) => simple('test', [literal('-e'), path]);

/** `"$?"`. */
export const statusWord = () => ({
  type: 'Word',
  parts: [{ type: 'DoubleQuoted', parts: [{ type: 'ParameterExpansion', parameter: '?', operation: null }] }],
});

/** `$(NAME ARGS)`, its command at `line` of the script it stands in. */
export const substitution = (name: string, args: unknown[], line: unknown) => ({
  type: 'CommandSubstitution',
  body: { type: 'Script', statements: [statement([pipelineOf(command(name, args, line))], [], name)] },
  legacy: false,
});
