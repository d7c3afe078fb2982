/** `mcp bridge -- <command …>`: serves a stdio server as Streamable HTTP on 127.0.0.1 only, for the page. */
import { EXIT_OK, usageError, type CommandResult } from '../../types';
import { startBridge, DEFAULT_ALLOWED_ORIGINS } from './bridge';
import type { McpCommand, McpIo } from './session';
import type { McpArgs } from './target';
import { MCP_USAGE } from './usage';

async function runBridge(args: McpArgs, io: McpIo): Promise<CommandResult> {
  if (args.target?.kind !== 'stdio')
    return usageError('bridge: give the server command after --, e.g. mcp bridge -- npx my-server', MCP_USAGE);
  const port = args.flags.get('port');
  const portNumber = typeof port === 'string' ? Number(port) : 0;
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535)
    return usageError(`--port: expected 0-65535, got '${String(port)}'`, MCP_USAGE);
  const origin = args.flags.get('origin');
  const allowedOrigins =
    typeof origin === 'string'
      ? origin.split(',').map((value) => value.trim().replace(/\/$/, ''))
      : DEFAULT_ALLOWED_ORIGINS;
  const bad = allowedOrigins.find((value) => !/^https?:\/\/[^/]+$/.test(value));
  if (bad !== undefined) return usageError(`--origin: '${bad}' is not an origin (scheme://host[:port])`, MCP_USAGE);
  const bridge = await startBridge({
    command: args.target.command,
    args: args.target.args,
    port: portNumber,
    allowedOrigins,
  });
  const print = io.print ?? ((line: string) => process.stderr.write(`${line}\n`));
  print(`MCP bridge for '${[args.target.command, ...args.target.args].join(' ')}' at ${bridge.url} (127.0.0.1 only)`);
  print(`Open ${allowedOrigins[0]}/connect/ and connect to ${bridge.url} with the header`);
  print(`  Authorization: Bearer ${bridge.token}`);
  print(`Allowed origins: ${allowedOrigins.join(', ')}. Stop with Ctrl-C.`);
  await (io.untilStopped ?? waitForSignal)(bridge);
  await bridge.close();
  return { stdout: '', stderr: '', exitCode: EXIT_OK };
}

const waitForSignal = (): Promise<void> =>
  new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });

export const subcommand: McpCommand = {
  name: 'bridge',
  usage: MCP_USAGE,
  summary: 'serve a stdio server as Streamable HTTP on 127.0.0.1 only, for the page',
  run: (args, _context, io) => runBridge(args, io),
};
