/** Requests to an open connection (tools, resources, prompts, completion); not connected is a failure that says to connect. */
import type { CallOptions, CompletionRef, McpConnection, McpOutcome } from '../../../core/mcp/client';
import type { TaskCallOptions } from '../../../core/mcp/tasks';
import type { ConnectionState } from './connectionState';

export function createServerCalls({ open }: ConnectionState) {
  /** The open connection to run `what` on, or the failure that says to connect first. */
  function openFor<T>(
    url: string,
    what: string,
    run: (connection: McpConnection) => Promise<McpOutcome<T>>,
  ): Promise<McpOutcome<T>> {
    const connection = open.get(url);
    if (!connection)
      return Promise.resolve({
        ok: false,
        failure: { kind: 'unreachable', message: `${what}: not connected to ${url}; connect first.` },
      });
    return run(connection);
  }

  const callTool = (url: string, name: string, args: unknown, options: CallOptions) =>
    openFor(url, `tools/call ${name}`, (connection) => connection.callTool(name, args, options));
  const callToolAsTask = (url: string, name: string, args: unknown, options: TaskCallOptions) =>
    openFor(url, `tools/call ${name}`, (connection) => connection.callToolAsTask(name, args, options));
  const readResource = (url: string, uri: string, options: CallOptions = {}) =>
    openFor(url, `resources/read ${uri}`, (connection) => connection.readResource(uri, options));
  const getPrompt = (url: string, name: string, args: Record<string, string>, options: CallOptions = {}) =>
    openFor(url, `prompts/get ${name}`, (connection) => connection.getPrompt(name, args, options));
  const subscribe = (url: string, uri: string) =>
    openFor(url, `subscribe ${uri}`, (connection) => connection.subscribe(uri));

  const complete = (
    url: string,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ) => openFor(url, 'completion/complete', (connection) => connection.complete(ref, argument, context));

  return { callTool, callToolAsTask, readResource, getPrompt, subscribe, complete };
}
