/** `tool-schemas mcp …`: the one asynchronous family of commands (they talk to a server). */
import { EXIT_OK, EXIT_USAGE, ok, usageError, type CommandContext, type CommandResult } from '../../types';
import { startBridge, DEFAULT_ALLOWED_ORIGINS, type Bridge } from './bridge';
import { mcpCall, mcpLint, mcpList, mcpPin, mcpVerify, withSession } from './commands';
import type { Terminal } from './elicit';
import { mcpPrompt } from './prompt';
import { mcpRead } from './read';
import { parseMcpArgs } from './target';
import { MCP_USAGE } from './usage';

export { MCP_USAGE } from './usage';

export interface McpIo {
  env?: Record<string, string | undefined>;
  readFile?: (path: string) => string;
  /** The bridge runs until this resolves (main.ts: a signal). */
  untilStopped?: (bridge: Bridge) => Promise<void>;
  /** Lines the bridge prints while it runs. */
  print?: (line: string) => void;
  /** Where an elicitation asks field by field; without one, answers come from --input/--inputs. */
  terminal?: Terminal;
  /** Calls back on Ctrl-C while a task runs (main.ts: SIGINT); returns what stops listening. */
  onInterrupt?: (handler: () => void) => () => void;
}

export async function runMcpCli(argv: readonly string[], context: CommandContext, io: McpIo = {}): Promise<CommandResult> {
  const [subcommand, ...rest] = argv;
  if (subcommand === undefined || subcommand === 'help' || subcommand === '--help') return subcommand === undefined ? usageError('mcp: give a subcommand.', MCP_USAGE) : ok(`${MCP_USAGE}\n`);
  const args = parseMcpArgs(rest, io.env ?? {});
  if (args.error && subcommand !== 'bridge') return usageError(args.error, MCP_USAGE);
  try {
    switch (subcommand) {
      case 'list':
        return await withSession(args, mcpList, context, io.terminal);
      case 'lint':
        return await withSession(args, mcpLint, context, io.terminal);
      case 'call':
        return await withSession(args, mcpCall({ ...(io.print ? { print: io.print } : {}), ...(io.onInterrupt ? { onInterrupt: io.onInterrupt } : {}) }), context, io.terminal);
      case 'read':
        return await withSession(args, mcpRead, context, io.terminal);
      case 'prompt':
        return await withSession(args, mcpPrompt, context, io.terminal);
      case 'pin':
        return await withSession(args, mcpPin, context);
      case 'verify':
        return await withSession(args, mcpVerify(io.readFile ?? context.readFile ?? (() => { throw new Error('no file reader'); })), context);
      case 'bridge':
        return await runBridge(args, io);
      default:
        return usageError(`mcp: unknown subcommand '${subcommand}'.`, MCP_USAGE);
    }
  } catch (error) {
    return { stdout: '', stderr: `Internal error in 'mcp ${subcommand}': ${(error as Error).message}\n`, exitCode: EXIT_USAGE };
  }
}

async function runBridge(args: ReturnType<typeof parseMcpArgs>, io: McpIo): Promise<CommandResult> {
  if (args.target?.kind !== 'stdio') return usageError('bridge: give the server command after --, e.g. mcp bridge -- npx my-server', MCP_USAGE);
  const port = args.flags.get('port');
  const portNumber = typeof port === 'string' ? Number(port) : 0;
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) return usageError(`--port: expected 0-65535, got '${String(port)}'`, MCP_USAGE);
  const origin = args.flags.get('origin');
  const allowedOrigins = typeof origin === 'string' ? origin.split(',').map((value) => value.trim().replace(/\/$/, '')) : DEFAULT_ALLOWED_ORIGINS;
  const bad = allowedOrigins.find((value) => !/^https?:\/\/[^/]+$/.test(value));
  if (bad !== undefined) return usageError(`--origin: '${bad}' is not an origin (scheme://host[:port])`, MCP_USAGE);
  const bridge = await startBridge({ command: args.target.command, args: args.target.args, port: portNumber, allowedOrigins });
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
