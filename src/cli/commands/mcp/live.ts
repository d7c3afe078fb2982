/** Connects, lists every tool, and builds the live toolset: what list, lint, call, pin and verify start from. */
import type { Tool } from '@modelcontextprotocol/client';
import {
  MCP_ERAS,
  type McpConnection,
  type McpEra,
  type McpOutcome,
  type ServerLogMessage,
} from '../../../core/mcp/client';
import { toolsetFromTools, type LiveToolset } from '../../../core/mcp/to-toolset';
import { EXIT_FAILURE, EXIT_USAGE, type CommandContext, type CommandResult } from '../../types';
import { answersFrom, type CliAnswers } from './answers';
import type { Terminal } from './elicit';
import { connectTarget } from './connect';
import type { McpArgs } from './target';
import { oauthFor, type CliOAuth } from './oauth';

export interface LiveSession {
  connection: McpConnection;
  tools: Tool[];
  live: LiveToolset;
  /** What was asked of the client and answered, for the command's report. */
  asked: CliAnswers;
}

const LOG_LEVELS: readonly ServerLogMessage['level'][] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** The line that says what the session is: server, transport, era and protocol version. */
export function connectionLine(connection: McpConnection): string {
  return `${connection.serverInfo.name} ${connection.serverInfo.version} (${connection.transport}, ${connection.era} era, protocol ${connection.protocolVersion ?? 'unknown'})`;
}

const failed = (message: string, exitCode = EXIT_FAILURE): CommandResult => ({
  stdout: '',
  stderr: `${message}\n`,
  exitCode,
});

export async function openLive(
  args: McpArgs,
  context: CommandContext,
  terminal?: Terminal,
  print: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<LiveSession | CommandResult> {
  const validator = context.validator;
  if (!args.target) return failed(args.error ?? 'target: missing', EXIT_USAGE);
  const era = args.flags.get('era') ?? (args.target.kind === 'stdio' ? 'legacy' : 'auto');
  if (!MCP_ERAS.includes(era as McpEra))
    return failed(`--era: expected auto, modern or legacy, got '${String(era)}'`, EXIT_USAGE);
  const logLevel = args.flags.get('log-level');
  if (logLevel !== undefined && !LOG_LEVELS.includes(logLevel as ServerLogMessage['level']))
    return failed(`--log-level: expected one of ${LOG_LEVELS.join(', ')}, got '${String(logLevel)}'`, EXIT_USAGE);
  const asked = answersFrom(args, validator, context.readFile, terminal);
  if ('error' in asked) return failed(asked.error, EXIT_USAGE);
  const timeout = args.flags.get('timeout');
  const timeoutMs = typeof timeout === 'string' ? Number(timeout) : undefined;
  if (timeoutMs !== undefined && !(timeoutMs > 0))
    return failed(`--timeout: expected milliseconds > 0, got '${String(timeout)}'`, EXIT_USAGE);
  const transport = args.flags.get('transport');
  if (transport !== undefined && transport !== 'auto' && transport !== 'streamable-http' && transport !== 'sse')
    return failed(`--transport: expected auto, streamable-http or sse, got '${String(transport)}'`, EXIT_USAGE);
  const auth = args.oauth && args.target.kind === 'url' ? await oauthFor(args.target.url, args.oauth) : undefined;
  const connect = () =>
    connectTarget(args.target!, {
      era: era as McpEra,
      answers: asked.answers,
      ...(logLevel
        ? {
            logLevel: logLevel as ServerLogMessage['level'],
            onServerLog: (message: ServerLogMessage) =>
              print(
                `log ${message.level}${message.logger ? ` ${message.logger}` : ''}: ${typeof message.data === 'string' ? message.data : JSON.stringify(message.data)}`,
              ),
          }
        : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(transport ? { transport } : {}),
      ...(auth ? { authProvider: auth.provider, fetch: auth.fetch } : {}),
    });
  let connected = await connect();
  // Signed in after the first attempt was refused: connect again with the tokens.
  if (auth && !connected.ok && connected.failure.kind === 'unauthorized') {
    const signedIn = await auth.finishPending().catch((error: Error) => error);
    if (signedIn instanceof Error)
      connected = { ok: false, failure: { kind: 'unauthorized', message: `OAuth: ${signedIn.message}` } };
    else if (signedIn) connected = await connect();
  }
  if (!connected.ok) {
    await auth?.close();
    return failed(`Could not connect: ${connected.failure.message}`);
  }
  const connection = auth ? withStepUp(connected.value, auth) : connected.value;
  const listed = await connection.listTools();
  if (!listed.ok) {
    await connection.close();
    return failed(`Could not list tools: ${listed.failure.message}`);
  }
  return {
    connection,
    tools: listed.value,
    live: toolsetFromTools(listed.value, connection.serverInfo, validator),
    asked,
  };
}

/**
 * A request refused for want of scope (a 403 insufficient_scope, for which the SDK started a sign-in with the wider
 * scope) is tried once more after that sign-in completes; the redirect listener closes with the connection.
 */
function withStepUp(connection: McpConnection, auth: CliOAuth): McpConnection {
  const again = async <T>(request: () => Promise<McpOutcome<T>>): Promise<McpOutcome<T>> => {
    const first = await request();
    if (first.ok || first.failure.kind !== 'unauthorized') return first;
    const signedIn = await auth.finishPending().catch((error: Error) => error);
    if (signedIn instanceof Error)
      return { ok: false, failure: { kind: 'unauthorized', message: `OAuth: ${signedIn.message}` } };
    return signedIn ? request() : first;
  };
  return {
    ...connection,
    listTools: () => again(() => connection.listTools()),
    callTool: (name, toolArgs, options) => again(() => connection.callTool(name, toolArgs, options)),
    async close() {
      await connection.close();
      await auth.close();
    },
  };
}

export const isResult = (value: LiveSession | CommandResult): value is CommandResult => 'exitCode' in value;

/** Import problems (a tool refused by pointer and rule) said the same way the import command says them. */
export function problemLines(live: LiveToolset): string[] {
  return live.problems.map(
    (problem) => `${problem.severity}: ${problem.pointer || '/'} [${problem.rule}] ${problem.message}`,
  );
}
