/** `convert <file> --to-2020-12`: rewrite older-draft schemas as JSON Schema 2020-12, listing each change. */
import { convertTo202012, type ConversionChange } from '../../core/convert/to-2020-12';
import { detectFormat } from '../../core/import/formats/detect';
import { argumentProblem, hasFlag, parseArguments } from '../args';
import { EXIT_FAILURE, ok, usageError, type CommandContext, type CommandResult } from '../types';
import { isJsonObject } from '../../core/json/is-json-object';
import { checkJsonText } from '../../core/json/text-limits';
import { DEFAULT_MAX_CHARACTERS, MAX_TEXT_DEPTH } from '../../core/import/types';
import type { Command } from '../command';
import { withToolset } from '../with-toolset';

export const CONVERT_USAGE = `Usage: tool-schemas convert <file> --to-2020-12 [--json]

  Rewrites JSON Schemas written for draft-04, -06, -07 or 2019-09 as 2020-12 (tuples as prefixItems,
  definitions as $defs with their references, dependencies split, boolean exclusive bounds, …) so they
  mean the same under a 2020-12 validator. The file is one schema, or tool definitions in any format
  import reads (each tool's input and output schemas are converted in place). "-" reads standard input.
  Each change is listed on stderr with its JSON pointer.

  --to-2020-12   the target (the only one for now)
  --json         print {"value": …, "changes": [{"tool", "pointer", "change"}]} instead`;

/** Where a tool entry of each format holds schemas. */
const SCHEMA_KEYS = ['inputSchema', 'input_schema', 'parameters', 'outputSchema', 'parametersJsonSchema'] as const;

type Named = ConversionChange & { tool?: string };

function convertEntry(entry: Record<string, unknown>, changes: Named[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...entry };
  const holder =
    typeof copy.function === 'object' && copy.function !== null
      ? ((copy.function = { ...(copy.function as Record<string, unknown>) }) as Record<string, unknown>)
      : copy;
  const tool = typeof holder.name === 'string' ? holder.name : undefined;
  for (const key of SCHEMA_KEYS) {
    if (typeof holder[key] !== 'object' || holder[key] === null) continue;
    const result = convertTo202012(holder[key]);
    holder[key] = result.schema;
    for (const change of result.changes)
      changes.push({ tool, pointer: `/${key}${change.pointer === '/' ? '' : change.pointer}`, change: change.change });
  }
  return copy;
}

export const convertCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, { values: [], switches: ['to-2020-12', 'json'] });
  if (hasFlag(parsed, 'help')) return ok(`${CONVERT_USAGE}\n`);
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length !== 1 ? 'convert needs one file ("-" for standard input).' : undefined);
  if (problem) return usageError(problem, CONVERT_USAGE);
  if (!hasFlag(parsed, 'to-2020-12')) return usageError('convert needs a target: --to-2020-12.', CONVERT_USAGE);
  const file = parsed.positionals[0]!;
  let text: string | undefined;
  try {
    text = file === '-' ? context.readStdin() : context.readFile?.(file);
  } catch (error) {
    const name = file === '-' ? 'Standard input' : `'${file}'`;
    return { stdout: '', stderr: `${name} could not be read: ${(error as Error).message}\n`, exitCode: EXIT_FAILURE };
  }
  if (text === undefined)
    return usageError(file === '-' ? 'Nothing on standard input.' : `'${file}' could not be read.`, CONVERT_USAGE);
  if (text.length > DEFAULT_MAX_CHARACTERS)
    return {
      stdout: '',
      stderr: `'${file}' has ${text.length.toLocaleString('en-US')} characters; schemas are limited to ${DEFAULT_MAX_CHARACTERS.toLocaleString('en-US')}, as imports are.\n`,
      exitCode: EXIT_FAILURE,
    };
  const tooDeep = checkJsonText(text, { maxDepth: MAX_TEXT_DEPTH });
  if (tooDeep)
    return { stdout: '', stderr: `'${file}' is ${tooDeep.message} (at ${tooDeep.pointer}).\n`, exitCode: EXIT_FAILURE };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { stdout: '', stderr: `'${file}' is not JSON: ${(error as Error).message}\n`, exitCode: EXIT_FAILURE };
  }
  const changes: Named[] = [];
  // A schema is an object that is no tool entry nor a wrapper of them (detection alone would take its properties for a tool's).
  const wrapper = ['name', 'tools', 'functionDeclarations', 'function_declarations', 'result', 'manifest'];
  const isSchema = isJsonObject(value) && !wrapper.some((key) => key in value);
  const detected = isSchema ? null : detectFormat(value);
  let output: unknown;
  if (detected === null) {
    const result = convertTo202012(value);
    output = result.schema;
    changes.push(...result.changes);
  } else {
    // The same document, each tool entry's schemas converted where the entries sit.
    const entries = new Set(detected.entries);
    const rewrite = (node: unknown): unknown => {
      if (entries.has(node) && typeof node === 'object' && node !== null)
        return convertEntry(node as Record<string, unknown>, changes);
      if (Array.isArray(node)) return node.map(rewrite);
      if (typeof node === 'object' && node !== null)
        return Object.fromEntries(Object.entries(node).map(([key, entry]) => [key, rewrite(entry)]));
      return node;
    };
    output = rewrite(value);
  }
  if (hasFlag(parsed, 'json'))
    return { stdout: `${JSON.stringify({ value: output, changes }, null, 2)}\n`, stderr: '', exitCode: 0 };
  const lines = changes.map((change) => `${change.tool ? `${change.tool} ` : ''}${change.pointer}: ${change.change}`);
  return {
    stdout: `${JSON.stringify(output, null, 2)}\n`,
    stderr:
      lines.length > 0
        ? `${lines.length} change${lines.length === 1 ? '' : 's'}:\n${lines.join('\n')}\n`
        : 'Nothing to change: the schemas are already 2020-12.\n',
    exitCode: 0,
  };
};

export const command: Command = {
  name: 'convert',
  usage: CONVERT_USAGE,
  summary: `convert <file> --to-2020-12 [--json]                          rewrite older-draft schemas as 2020-12, listing changes`,
  run: withToolset(convertCommand),
};
