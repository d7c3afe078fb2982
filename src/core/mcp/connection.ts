/**
 * A connected session, whatever its era: lists page by page, tools called with progress and cancel, resources
 * read, prompts got, completions asked for, resources subscribed to. Each request is an outcome value; a request
 * fails at once on a reply that breaks JSON-RPC (Violations), and at its time limit otherwise.
 */
import {
  LOG_LEVEL_META_KEY,
  StreamableHTTPClientTransport,
  type CallToolResult,
  type Client,
  type CompleteResult,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplateType,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/client';
import {
  DEFAULT_TIMEOUT_MS,
  failureOf,
  MAX_TOOL_PAGES,
  type ConnectOptions,
  type McpOutcome,
  type Violations,
} from './session';
import { CallStopped, type Asking } from './asking';
import { NO_SDK_LIMIT_MS, withPausableLimit } from './call-limit';
import type { McpFailure } from './failures';
import type { LoggedTransport } from './log';
import { runTask, type TaskCallOptions, type TaskRequest, type TaskRun } from './tasks';
import { declaringTasks, runExtensionTask } from './task-extension';
import { taskFeeds } from './task-feed';
import type { ClientInput } from './input';

export interface CallOptions {
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Aborting cancels the request (the modern era closes its stream; the legacy one sends notifications/cancelled). */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ListOptions {
  signal?: AbortSignal;
  /** This list's time limit, instead of the connection's. */
  timeoutMs?: number;
}

/** What `completion/complete` completes: a prompt's argument or a resource template's variable. */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export interface McpConnection {
  serverInfo: { name: string; version: string; title?: string };
  /** `modern` (2026-07-28, `server/discover`) or `legacy` (the 2025 `initialize` handshake). */
  era: 'modern' | 'legacy';
  protocolVersion: string | undefined;
  instructions: string | undefined;
  /** What the server declared in `initialize` or `server/discover` (tools, resources, prompts, logging…). */
  capabilities: ServerCapabilities;
  /** Which transport carried the session. */
  transport: 'streamable-http' | 'sse' | 'stdio' | 'other';
  listTools(options?: ListOptions): Promise<McpOutcome<Tool[]>>;
  /** resources/list, page by page; only for a server that declares `resources`. */
  listResources(options?: ListOptions): Promise<McpOutcome<Resource[]>>;
  /** resources/templates/list, page by page. */
  listResourceTemplates(options?: ListOptions): Promise<McpOutcome<ResourceTemplateType[]>>;
  /** prompts/list, page by page; only for a server that declares `prompts`. */
  listPrompts(options?: ListOptions): Promise<McpOutcome<Prompt[]>>;
  callTool(name: string, args: unknown, options?: CallOptions): Promise<McpOutcome<CallToolResult>>;
  /**
   * tools/call as a task, for a tool that supports it: 2025-11-25 tasks (tasks.ts) or the 2026-07-28 tasks extension
   * (task-extension.ts). Status while it runs, its result, cancel by aborting.
   */
  callToolAsTask(name: string, args: unknown, options?: TaskCallOptions): Promise<McpOutcome<TaskRun>>;
  readResource(uri: string, options?: CallOptions): Promise<McpOutcome<ReadResourceResult>>;
  getPrompt(name: string, args: Record<string, string>, options?: CallOptions): Promise<McpOutcome<GetPromptResult>>;
  complete(
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<McpOutcome<CompleteResult['completion']>>;
  /** Re-read notices for a resource: `resources/subscribe` (legacy) or a `subscriptions/listen` stream (modern). */
  subscribe(uri: string): Promise<McpOutcome<{ close(): Promise<void> }>>;
  close(): Promise<void>;
}

/** After connecting over HTTP, a 400/404 with no session id may be a session id the browser withheld (no Expose-Headers). */
function withSessionHint(failure: McpFailure, wire: LoggedTransport, options: ConnectOptions): McpFailure {
  const hidden =
    options.pageOrigin &&
    wire.inner instanceof StreamableHTTPClientTransport &&
    wire.sessionId === undefined &&
    (failure.status === 400 || failure.status === 404);
  if (!hidden) return failure;
  return {
    ...failure,
    message: `${failure.message} If the server sent an Mcp-Session-Id, the browser withheld it: the server must send Access-Control-Expose-Headers: Mcp-Session-Id.`,
  };
}

type Page<T> = { items: T[]; nextCursor?: string | undefined };

export function wrapConnection(
  client: Client,
  wire: LoggedTransport,
  transport: McpConnection['transport'],
  options: ConnectOptions,
  violations: Violations,
  asking: Asking,
  input: ClientInput,
): McpConnection {
  const server = client.getServerVersion();
  const era = client.getProtocolEra() ?? 'legacy';
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  /** Tool definitions as listed: a call passes its own, for the modern era's `Mcp-Param-*` headers. */
  const listed = new Map<string, Tool>();
  /** The modern era asks for logs per request; absent, the server sends none. */
  const meta = era === 'modern' && options.logLevel ? { _meta: { [LOG_LEVEL_META_KEY]: options.logLevel } } : {};

  async function attempt<T>(
    what: string,
    limit: number,
    callerSignal: AbortSignal | undefined,
    run: (signal: AbortSignal) => Promise<T>,
    cancelled = `${what} was cancelled.`,
  ): Promise<McpOutcome<T>> {
    const signal = violations.signal(callerSignal);
    try {
      return { ok: true, value: await run(signal) };
    } catch (error) {
      // The SDK rejects an aborted request with its own error; the caller's signal tells a Stop from a timeout.
      if (callerSignal?.aborted || error instanceof CallStopped)
        return { ok: false, failure: { kind: 'cancelled', message: cancelled } };
      return { ok: false, failure: withSessionHint(failureOf(error, signal, what, limit), wire, options) };
    }
  }

  /** Every page of a paged list; a server still returning cursors after MAX_TOOL_PAGES pages is stopped. */
  async function listAll<T>(
    method: string,
    read: (cursor: string | undefined, signal: AbortSignal, limit: number) => Promise<Page<T>>,
    listOptions: ListOptions,
  ): Promise<McpOutcome<T[]>> {
    const items: T[] = [];
    const limit = listOptions.timeoutMs ?? timeout;
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
      const result = await attempt(method, limit, listOptions.signal, (signal) => read(cursor, signal, limit));
      if (!result.ok) return result;
      items.push(...result.value.items);
      cursor = result.value.nextCursor;
      if (!cursor) return { ok: true, value: items };
    }
    return {
      ok: false,
      failure: {
        kind: 'protocol',
        message: `${method}: the server was still returning cursors after ${MAX_TOOL_PAGES} pages (${items.length} items); stopped.`,
      },
    };
  }
  const page = (cursor: string | undefined) => ({ ...(cursor ? { cursor } : {}), ...meta });
  const requestOptions = (signal: AbortSignal, limit: number, callOptions: CallOptions) => ({
    timeout: limit,
    resetTimeoutOnProgress: true,
    signal,
    ...(callOptions.onProgress ? { onprogress: callOptions.onProgress } : {}),
  });
  /** Task status notifications, for the tasks extension of the modern era. */
  const openTaskFeed = era === 'modern' ? taskFeeds(client, wire.honoredTaskIds, timeout) : undefined;

  return {
    serverInfo: {
      name: server?.name ?? '(unnamed server)',
      version: server?.version ?? '0.0.0',
      ...(server?.title ? { title: server.title } : {}),
    },
    era,
    protocolVersion: client.getNegotiatedProtocolVersion() ?? wire.protocolVersion,
    instructions: client.getInstructions(),
    capabilities: client.getServerCapabilities() ?? {},
    transport,
    listTools: (listOptions = {}) =>
      listAll(
        'tools/list',
        async (cursor, signal, limit) => {
          const result = await client.listTools(page(cursor), { timeout: limit, signal, cacheMode: 'bypass' });
          for (const tool of result.tools) listed.set(tool.name, tool);
          return { items: result.tools, nextCursor: result.nextCursor };
        },
        listOptions,
      ),
    listResources: (listOptions = {}) =>
      listAll(
        'resources/list',
        async (cursor, signal, limit) => {
          const result = await client.listResources(page(cursor), { timeout: limit, signal, cacheMode: 'bypass' });
          return { items: result.resources, nextCursor: result.nextCursor };
        },
        listOptions,
      ),
    listResourceTemplates: (listOptions = {}) =>
      listAll(
        'resources/templates/list',
        async (cursor, signal, limit) => {
          const result = await client.listResourceTemplates(page(cursor), {
            timeout: limit,
            signal,
            cacheMode: 'bypass',
          });
          return { items: result.resourceTemplates, nextCursor: result.nextCursor };
        },
        listOptions,
      ),
    listPrompts: (listOptions = {}) =>
      listAll(
        'prompts/list',
        async (cursor, signal, limit) => {
          const result = await client.listPrompts(page(cursor), { timeout: limit, signal, cacheMode: 'bypass' });
          return { items: result.prompts, nextCursor: result.nextCursor };
        },
        listOptions,
      ),
    callTool(name, args, callOptions = {}) {
      const limit = callOptions.timeoutMs ?? timeout;
      const tool = listed.get(name);
      return attempt(
        `tools/call ${name}`,
        limit,
        callOptions.signal,
        // The limit is this connection's clock, not the SDK's: it does not run while the person is asked.
        (signal) =>
          withPausableLimit(limit, asking, signal, callOptions, (inner, limited) =>
            client.callTool(
              { name, arguments: args as Record<string, unknown>, ...meta },
              { ...requestOptions(inner, NO_SDK_LIMIT_MS, limited), ...(tool ? { toolDefinition: tool } : {}) },
            ),
          ),
        // The modern era cancels a request over Streamable HTTP by closing its stream, the legacy era by notification.
        era === 'modern' && wire.hasPerRequestStream
          ? `tools/call ${name} was cancelled; its stream was closed, which tells the server.`
          : `tools/call ${name} was cancelled; the server was sent notifications/cancelled.`,
      );
    },
    callToolAsTask(name, args, taskOptions = {}) {
      const request: TaskRequest = (what, method, params, schema, signal, limit) => {
        const within = limit ?? taskOptions.timeoutMs ?? timeout;
        return attempt(what, within, signal, (combined) =>
          client.request({ method, params }, schema, { timeout: within, signal: combined }),
        );
      };
      if (era !== 'modern') return runTask(request, name, args, taskOptions);
      const declared = declaringTasks({ ...input.capabilities }, meta._meta);
      return runExtensionTask(request, name, args, declared, taskOptions, input.answer, openTaskFeed);
    },
    readResource(uri, callOptions = {}) {
      const limit = callOptions.timeoutMs ?? timeout;
      return attempt(`resources/read ${uri}`, limit, callOptions.signal, (signal) =>
        client.readResource({ uri, ...meta }, { ...requestOptions(signal, limit, callOptions), cacheMode: 'bypass' }),
      );
    },
    getPrompt(name, args, callOptions = {}) {
      const limit = callOptions.timeoutMs ?? timeout;
      return attempt(`prompts/get ${name}`, limit, callOptions.signal, (signal) =>
        client.getPrompt({ name, arguments: args, ...meta }, requestOptions(signal, limit, callOptions)),
      );
    },
    async complete(ref, argument, context) {
      const result = await attempt('completion/complete', timeout, undefined, (signal) =>
        client.complete(
          { ref, argument, ...(context ? { context: { arguments: context } } : {}) },
          { timeout, signal },
        ),
      );
      return result.ok ? { ok: true, value: result.value.completion } : result;
    },
    subscribe(uri) {
      if (era === 'modern') {
        return attempt(`subscriptions/listen ${uri}`, timeout, undefined, async (signal) => {
          const subscription = await client.listen({ resourceSubscriptions: [uri] }, { timeout, signal });
          return { close: () => subscription.close() };
        });
      }
      return attempt(`resources/subscribe ${uri}`, timeout, undefined, async (signal) => {
        await client.subscribeResource({ uri }, { timeout, signal });
        return { close: () => client.unsubscribeResource({ uri }).then(() => undefined) };
      });
    },
    async close() {
      // The spec asks a Streamable HTTP client that is done with a session to end it with DELETE.
      const inner = wire.inner;
      if (inner instanceof StreamableHTTPClientTransport && inner.sessionId)
        await inner.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}
