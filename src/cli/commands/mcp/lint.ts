/** `mcp lint <target> [tool]`: the audit of the live schemas; refused tools by pointer and rule. */
import { lintCommand } from '../lint';
import { passThrough, withProblems, withSession, type McpCommand, type Run } from './session';
import { MCP_USAGE } from './usage';

const mcpLint: Run = (session, args, context) =>
  withProblems(
    session,
    lintCommand([...args.positionals, ...passThrough(args)], {
      ...context,
      bundle: session.live.toolset,
      toolsets: [session.live.toolset],
    }),
  );

export const subcommand: McpCommand = {
  name: 'lint',
  usage: MCP_USAGE,
  summary: 'audit the live schemas; refused tools by pointer and rule',
  run: (args, context, io) => withSession(args, mcpLint, context, io.terminal),
};
