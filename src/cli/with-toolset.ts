/**
 * The commands that work on a toolset: `--toolset <id or file>` is read here, once for all of them, and what a
 * toolset file lost on the way in is said first, so a short list is never a surprise.
 */
import type { CliContext } from './command';
import { chooseToolset } from './toolset-option';
import { EXIT_USAGE, type CommandContext, type CommandResult } from './types';

type ToolsetRun = (argv: readonly string[], context: CommandContext) => CommandResult | Promise<CommandResult>;

export const withToolset =
  (run: ToolsetRun) =>
  async (argv: readonly string[], cli: CliContext): Promise<CommandResult> => {
    if ('error' in cli.bundle) return { stdout: '', stderr: `${cli.bundle.error}\n`, exitCode: EXIT_USAGE };
    const choice = chooseToolset(argv, cli.toolsets, cli.validator, cli.readFile);
    if (!choice.ok) return { stdout: '', stderr: `${choice.message}\n`, exitCode: EXIT_USAGE };
    const result = await run(choice.argv, commandContext(cli, choice.bundle ?? cli.bundle));
    return choice.warnings.length > 0
      ? { ...result, stderr: `${choice.warnings.join('\n')}\n${result.stderr}` }
      : result;
  };

/** What a toolset command reads: the chosen toolset and the host's files, input and measures. */
export const commandContext = (cli: CliContext, bundle: CommandContext['bundle']): CommandContext => ({
  validator: cli.validator,
  bundle,
  toolsets: cli.toolsets,
  color: cli.color,
  readStdin: cli.stdin,
  ...(cli.runtime ? { runtime: cli.runtime } : {}),
  ...(cli.readFile ? { readFile: cli.readFile } : {}),
  ...(cli.tokenizer ? { tokenizer: cli.tokenizer } : {}),
  ...(cli.writeFile ? { writeFile: cli.writeFile } : {}),
});
