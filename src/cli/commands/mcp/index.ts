/** `tool-schemas mcp …`: the one asynchronous family of commands (they talk to a server). */
import { EXIT_USAGE, ok, usageError, type CommandContext, type CommandResult } from '../../types';
import { subcommand as call } from './call';
import { subcommand as lint } from './lint';
import { subcommand as list } from './list';
import { subcommand as pin } from './pin';
import { subcommand as prompt } from './prompt';
import { subcommand as read } from './read';
import { subcommand as bridge } from './serve-bridge';
import type { McpCommand, McpIo } from './session';
import { parseMcpArgs } from './target';
import { subcommand as verify } from './verify';
import { MCP_USAGE } from './usage';

export type { McpIo } from './session';

/** Every `mcp` subcommand: one file each, one line here. */
const MCP_COMMANDS: readonly McpCommand[] = [list, lint, call, read, prompt, pin, verify, bridge];

export async function runMcpCli(
  argv: readonly string[],
  context: CommandContext,
  io: McpIo = {},
): Promise<CommandResult> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help')
    return name === undefined ? usageError('mcp: give a subcommand.', MCP_USAGE) : ok(`${MCP_USAGE}\n`);
  const subcommand = MCP_COMMANDS.find((candidate) => candidate.name === name);
  const args = parseMcpArgs(rest, io.env ?? {});
  // The bridge takes a command, not a target: it reads what it needs of the options itself.
  if (args.error && subcommand !== bridge) return usageError(args.error, MCP_USAGE);
  if (!subcommand) return usageError(`mcp: unknown subcommand '${name}'.`, MCP_USAGE);
  try {
    return await subcommand.run(args, context, io);
  } catch (error) {
    return {
      stdout: '',
      stderr: `Internal error in 'mcp ${name}': ${(error as Error).message}\n`,
      exitCode: EXIT_USAGE,
    };
  }
}
