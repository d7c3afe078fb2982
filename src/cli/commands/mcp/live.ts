/** Connects, lists every tool, and builds the live toolset: what list, lint, call, pin and verify start from. */
import type { Validator } from '../../../core/validation/validator';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnection } from '../../../core/mcp/client';
import { toolsetFromTools, type LiveToolset } from '../../../core/mcp/to-toolset';
import { EXIT_FAILURE, EXIT_USAGE, type CommandResult } from '../../types';
import { connectTarget } from './connect';
import type { McpArgs } from './target';
import { oauthFor } from './oauth';

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
  const auth = args.flags.has('oauth') && args.target.kind === 'url' ? await oauthFor(args.target.url) : undefined;
  const connected = await connectTarget(args.target, {
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(transport ? { transport } : {}),
    ...(auth ? { authProvider: auth.provider } : {}),
  }).then(async (outcome) => (auth && !outcome.ok && outcome.failure.kind === 'unauthorized' ? auth.retry(() => connectTarget(args.target!, { authProvider: auth.provider })) : outcome));
  await auth?.close();
  if (!connected.ok) return failed(`Could not connect: ${connected.failure.message}`);
  const connection = connected.value;
  const listed = await connection.listTools();
  if (!listed.ok) {
    await connection.close();
    return failed(`Could not list tools: ${listed.failure.message}`);
  }
  return { connection, tools: listed.value, live: toolsetFromTools(listed.value, connection.serverInfo, validator) };
}

export const isResult = (value: LiveSession | CommandResult): value is CommandResult => 'exitCode' in value;

/** Import problems (a tool refused by pointer and rule) said the same way the import command says them. */
export function problemLines(live: LiveToolset): string[] {
  return live.problems.map((problem) => `${problem.severity}: ${problem.pointer || '/'} [${problem.rule}] ${problem.message}`);
}
