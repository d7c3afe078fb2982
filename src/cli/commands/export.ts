import { EXPORT_FORMATS, exportTool, isExportFormat } from '../../core/export';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../args';
import { unknownToolMessage } from '../suggest';
import { ok, usageError, type CommandContext, type CommandResult } from '../types';
import type { Command } from '../command';
import { withToolset } from '../with-toolset';

export const EXPORT_USAGE = `Usage: tool-schemas export [tool] --format <format> [--strict]

  Prints a tool definition in a provider's format (all tools as an array when no tool is given).
  Notes on what was changed or what the provider would reject go to standard error.

  --format <format>   one of: ${EXPORT_FORMATS.join(', ')}
  --strict            OpenAI formats: convert the schema for strict mode when possible`;

export const exportCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, { values: ['format'], switches: ['strict'] });
  if (hasFlag(parsed, 'help')) return ok(`${EXPORT_USAGE}\n`);
  const problem = argumentProblem(parsed) ?? (parsed.positionals.length > 1 ? 'Give at most one tool name' : undefined);
  if (problem) return usageError(problem, EXPORT_USAGE);
  const format = flagValue(parsed, 'format');
  if (format === undefined) return usageError('Missing --format.', EXPORT_USAGE);
  if (!isExportFormat(format)) return usageError(`Unknown format '${format}'. Formats: ${EXPORT_FORMATS.join(', ')}`);

  const name = parsed.positionals[0];
  const tools = name === undefined ? context.bundle.tools : context.bundle.tools.filter((tool) => tool.name === name);
  if (name !== undefined && tools.length === 0) return usageError(unknownToolMessage(context.bundle, name));
  const results = tools.map((tool) => exportTool(tool, format, { strict: hasFlag(parsed, 'strict') }));
  const value = name === undefined ? results.map((result) => result.value) : results[0]?.value;
  const notes = results.flatMap((result) =>
    result.notes.map((note) =>
      name === undefined
        ? `note (${String(result.value.name ?? (result.value.function as { name?: string } | undefined)?.name)}): ${note}`
        : `note: ${note}`,
    ),
  );
  return {
    stdout: `${JSON.stringify(value, null, 2)}\n`,
    stderr: notes.length > 0 ? `${notes.join('\n')}\n` : '',
    exitCode: 0,
  };
};

export const command: Command = {
  name: 'export',
  usage: EXPORT_USAGE,
  summary: `export [tool] --format <format> [--strict]                    a provider's tool format`,
  run: withToolset(exportCommand),
};
