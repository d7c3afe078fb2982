/**
 * A model's call to a live tool, run on its server (the Models page plugs this into its live-call seam): the
 * connection is reopened without sign-in prompts, the call carries the run's Stop signal (notifications/cancelled),
 * and the MCP result comes back as the runtime's ToolResult so the model is answered as for any other call.
 */
import type { McpFailure } from '../../../core/mcp/client';
import { boundResult, readResult, resultToText } from '../../../core/mcp/results';
import { cancelled, DEFAULT_MAX_DATA_CHARS, failed, succeeded } from '../../../core/runtime/result';
import type { ToolData, ToolResult } from '../../../core/runtime/types';
import type { ToolsetEntry } from '../../lib/toolset';
import type { Services } from '../../services/Services';
import { connectionsOf } from '../../services/connections/useConnections';

/**
 * A tools/call result as a ToolResult: text blocks as they are, up to the share of text a model is given of any tool's
 * data (the rest said as "N more characters not shown"), other blocks by type, MIME type and size; structuredContent
 * kept as data, which the runtime's truncation bounds as it does every tool's data.
 */
export function mcpResultToToolResult(result: unknown, durationMs = 0): ToolResult {
  const whole = readResult(result);
  const { structuredContent } = whole;
  const read = {
    ...boundResult({ ...whole, structuredContent: undefined }, DEFAULT_MAX_DATA_CHARS),
    structuredContent,
  };
  const text = resultToText(read);
  const data: ToolData | undefined = read.structuredContent
    ? // Compact: the model reads it inside the Data line (serialized once more), where indentation only adds escapes.
      { kind: 'output', text: JSON.stringify(read.structuredContent), language: 'json' }
    : undefined;
  if (read.isError)
    return {
      ...failed(text || 'The server reported an error (isError) with no text.', 'execution_failed', data),
      durationMs,
    };
  return { ...succeeded(data, text || '(the server returned no text content)'), durationMs };
}

/** An MCP failure (down, refused, cancelled, timed out) in the runtime's terms. */
export function failureToToolResult(failure: McpFailure): ToolResult {
  if (failure.kind === 'cancelled') return cancelled(failure.message);
  if (failure.kind === 'timeout') return failed(failure.message, 'timeout');
  return failed(failure.message, 'execution_failed');
}

export async function runLiveModelCall(
  services: Services,
  entry: ToolsetEntry,
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<ToolResult> {
  const url = entry.record?.live?.url;
  if (!url)
    return failed(`Not run: ${entry.toolset.manifest.name} is not a live toolset (no server URL).`, 'execution_failed');
  const { ensureConnected, callTool } = connectionsOf(services);
  const connection = await ensureConnected(url, false).catch(() => undefined);
  if (!connection)
    return failed(
      `Not run: ${url} is not among the saved connections; connect it on the Connect page.`,
      'execution_failed',
    );
  if (connection.status === 'failed' && connection.failure?.kind === 'unauthorized') {
    return failed(
      `Not run: ${url} needs sign-in. Open the Connect page and sign in, then run again. (${connection.failure.message})`,
      'execution_failed',
    );
  }
  if (connection.status === 'failed' && connection.failure) return failureToToolResult(connection.failure);
  if (signal?.aborted) return cancelled();
  const started = performance.now();
  const outcome = await callTool(url, name, args, signal ? { signal } : {});
  if (!outcome.ok) return failureToToolResult(outcome.failure);
  return mcpResultToToolResult(outcome.value, Math.round(performance.now() - started));
}
