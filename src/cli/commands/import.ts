/** `import <file> --to <format>`: convert tool definitions between formats, reporting what was refused. */
import { TOOLSET_EXPORT_FORMATS, exportToolset, isToolsetExportFormat } from '../../core/export/toolset';
import { IMPORT_FORMATS, IMPORT_FORMAT_LABELS, type ImportFormat } from '../../core/import/types';
import { importToolset } from '../../core/import';
import { argumentProblem, flagValue, parseArguments } from '../args';
import { describeProblem } from '../toolset-option';
import { EXIT_FAILURE, usageError, type CommandContext, type CommandResult } from '../types';
import { nameFromFileName, serverNameOf } from '../../core/import/server-name';
import type { Command } from '../command';
import { withToolset } from '../with-toolset';

export const IMPORT_USAGE = `Usage: tool-schemas import <file> --to <format> [--name <toolset name>]

  Reads tool definitions in any format the site imports (OpenAI Chat or Responses tools, Anthropic
  tools, Gemini functionDeclarations, an MCP tools/list result, CodeGenesis definitions, a toolset
  file) and prints them in another. "-" reads standard input.

  --to <format>     ${TOOLSET_EXPORT_FORMATS.join(', ')}
  --name <name>     the toolset's name (default: the server's name the file gives, else the file name)
  --from <format>   read the text as this format (default: detected): ${IMPORT_FORMATS.join(', ')};
                    codegenesis refuses a definition its meta-schema rejects

  Refused definitions are listed on stderr; the exit code is 1 when any was refused.`;

/** The server's name a definitions text gives (an initialize result's `serverInfo`, a capture's `server`), if any. */
function serverNameIn(text: string): string | undefined {
  try {
    return serverNameOf(JSON.parse(text)) ?? undefined;
  } catch {
    // Not JSON, or nested past what the parser takes: the import says why; the name falls back to the file's.
    return undefined;
  }
}

export const importCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, { values: ['to', 'name', 'from'], switches: [] });
  const problem = argumentProblem(parsed);
  if (problem) return usageError(problem, IMPORT_USAGE);
  const [file] = parsed.positionals;
  if (!file) return usageError('import needs a file of tool definitions ("-" for standard input).', IMPORT_USAGE);
  const format = flagValue(parsed, 'to');
  if (!format) return usageError('import needs --to <format>.', IMPORT_USAGE);
  if (!isToolsetExportFormat(format))
    return usageError(`Unknown format '${format}'; use one of ${TOOLSET_EXPORT_FORMATS.join(', ')}.`, IMPORT_USAGE);
  let text: string | undefined;
  try {
    text = file === '-' ? context.readStdin() : context.readFile?.(file);
  } catch (error) {
    const name = file === '-' ? 'Standard input' : `'${file}'`;
    return { stdout: '', stderr: `${name} could not be read: ${(error as Error).message}\n`, exitCode: EXIT_FAILURE };
  }
  if (text === undefined)
    return usageError(file === '-' ? 'Nothing on standard input.' : `'${file}' could not be read.`, IMPORT_USAGE);
  const name = flagValue(parsed, 'name') ?? serverNameIn(text) ?? (file === '-' ? undefined : nameFromFileName(file));
  const from = flagValue(parsed, 'from');
  if (from !== undefined && !(IMPORT_FORMATS as readonly string[]).includes(from))
    return usageError(`Unknown format '${from}' for --from; use one of ${IMPORT_FORMATS.join(', ')}.`, IMPORT_USAGE);
  const result = importToolset(text, {
    validator: context.validator,
    ...(name ? { toolsetName: name } : {}),
    ...(from ? { format: from as ImportFormat } : {}),
  });
  const report = result.problems.map(describeProblem);
  const header = result.format
    ? `Read ${IMPORT_FORMAT_LABELS[result.format]}: ${result.toolset.tools.length} of ${result.found} tool${result.found === 1 ? '' : 's'} converted.`
    : '';
  const refused = result.problems.some((entry) => entry.severity === 'error');
  if (result.toolset.tools.length === 0)
    return {
      stdout: '',
      // Refused whole (too large, too deep, not JSON): the file is named above the reason.
      stderr:
        [header || (file === '-' ? '' : `'${file}':`), ...report, 'Nothing to convert.'].filter(Boolean).join('\n') +
        '\n',
      exitCode: EXIT_FAILURE,
    };
  return {
    stdout: `${JSON.stringify(exportToolset(result.toolset, format), null, 2)}\n`,
    stderr: [header, ...report].filter(Boolean).join('\n') + (header || report.length ? '\n' : ''),
    exitCode: refused ? EXIT_FAILURE : 0,
  };
};

export const command: Command = {
  name: 'import',
  usage: IMPORT_USAGE,
  summary: `import <file> --to <format>                                   convert tool definitions between formats`,
  run: withToolset(importCommand),
};
