/** `tool-schemas help [command]`: the list of commands, made from each command's summary, or one command's usage. */
import type { Command, CommandEntry } from '../command';
import { ok } from '../types';

const HEADER = `Usage: tool-schemas <command> [options]

Commands:`;

const FOOTER = `Every command takes --toolset <id or file>: a bundled toolset (list --toolsets names them) or a file
of tool definitions in any format import reads. Without it the commands work on the Acode core tools.

Examples:
  tool-schemas list --category file_operations
  tool-schemas show read_file
  echo '{"path": "README.md"}' | tool-schemas validate read_file
  tool-schemas validate --batch eval-run.jsonl --max-invalid-rate 5%
  tool-schemas export read_file --format anthropic
  tool-schemas list --toolset prfactory-agent-tools
  tool-schemas lint --toolset mcp-tools.json
  tool-schemas import openai-tools.json --to mcp`;

const loadAll = (commands: readonly CommandEntry[]): Promise<Command[]> =>
  Promise.all(commands.map(async (entry) => (await entry.load()).command));

/** The general usage: every command's summary, in the list's order. */
export const generalUsage = async (commands: readonly CommandEntry[]): Promise<string> =>
  `${HEADER}\n${(await loadAll(commands)).map((command) => `  ${command.summary}`).join('\n')}\n\n${FOOTER}`;

/** A command's usage by its name or one of its topics (`help validate-batch`); the general usage otherwise. */
const usageOf = async (topic: string | undefined, commands: readonly CommandEntry[]): Promise<string> => {
  const entry = commands.find((candidate) => candidate.name === topic);
  const usage = entry ? (await entry.load()).command.usage : '';
  if (usage) return usage;
  const owner =
    topic === undefined
      ? undefined
      : (await loadAll(commands)).find((command) => command.topics?.[topic] !== undefined);
  return owner?.topics?.[topic!] ?? generalUsage(commands);
};

export const command: Command = {
  name: 'help',
  // Its own usage is the general one, made when asked.
  usage: '',
  summary: `help [command]                                                this text, or one command's`,
  run: async (argv, context) => ok(`${await usageOf(argv[0], context.commands)}\n`),
};
