/** `tool-schemas eval`: offline scoring of suites and of BFCL results, shard merging, BFCL export. */
import type { CommandContext, CommandResult } from '../../types';
import { ok } from '../../types';
import { BFCL_USAGE, bfclCommand } from './bfcl';
import { exportBfclCommand } from './export-bfcl';
import { mergeCommand } from './merge';
import { MODELS_USAGE } from './run-models';
import { SUITE_USAGE, suiteCommand } from './suite';

export const EVAL_USAGE = `${SUITE_USAGE}\n\n${MODELS_USAGE}\n\n${BFCL_USAGE}`;

export function evalCommand(argv: readonly string[], context: CommandContext): CommandResult {
  if (argv.includes('--help') || argv.includes('-h')) return ok(`${EVAL_USAGE}\n`);
  if (argv[0] === 'merge') return mergeCommand(argv.slice(1), context);
  if (argv[0] === 'export-bfcl') return exportBfclCommand(argv.slice(1), context);
  if (argv.some((argument) => argument === '--bfcl' || argument.startsWith('--bfcl='))) return bfclCommand(argv, context);
  return suiteCommand(argv, context);
}
