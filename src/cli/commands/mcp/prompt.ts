/**
 * `mcp prompt <target> <name> [--arg name=value …]`: gets a prompt and prints its messages, one `role:` block
 * each. A missing required argument is named with the prompt's arguments and the server's completions.
 */
import type { GetPromptResult } from '@modelcontextprotocol/client';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../types';
import { askedLines, withSession, type McpCommand, type Run } from './session';
import { MCP_USAGE } from './usage';
import { connectionLine } from './live';
import { pairsOf, suggestions } from './pairs';

const usage = (message: string) => ({ stdout: '', stderr: `${message}\n`, exitCode: EXIT_USAGE });

function messagesToText(result: GetPromptResult): string {
  return result.messages
    .map((message) => {
      const content = message.content;
      const body =
        content.type === 'text'
          ? content.text
          : content.type === 'resource'
            ? `[resource ${content.resource.uri}]`
            : content.type === 'resource_link'
              ? `[resource link ${content.uri}]`
              : `[${content.type} ${'mimeType' in content ? content.mimeType : ''}]`;
      return `${message.role}: ${body}`;
    })
    .join('\n');
}

const mcpPrompt: Run = async (session, args) => {
  const name = args.positionals[0];
  if (!name) return usage('prompt: give the name of the prompt to get');
  const values = pairsOf('arg', args.repeated.arg);
  if ('error' in values) return usage(values.error);
  const listed = await session.connection.listPrompts();
  if (!listed.ok) return { stdout: '', stderr: `${listed.failure.message}\n`, exitCode: EXIT_FAILURE };
  const prompt = listed.value.find((candidate) => candidate.name === name);
  if (!prompt)
    return usage(
      `prompt: '${name}' is not among the server's prompts (${listed.value.map((candidate) => candidate.name).join(', ') || 'none'})`,
    );
  const missing = (prompt.arguments ?? []).filter(
    (argument) => argument.required && values[argument.name] === undefined,
  );
  if (missing.length > 0) {
    const first = missing[0]!;
    const completed = session.connection.capabilities.completions
      ? await session.connection.complete({ type: 'ref/prompt', name }, { name: first.name, value: '' }, values)
      : undefined;
    const all = (prompt.arguments ?? [])
      .map(
        (argument) =>
          `${argument.name}${argument.required ? ' (required)' : ''}${argument.description ? `: ${argument.description}` : ''}`,
      )
      .join('; ');
    return usage(
      `--arg: the prompt '${name}' needs ${missing.map((argument) => `'${argument.name}'`).join(', ')} (give --arg ${first.name}=<value>); its arguments: ${all}${completed?.ok ? suggestions(completed.value.values) : ''}`,
    );
  }
  const got = await session.connection.getPrompt(name, values);
  const header = `${connectionLine(session.connection)}\n${askedLines(session)}`;
  if (!got.ok) return { stdout: '', stderr: `${header}${got.failure.message}\n`, exitCode: EXIT_FAILURE };
  if (args.flags.has('json'))
    return { stdout: `${JSON.stringify(got.value, null, 2)}\n`, stderr: header, exitCode: EXIT_OK };
  return {
    stdout: `${got.value.description ? `${got.value.description}\n` : ''}${messagesToText(got.value)}\n`,
    stderr: header,
    exitCode: EXIT_OK,
  };
};

export const subcommand: McpCommand = {
  name: 'prompt',
  usage: MCP_USAGE,
  summary: 'get a prompt and print its messages',
  run: (args, context, io) => withSession(args, mcpPrompt, context, io.terminal),
};
