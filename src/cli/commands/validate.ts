import { severityLabel } from '../../core/validation/warnings';
import type { ToolDefinition } from '../../core/toolset/types';
import {
  MAX_NESTING_DEPTH,
  parseArguments as parseJson,
  toLlmContext,
  verboseTrace,
} from '../../core/validation/validator';
import { boundArgumentsText } from '../../core/json/text-limits';
import type { ValidationResult } from '../../core/validation/types';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../args';
import { unknownToolMessage } from '../suggest';
import { createStyle, type Style } from '../style';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  lines,
  ok,
  usageError,
  type CommandContext,
  type CommandResult,
} from '../types';
import type { Command } from '../command';
import { isBatchValidate } from '../batch-option';
import { withToolset } from '../with-toolset';
import { BATCH_USAGE } from './validate-batch';

export const VALIDATE_USAGE = `Usage: tool-schemas validate <tool> [--args '<json>'] [--verbose] [--lenient] [--json | --llm]

  Arguments are read from standard input unless --args is given:
    echo '{"path": "README.md"}' | tool-schemas validate read_file

  --args <json>   the arguments as JSON text
  --verbose       print every check as it runs
  --lenient       ignore unknown parameters instead of rejecting them
  --json          print the validation result as JSON
  --llm           print the text a language model gets back about its call

  Exit status: 0 valid, 1 invalid, 2 usage error, unknown tool or unreadable input.

  tool-schemas validate --batch <file|-> checks every call of a transcript (help validate-batch).`;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The human report: the verdict line, then one line per error and warning. A single error is the
 * verdict itself, as the specification's manual prints it ("✗ Invalid: Missing required property 'path'").
 */
export const formatValidation = (tool: ToolDefinition, result: ValidationResult, style: Style): string[] => {
  const out: string[] = [];
  const [onlyError] = result.errors;
  if (result.valid) out.push(style.green(`✓ Valid: Arguments conform to ${tool.name} schema`));
  else if (result.errors.length === 1 && onlyError !== undefined)
    out.push(style.red(`✗ Invalid: ${onlyError.message} [${onlyError.code}]`));
  else {
    out.push(style.red(`✗ Invalid: ${plural(result.errors.length, 'error')}`));
    for (const error of result.errors)
      out.push(`  - ${error.parameter || '(arguments)'}: ${error.message} [${error.code}]`);
  }
  if (result.warnings.length > 0) {
    out.push(style.yellow(`⚠ ${plural(result.warnings.length, 'warning')}`));
    for (const warning of result.warnings)
      out.push(
        `  - ${warning.parameter || '(arguments)'}: ${warning.message} [${warning.code}] (severity ${warning.severity}, ${severityLabel(warning.severity)})`,
      );
  }
  return out;
};

export const validateCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, { values: ['args'], switches: ['verbose', 'lenient', 'json', 'llm'] });
  if (hasFlag(parsed, 'help')) return ok(`${VALIDATE_USAGE}\n`);
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length !== 1 ? 'Give exactly one tool name' : undefined) ??
    (hasFlag(parsed, 'json') && hasFlag(parsed, 'llm') ? 'Choose one of --json and --llm' : undefined);
  if (problem) return usageError(problem, VALIDATE_USAGE);
  const name = parsed.positionals[0] ?? '';
  const tool = context.bundle.tools.find((candidate) => candidate.name === name);
  if (!tool) return usageError(unknownToolMessage(context.bundle, name));

  let text: string | undefined;
  try {
    text = flagValue(parsed, 'args') ?? context.readStdin();
  } catch (error) {
    // Standard input past the input limit: refused in one line, before anything parses it.
    return {
      stdout: '',
      stderr: `Standard input could not be read: ${(error as Error).message}\n`,
      exitCode: EXIT_USAGE,
    };
  }
  // Nothing to validate is a mistake in the command, not invalid arguments.
  if (text === undefined || text.trim() === '')
    return usageError("No arguments: pipe JSON on standard input or pass --args '<json>'.", VALIDATE_USAGE);

  const style = createStyle(context.color);
  const json = hasFlag(parsed, 'json');
  const llm = hasFlag(parsed, 'llm');
  // Nothing nested past the validator's limit is parsed: the verdict on the cut text is the same.
  const parsedText = parseJson(boundArgumentsText(text, MAX_NESTING_DEPTH).text);
  if (!parsedText.ok) {
    const { line, column, message } = parsedText.error;
    const reason = message.replace(/^Invalid JSON at line \d+, column \d+: /, '');
    const result: ValidationResult & { parseError: typeof parsedText.error } = {
      valid: false,
      errors: [
        {
          parameter: '',
          code: 'invalid_value',
          message: `Arguments are not valid JSON: ${message}`,
          expected: 'A JSON object',
        },
      ],
      warnings: [],
      parseError: parsedText.error,
    };
    if (json) return { stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '', exitCode: EXIT_FAILURE };
    if (llm) return { stdout: toLlmContext(result), stderr: '', exitCode: EXIT_FAILURE };
    return {
      stdout: lines(style.red(`✗ Invalid: malformed JSON at line ${line}, column ${column}: ${reason}`)),
      stderr: '',
      exitCode: EXIT_FAILURE,
    };
  }

  const result = context.validator.validate(tool, parsedText.value, {
    lenient: hasFlag(parsed, 'lenient'),
    duplicateKeys: parsedText.duplicateKeys,
  });
  const exitCode = result.valid ? EXIT_OK : EXIT_FAILURE;
  if (json) return { stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '', exitCode };
  if (llm) {
    const text = toLlmContext(result);
    return { stdout: text.endsWith('\n') ? text : `${text}\n`, stderr: '', exitCode };
  }
  const trace = hasFlag(parsed, 'verbose') ? [...verboseTrace(tool, parsedText.value, result), ''] : [];
  return { stdout: lines(trace, formatValidation(tool, result, style)), stderr: '', exitCode };
};

export const command: Command = {
  name: 'validate',
  usage: VALIDATE_USAGE,
  summary: `validate <tool> [--args <json>] [--verbose] [--lenient] [--json | --llm]
                                                                validate arguments (JSON on stdin)
  validate --batch <file|-> [--json] [--max-invalid-rate <p>]   check every tool call of a transcript`,
  topics: { 'validate-batch': BATCH_USAGE },
  // A batch streams its input line by line, so no transcript is held whole; its code is loaded only for a batch.
  run: async (argv, context) => {
    if (!isBatchValidate(['validate', ...argv])) return withToolset(validateCommand)(argv, context);
    const { runBatchCli } = await import('../run-batch');
    return runBatchCli(['validate', ...argv], {
      ...context,
      openLines:
        context.openLines ??
        (() => {
          throw new Error('no line reader');
        }),
    });
  },
};
