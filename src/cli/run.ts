/** The whole CLI as a function of its arguments: one dispatch over the command list, and never a throw. */
import { createCompilingValidator } from '../core/validation/compile';
import type { ToolsetBundle } from '../core/toolset/types';
import type { CliContext } from './command';
import { COMMANDS } from './commands/index';
import { EXIT_USAGE, usageError, type CommandResult } from './types';

/** What the host gives; the entry point (main.ts) gives Node's, a test what it needs. */
export interface RunOptions extends Partial<Omit<CliContext, 'bundle' | 'stdin' | 'toolsets'>> {
  /** The loaded bundle, or why it could not be loaded. */
  bundle: ToolsetBundle | { error: string };
  /** Every bundled toolset (the default one included), for `--toolset` and `list --toolsets`. */
  toolsets?: ToolsetBundle[] | undefined;
  /** Standard input, when piped. */
  stdin?: string | (() => string | undefined);
}

const contextOf = (options: RunOptions): CliContext => {
  const { stdin, toolsets, ...rest } = options;
  return {
    ...rest,
    validator: options.validator ?? createCompilingValidator(),
    toolsets: toolsets ?? ('error' in options.bundle ? [] : [options.bundle]),
    color: options.color ?? false,
    stdin: typeof stdin === 'function' ? stdin : () => stdin,
    env: options.env ?? {},
    commands: options.commands ?? COMMANDS,
  };
};

const generalUsage = async (context: CliContext): Promise<string> =>
  (await import('./commands/help')).generalUsage(context.commands);

export async function runCli(argv: readonly string[], options: RunOptions): Promise<CommandResult> {
  const context = contextOf(options);
  const [first, ...rest] = argv;
  const name = first === '--help' || first === '-h' ? 'help' : first;
  if (name === undefined) return usageError('No command given.', await generalUsage(context));
  const entry = context.commands.find((candidate) => candidate.name === name);
  if (!entry) return usageError(`Unknown command '${name}'.`, await generalUsage(context));
  try {
    const { command } = await entry.load();
    return await command.run(rest, context);
  } catch (error) {
    // A bug must still end in a message, not a stack trace.
    return { stdout: '', stderr: `Internal error in '${name}': ${(error as Error).message}\n`, exitCode: EXIT_USAGE };
  }
}
