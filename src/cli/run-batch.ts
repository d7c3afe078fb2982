/**
 * `validate --batch`: it reads its input as a stream, so the validate command loads it only for a batch (none of the
 * other commands' code is parsed for a batch; see scripts/build-cli.ts).
 */
import { createCompilingValidator } from '../core/validation/compile';
import { validateBatchCommand, type OpenLines } from './commands/validate-batch';
import type { RunOptions } from './run';
import { chooseToolset } from './toolset-option';
import { EXIT_USAGE, type CommandContext, type CommandResult } from './types';

export const runBatchCli = async (
  argv: readonly string[],
  options: RunOptions & { openLines: OpenLines },
): Promise<CommandResult> => {
  if ('error' in options.bundle) return { stdout: '', stderr: `${options.bundle.error}\n`, exitCode: EXIT_USAGE };
  const toolsets = options.toolsets ?? [options.bundle];
  const validator = options.validator ?? createCompilingValidator();
  const choice = chooseToolset(argv.slice(1), toolsets, validator, options.readFile);
  if (!choice.ok) return { stdout: '', stderr: `${choice.message}\n`, exitCode: EXIT_USAGE };
  const context: CommandContext = {
    validator,
    bundle: choice.bundle ?? options.bundle,
    toolsets,
    color: options.color ?? false,
    readStdin: () => undefined,
    ...(options.readFile ? { readFile: options.readFile } : {}),
  };
  try {
    const result = await validateBatchCommand(choice.argv, context, options.openLines);
    return choice.warnings.length > 0
      ? { ...result, stderr: `${choice.warnings.join('\n')}\n${result.stderr}` }
      : result;
  } catch (error) {
    return {
      stdout: '',
      stderr: `Internal error in 'validate --batch': ${(error as Error).message}\n`,
      exitCode: EXIT_USAGE,
    };
  }
};
