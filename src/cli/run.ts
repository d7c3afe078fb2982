import type { ToolsetBundle } from '../core/toolset/types';
import { createCompilingValidator } from '../core/validation/compile';
import type { Validator } from '../core/validation/validator';
import { benchmarkCommand } from './commands/benchmark';
import { convertCommand } from './commands/convert';
import { diffCommand } from './commands/diff';
import { evalCommand } from './commands/eval';
import { exportCommand } from './commands/export';
import { COMMAND_USAGE, USAGE } from './commands/help';
import { IMPORT_USAGE, importCommand } from './commands/import';
import { lintCommand } from './commands/lint';
import { listCommand } from './commands/list';
import { showCommand } from './commands/show';
import { statsCommand } from './commands/stats';
import { validateCommand } from './commands/validate';
import type { Tokenizer } from '../core/tokens/types';
import type { CliRuntime } from './measure';
import { chooseToolset } from './toolset-option';
import { EXIT_USAGE, ok, usageError, type CommandContext, type CommandResult } from './types';

type Command = (argv: readonly string[], context: CommandContext) => CommandResult;

export const COMMANDS: Record<string, Command> = {
  list: listCommand,
  show: showCommand,
  validate: validateCommand,
  lint: lintCommand,
  export: exportCommand,
  import: importCommand,
  benchmark: benchmarkCommand,
  stats: statsCommand,
  diff: diffCommand,
  eval: evalCommand,
  convert: convertCommand,
};

export interface RunOptions {
  /** The loaded bundle, or why it could not be loaded. */
  bundle: ToolsetBundle | { error: string };
  /** Every bundled toolset (the default one included), for `--toolset` and `list --toolsets`. */
  toolsets?: ToolsetBundle[];
  color?: boolean;
  /** Standard input, when piped. */
  stdin?: string | (() => string | undefined);
  /** Memory usage and garbage collection, for the commands that measure (main.ts gives Node's). */
  runtime?: CliRuntime;
  /** Reads files named on the command line (main.ts gives Node's). */
  readFile?: (path: string) => string;
  /** For `stats --tokens` (main.ts loads it when asked). */
  tokenizer?: Tokenizer;
  /** Writes files named on the command line (main.ts gives Node's). */
  writeFile?: (path: string, text: string) => void;
  /** The validator (main.ts builds one); by default one that compiles schemas on demand, as the CLI does. */
  validator?: Validator;
}

/** The whole CLI as a function of its arguments: parse, dispatch, and never throw. */
export const runCli = (argv: readonly string[], options: RunOptions): CommandResult => {
  const [name, ...rest] = argv;
  if (name === undefined) return usageError('No command given.', USAGE);
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = rest[0];
    return ok(`${(topic !== undefined && (topic === 'import' ? IMPORT_USAGE : COMMAND_USAGE[topic])) || USAGE}\n`);
  }
  const command = COMMANDS[name];
  if (!command) return usageError(`Unknown command '${name}'.`, USAGE);
  if ('error' in options.bundle) return { stdout: '', stderr: `${options.bundle.error}\n`, exitCode: EXIT_USAGE };

  const toolsets = options.toolsets ?? [options.bundle];
  const validator = options.validator ?? createCompilingValidator();
  const choice = chooseToolset(rest, toolsets, validator, options.readFile);
  if (!choice.ok) return { stdout: '', stderr: `${choice.message}\n`, exitCode: EXIT_USAGE };
  const stdin = options.stdin;
  const context: CommandContext = {
    validator,
    bundle: choice.bundle ?? options.bundle,
    toolsets,
    color: options.color ?? false,
    readStdin: typeof stdin === 'function' ? stdin : () => stdin,
    ...(options.runtime ? { runtime: options.runtime } : {}),
    ...(options.readFile ? { readFile: options.readFile } : {}),
    ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}),
    ...(options.writeFile ? { writeFile: options.writeFile } : {}),
  };
  try {
    const result = command(choice.argv, context);
    // What a --toolset file lost on the way in is said first, so a short list is never a surprise.
    return choice.warnings.length > 0 ? { ...result, stderr: `${choice.warnings.join('\n')}\n${result.stderr}` } : result;
  } catch (error) {
    // A bug must still end in a message, not a stack trace.
    return { stdout: '', stderr: `Internal error in '${name}': ${(error as Error).message}\n`, exitCode: EXIT_USAGE };
  }
};
