/** `mcp list <target>`: the server's tools, as `list` shows a file's, each marked with the icon it has. */
import { iconMark } from '../../../core/mcp/icons';
import { listCommand } from '../list';
import { connectionLine } from './live';
import { passThrough, withProblems, withSession, type McpCommand, type Run } from './session';
import { MCP_USAGE } from './usage';

const mcpList: Run = (session, args, context) => {
  const server = connectionLine(session.connection);
  const marks = new Map<string, string>();
  for (const tool of session.tools) {
    const mark = iconMark(tool.icons);
    if (mark) marks.set(tool.name, mark);
  }
  const result = listCommand(
    passThrough(args),
    { ...context, bundle: session.live.toolset, toolsets: [session.live.toolset] },
    marks,
  );
  const header = args.flags.has('json')
    ? ''
    : `${server}: ${session.live.toolset.tools.length} of ${session.tools.length} tools usable\n`;
  return withProblems(session, { ...result, stdout: `${header}${result.stdout}` });
};

export const subcommand: McpCommand = {
  name: 'list',
  usage: MCP_USAGE,
  summary: "the server's tools, as `list` shows a file's",
  run: (args, context, io) => withSession(args, mcpList, context, io.terminal),
};
