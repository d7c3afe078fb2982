/**
 * `mcp read <target> <uri>`: reads a resource. A URI template (RFC 6570, as `resources/templates/list` gives it) is
 * expanded with `--var name=value`; a missing variable is named, with the server's completions where it offers
 * them. Text is printed as text; binary contents by MIME type and size (`--json` prints the result as sent).
 */
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { expandTemplate, isTemplate } from '../../../core/mcp/resources';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../../types';
import { askedLines, withSession, type McpCommand, type Run } from './session';
import { MCP_USAGE } from './usage';
import { connectionLine } from './live';
import { pairsOf, suggestions } from './pairs';

const usage = (message: string) => ({ stdout: '', stderr: `${message}\n`, exitCode: EXIT_USAGE });

function contentsToText(result: ReadResourceResult): string {
  return result.contents
    .map((content) => {
      if ('text' in content && typeof content.text === 'string') return content.text;
      const blob = 'blob' in content && typeof content.blob === 'string' ? content.blob : '';
      const bytes = Math.floor((blob.length * 3) / 4) - (blob.endsWith('==') ? 2 : blob.endsWith('=') ? 1 : 0);
      return `[${content.mimeType ?? 'binary'}, ${bytes} bytes] ${content.uri}`;
    })
    .join('\n');
}

const mcpRead: Run = async (session, args) => {
  const given = args.positionals[0];
  if (!given)
    return usage('uri: give the resource URI to read, or a URI template with --var name=value for each variable');
  const values = pairsOf('var', args.repeated.var);
  if ('error' in values) return usage(values.error);
  let uri = given;
  if (isTemplate(given)) {
    const expanded = expandTemplate(given, values);
    if (!expanded.ok) {
      const first = expanded.missing[0]!;
      const completed = session.connection.capabilities.completions
        ? await session.connection.complete(
            { type: 'ref/resource', uri: given },
            { name: first.name, value: '' },
            values,
          )
        : undefined;
      const offered = completed?.ok ? suggestions(completed.value.values) : '';
      return usage(
        `--var: the template ${given} needs ${expanded.missing.map((variable) => `'${variable.name}'`).join(', ')} (give --var ${first.name}=<value>)${offered}`,
      );
    }
    uri = expanded.uri;
  } else if (Object.keys(values).length > 0)
    return usage(`--var: ${given} is not a URI template; variables apply to templates such as test://items/{name}`);
  const read = await session.connection.readResource(uri);
  const header = `${connectionLine(session.connection)}\n${askedLines(session)}`;
  if (!read.ok) return { stdout: '', stderr: `${header}${read.failure.message}\n`, exitCode: EXIT_FAILURE };
  if (args.flags.has('json'))
    return { stdout: `${JSON.stringify(read.value, null, 2)}\n`, stderr: header, exitCode: EXIT_OK };
  return {
    stdout: `${contentsToText(read.value)}\n`,
    stderr: `${header}${uri === given ? '' : `read ${uri}\n`}`,
    exitCode: EXIT_OK,
  };
};

export const subcommand: McpCommand = {
  name: 'read',
  usage: MCP_USAGE,
  summary: 'read a resource; a URI template is expanded with --var',
  run: (args, context, io) => withSession(args, mcpRead, context, io.terminal),
};
