/** `tool-schemas eval`: offline scoring of suites and of BFCL results, shard merging, BFCL export. */
import type { CommandContext, CommandResult } from '../../types';
import { EXIT_USAGE, ok } from '../../types';
import { BFCL_USAGE, bfclCommand } from './bfcl';
import { exportBfclCommand } from './export-bfcl';
import { mergeCommand } from './merge';
import { isModelEval, MODELS_USAGE, runEvalModelsCli } from './run-models';
import { SUITE_USAGE, suiteCommand } from './suite';
import type { Command } from '../../command';
import { commandContext, withToolset } from '../../with-toolset';

export const EVAL_USAGE = `${SUITE_USAGE}\n\n${MODELS_USAGE}\n\n${BFCL_USAGE}`;

export function evalCommand(argv: readonly string[], context: CommandContext): CommandResult {
  if (argv.includes('--help') || argv.includes('-h')) return ok(`${EVAL_USAGE}\n`);
  if (argv[0] === 'merge') return mergeCommand(argv.slice(1), context);
  if (argv[0] === 'export-bfcl') return exportBfclCommand(argv.slice(1), context);
  if (argv.some((argument) => argument === '--bfcl' || argument.startsWith('--bfcl=')))
    return bfclCommand(argv, context);
  return suiteCommand(argv, context);
}

export const command: Command = {
  name: 'eval',
  usage: EVAL_USAGE,
  summary: `eval <suite> --results <file> [--fail-under <p>] [--junit <f>] score an eval suite against logged runs (also --bfcl)
  eval <suite> --model <provider:model>… [--versus <toolset>]    run a suite on up to three models (keys from the environment)`,
  // With --model it talks to providers: asynchronous, and Ctrl-C stops it with the runs done reported.
  run: async (argv, context) => {
    if (!isModelEval(['eval', ...argv])) return withToolset(evalCommand)(argv, context);
    if ('error' in context.bundle) return { stdout: '', stderr: `${context.bundle.error}\n`, exitCode: EXIT_USAGE };
    const signal = context.stopSignal?.();
    return runEvalModelsCli(argv, commandContext({ ...context, stdin: () => undefined }, context.bundle), {
      env: context.env,
      ...(signal ? { signal } : {}),
      ...(context.progress ? { progress: context.progress } : {}),
    });
  },
};
