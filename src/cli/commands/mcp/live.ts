/** Connects, lists every tool, and builds the live toolset: what list, lint, call, pin and verify start from. */
import type { Validator } from '../../../core/validation/validator';
import type { Tool } from '@modelcontextprotocol/client';
import type { McpConnection, McpOutcome } from '../../../core/mcp/client';
import { toolsetFromTools, type LiveToolset } from '../../../core/mcp/to-toolset';
import { EXIT_FAILURE, EXIT_USAGE, type CommandResult } from '../../types';
import { connectTarget } from './connect';
import type { McpArgs } from './target';
import { oauthFor, type CliOAuth } from './oauth';

export interface LiveSession {
  connection: McpConnection;
  tools: Tool[];
  live: LiveToolset;
}

const failed = (message: string, exitCode = EXIT_FAILURE): CommandResult => ({ stdout: '', stderr: `${message}\n`, exitCode });

export async function openLive(args: McpArgs, validator: Validator): Promise<LiveSession | CommandResult> {
  if (!args.target) return failed(args.error ?? 'target: missing', EXIT_USAGE);
  const timeout = args.flags.get('timeout');
  const timeoutMs = typeof timeout === 'string' ? Number(timeout) : undefined;
  if (timeoutMs !== undefined && !(timeoutMs > 0)) return failed(`--timeout: expected milliseconds > 0, got '${String(timeout)}'`, EXIT_USAGE);
  const transport = args.flags.get('transport');
  if (transport !== undefined && transport !== 'auto' && transport !== 'streamable-http' && transport !== 'sse') return failed(`--transport: expected auto, streamable-http or sse, got '${String(transport)}'`, EXIT_USAGE);
  const auth = args.oauth && args.target.kind === 'url' ? await oauthFor(args.target.url, args.oauth) : undefined;
  const connect = () =>
    connectTarget(args.target!, {
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(transport ? { transport } : {}),
      ...(auth ? { authProvider: auth.provider, fetch: auth.fetch } : {}),
    });
  let connected = await connect();
  // Signed in after the first attempt was refused: connect again with the tokens.
  if (auth && !connected.ok && connected.failure.kind === 'unauthorized') {
    const signedIn = await auth.finishPending().catch((error: Error) => error);
    if (signedIn instanceof Error) connected = { ok: false, failure: { kind: 'unauthorized', message: `OAuth: ${signedIn.message}` } };
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
  return { connection, tools: listed.value, live: toolsetFromTools(listed.value, connection.serverInfo, validator) };
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
    if (signedIn instanceof Error) return { ok: false, failure: { kind: 'unauthorized', message: `OAuth: ${signedIn.message}` } };
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
  return live.problems.map((problem) => `${problem.severity}: ${problem.pointer || '/'} [${problem.rule}] ${problem.message}`);
}
