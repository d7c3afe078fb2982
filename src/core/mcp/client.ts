/**
 * The MCP client side, over the SDK's `Client`: connect (Streamable HTTP, falling back to the older HTTP+SSE
 * transport), list tools page by page, call a tool with progress and cancel. Every failure is a value with a
 * kind and a sentence. Requests go through `client.request` rather than `listTools`/`callTool`: those compile
 * output schemas with the SDK's own Ajv (eval, refused by the page's CSP) and throw on a result that does not
 * match, where we want to show it and say why (results.ts validates with this project's validator).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListToolsResultSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Prompt,
  type Resource,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { classifyError, explainUnreachable, MalformedReply, malformedReason, type McpFailure } from './failures';
import { LoggedTransport, type LogListener } from './log';

export { classifyError, type McpFailure, type McpFailureKind } from './failures';

export const CLIENT_INFO = { name: 'tool-schema-playground', version: '1.0.0' } as const;
/** A server that answers nothing for this long is reported as hanging. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** A list (tools, resources, prompts) that keeps returning cursors stops here: a server looping on pages must not hang the page. */
export const MAX_TOOL_PAGES = 100;

export type McpOutcome<T> = { ok: true; value: T } | { ok: false; failure: McpFailure };

export interface HttpTarget {
  url: string;
  /** Sent with every request (a bearer token, an API key); never logged. */
  headers?: Record<string, string>;
  /** OAuth 2.1 with PKCE, as the SDK's transports drive it. */
  authProvider?: OAuthClientProvider;
  /** The transport to use; 'auto' tries Streamable HTTP, then HTTP+SSE. */
  transport?: 'auto' | 'streamable-http' | 'sse';
}

export interface ConnectOptions {
  /** Every JSON-RPC message both ways. */
  onMessage?: LogListener;
  /** `notifications/tools/list_changed` from the server. */
  onToolsChanged?: () => void;
  /** The time limit of each request (initialize, lists, calls without their own). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Aborting gives up on `initialize`. */
  signal?: AbortSignal;
  /** The web page's origin: a fetch that fails is then probed to tell a refused CORS request from a server that is down. */
  pageOrigin?: string;
}

export interface CallOptions {
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Aborting sends `notifications/cancelled` for the request. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ListOptions {
  signal?: AbortSignal;
  /** This list's time limit, instead of the connection's. */
  timeoutMs?: number;
}

export interface McpConnection {
  serverInfo: { name: string; version: string; title?: string };
  protocolVersion: string | undefined;
  instructions: string | undefined;
  /** What the server declared in `initialize` (tools, resources, prompts, logging…). */
  capabilities: ServerCapabilities;
  /** Which transport carried the session. */
  transport: 'streamable-http' | 'sse' | 'stdio' | 'other';
  listTools(options?: ListOptions): Promise<McpOutcome<Tool[]>>;
  /** resources/list, page by page; only for a server that declares `resources`. */
  listResources(options?: ListOptions): Promise<McpOutcome<Resource[]>>;
  /** prompts/list, page by page; only for a server that declares `prompts`. */
  listPrompts(options?: ListOptions): Promise<McpOutcome<Prompt[]>>;
  callTool(name: string, args: unknown, options?: CallOptions): Promise<McpOutcome<CallToolResult>>;
  close(): Promise<void>;
}

/**
 * Replies that break JSON-RPC reach the SDK's error handler, not the request waiting for them (which would wait
 * for its time limit). This aborts the requests waiting then, with a reason naming what was wrong. Every request
 * waiting fails: a malformed reply cannot say which request it was for.
 */
class Violations {
  private controller = new AbortController();
  private readonly sent = new Set<string | number>();

  constructor(private readonly onMessage: LogListener | undefined) {}

  readonly listener: LogListener = (entry) => {
    if (entry.direction === 'sent' && entry.id !== undefined) this.sent.add(entry.id);
    this.onMessage?.(entry);
  };

  report(error: unknown): void {
    // A late reply to a request we gave up on (a timeout, Stop) is harmless.
    const reason = malformedReason(error, (id) => (typeof id === 'string' || typeof id === 'number') && this.sent.has(id));
    if (!reason) return;
    this.controller.abort(new MalformedReply(reason));
    this.controller = new AbortController();
  }

  signal(other?: AbortSignal): AbortSignal {
    return other ? AbortSignal.any([other, this.controller.signal]) : this.controller.signal;
  }
}

/** The SDK wraps an abort's reason in its timeout error: a request aborted for a broken reply is told by its signal. */
function failureOf(error: unknown, signal: AbortSignal, where: string, timeoutMs: number): McpFailure {
  const reason: unknown = signal.aborted ? signal.reason : undefined;
  return classifyError(reason instanceof MalformedReply ? reason : error, where, timeoutMs);
}

/** The client a session uses; the tools/list_changed handler refreshes what the caller shows. */
function newClient(options: ConnectOptions, violations: Violations): Client {
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => options.onToolsChanged?.());
  client.onerror = (error) => violations.report(error);
  return client;
}

/** Connects over any transport (stdio from the CLI, an in-memory pair in tests). */
export async function connectTransport(transport: Transport, kind: McpConnection['transport'], options: ConnectOptions = {}): Promise<McpOutcome<McpConnection>> {
  const violations = new Violations(options.onMessage);
  const client = newClient(options, violations);
  const wrapped = new LoggedTransport(transport, violations.listener);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = violations.signal(options.signal);
  try {
    await client.connect(wrapped, { timeout, signal });
  } catch (error) {
    await client.close().catch(() => undefined);
    if (options.signal?.aborted) return { ok: false, failure: { kind: 'cancelled', message: 'initialize was cancelled.' } };
    return { ok: false, failure: failureOf(error, signal, 'initialize', timeout) };
  }
  return { ok: true, value: wrapConnection(client, wrapped, kind, options, violations) };
}

/** Streamable HTTP first; a 4xx other than 401/403 on the first POST means an older server, tried over HTTP+SSE. */
export async function connectHttp(target: HttpTarget, options: ConnectOptions = {}): Promise<McpOutcome<McpConnection>> {
  const outcome = await connectHttpOnce(target, options);
  if (outcome.ok || !options.pageOrigin || outcome.failure.kind !== 'unreachable') return outcome;
  return { ok: false, failure: await explainUnreachable(outcome.failure, target.url, options.pageOrigin, options.fetch ?? fetch) };
}

async function connectHttpOnce(target: HttpTarget, options: ConnectOptions): Promise<McpOutcome<McpConnection>> {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return { ok: false, failure: { kind: 'unreachable', message: `url: '${target.url}' is not a URL (expected http://… or https://…).` } };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, failure: { kind: 'unreachable', message: `url: '${url.protocol}' is not supported; use http:// or https://.` } };
  const requestInit: RequestInit = target.headers ? { headers: target.headers } : {};
  const common = { requestInit, ...(target.authProvider ? { authProvider: target.authProvider } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) };
  const mode = target.transport ?? 'auto';
  if (mode !== 'sse') {
    const first = await connectTransport(new StreamableHTTPClientTransport(url, common), 'streamable-http', options);
    if (first.ok || mode === 'streamable-http') return first;
    if (first.failure.kind !== 'protocol' && first.failure.kind !== 'server_error') return first;
    const status = first.failure.status;
    // Only an HTTP refusal of the POST means an older server; a reply that broke JSON-RPC is the answer.
    if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) return first;
  }
  const sse = await connectTransport(new SSEClientTransport(url, common), 'sse', options);
  return sse;
}

/** After initialize over HTTP, a 400/404 with no session id may be a session id the browser withheld (no Expose-Headers). */
function withSessionHint(failure: McpFailure, wire: LoggedTransport, options: ConnectOptions): McpFailure {
  const hidden = options.pageOrigin && wire.inner instanceof StreamableHTTPClientTransport && wire.sessionId === undefined && (failure.status === 400 || failure.status === 404);
  if (!hidden) return failure;
  return { ...failure, message: `${failure.message} If the server sent an Mcp-Session-Id, the browser withheld it: the server must send Access-Control-Expose-Headers: Mcp-Session-Id.` };
}

function wrapConnection(client: Client, wire: LoggedTransport, transport: McpConnection['transport'], options: ConnectOptions, violations: Violations): McpConnection {
  const server = client.getServerVersion();
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** Every page of a paged list; the request fails at once on a reply that breaks JSON-RPC. */
  async function listAll<T>(method: 'tools/list' | 'resources/list' | 'prompts/list', read: (cursor: string | undefined, signal: AbortSignal, limit: number) => Promise<{ items: T[]; nextCursor?: string | undefined }>, listOptions: ListOptions): Promise<McpOutcome<T[]>> {
    const items: T[] = [];
    const limit = listOptions.timeoutMs ?? timeout;
    let cursor: string | undefined;
    let signal = violations.signal(listOptions.signal);
    try {
      for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
        signal = violations.signal(listOptions.signal);
        const result = await read(cursor, signal, limit);
        items.push(...result.items);
        cursor = result.nextCursor;
        if (!cursor) return { ok: true, value: items };
      }
    } catch (error) {
      if (listOptions.signal?.aborted) return { ok: false, failure: { kind: 'cancelled', message: `${method} was cancelled.` } };
      return { ok: false, failure: withSessionHint(failureOf(error, signal, method, limit), wire, options) };
    }
    return { ok: false, failure: { kind: 'protocol', message: `${method}: the server was still returning cursors after ${MAX_TOOL_PAGES} pages (${items.length} items); stopped.` } };
  }
  const params = (cursor: string | undefined) => (cursor ? { cursor } : {});

  return {
    serverInfo: { name: server?.name ?? '(unnamed server)', version: server?.version ?? '0.0.0', ...(server?.title ? { title: server.title } : {}) },
    protocolVersion: wire.protocolVersion,
    instructions: client.getInstructions(),
    capabilities: client.getServerCapabilities() ?? {},
    transport,
    listTools: (listOptions = {}) =>
      listAll('tools/list', async (cursor, signal, limit) => {
        const result = await client.request({ method: 'tools/list', params: params(cursor) }, ListToolsResultSchema, { timeout: limit, signal });
        return { items: result.tools, nextCursor: result.nextCursor };
      }, listOptions),
    listResources: (listOptions = {}) =>
      listAll('resources/list', async (cursor, signal, limit) => {
        const result = await client.request({ method: 'resources/list', params: params(cursor) }, ListResourcesResultSchema, { timeout: limit, signal });
        return { items: result.resources, nextCursor: result.nextCursor };
      }, listOptions),
    listPrompts: (listOptions = {}) =>
      listAll('prompts/list', async (cursor, signal, limit) => {
        const result = await client.request({ method: 'prompts/list', params: params(cursor) }, ListPromptsResultSchema, { timeout: limit, signal });
        return { items: result.prompts, nextCursor: result.nextCursor };
      }, listOptions),
    async callTool(name, args, callOptions = {}) {
      const limit = callOptions.timeoutMs ?? timeout;
      const signal = violations.signal(callOptions.signal);
      try {
        const result = await client.request({ method: 'tools/call', params: { name, arguments: args as Record<string, unknown> } }, CallToolResultSchema, {
          timeout: limit,
          resetTimeoutOnProgress: true,
          signal,
          ...(callOptions.onProgress ? { onprogress: callOptions.onProgress } : {}),
        });
        return { ok: true, value: result };
      } catch (error) {
        // The SDK rejects an aborted request with its timeout code; the signal tells the two apart.
        if (callOptions.signal?.aborted) return { ok: false, failure: { kind: 'cancelled', message: `tools/call ${name} was cancelled; the server was sent notifications/cancelled.` } };
        return { ok: false, failure: withSessionHint(failureOf(error, signal, `tools/call ${name}`, limit), wire, options) };
      }
    },
    async close() {
      // The spec asks a Streamable HTTP client that is done to end its session with DELETE.
      const inner = wire.inner;
      if (inner instanceof StreamableHTTPClientTransport && inner.sessionId) await inner.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}
