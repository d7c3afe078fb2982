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
import { CallToolResultSchema, ListToolsResultSchema, ToolListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { LoggedTransport, type LogListener } from './log';

export const CLIENT_INFO = { name: 'tool-schema-playground', version: '1.0.0' } as const;
/** A server that answers nothing for this long is reported as hanging. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** A tools/list that keeps returning cursors stops here: a server looping on pages must not hang the page. */
export const MAX_TOOL_PAGES = 100;

export type McpFailureKind = 'unreachable' | 'unauthorized' | 'cors' | 'protocol_version' | 'protocol' | 'timeout' | 'cancelled' | 'server_error';

export interface McpFailure {
  kind: McpFailureKind;
  message: string;
  /** The HTTP status, when the failure was one. */
  status?: number;
}

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
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CallOptions {
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Aborting sends `notifications/cancelled` for the request. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface McpConnection {
  serverInfo: { name: string; version: string; title?: string };
  protocolVersion: string | undefined;
  instructions: string | undefined;
  /** Which transport carried the session. */
  transport: 'streamable-http' | 'sse' | 'stdio' | 'other';
  listTools(): Promise<McpOutcome<Tool[]>>;
  callTool(name: string, args: unknown, options?: CallOptions): Promise<McpOutcome<CallToolResult>>;
  close(): Promise<void>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Puts a thrown error into one of the kinds the page and the CLI explain. */
export function classifyError(error: unknown, where: string): McpFailure {
  const status = statusOf(error);
  const failure = classifyUnguarded(error, where);
  return status === undefined ? failure : { ...failure, status };
}

function classifyUnguarded(error: unknown, where: string): McpFailure {
  const message = messageOf(error);
  const code = (error as { code?: unknown }).code;
  const name = (error as { name?: unknown }).name;
  if (name === 'AbortError' || /aborted|cancel/i.test(message)) return { kind: 'cancelled', message: `${where} was cancelled.` };
  if (code === -32001 || /timed out|timeout/i.test(message)) return { kind: 'timeout', message: `${where}: the server did not answer in time (${message}).` };
  if (name === 'UnauthorizedError' || code === 401 || code === 403 || /\b(401|403)\b|unauthori[sz]ed|invalid_token/i.test(message)) {
    return { kind: 'unauthorized', message: `${where}: the server refused the credentials (${message}). Check the bearer token or sign in again.` };
  }
  if (/protocol version is not supported/i.test(message)) return { kind: 'protocol_version', message: `${where}: ${message}. This client speaks the MCP versions the SDK supports.` };
  if (/Failed to fetch|NetworkError|fetch failed|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|Load failed/i.test(message)) {
    return {
      kind: 'unreachable',
      message: `${where}: the server could not be reached (${message}). Is it running? From a web page this is also what a refused CORS request looks like: the server must answer OPTIONS and send Access-Control-Allow-Origin for this site, Access-Control-Allow-Headers: Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID, and Access-Control-Expose-Headers: Mcp-Session-Id.`,
    };
  }
  if (typeof code === 'number' && code <= -32000) return { kind: 'server_error', message: `${where}: the server answered error ${code}: ${message}` };
  if (typeof code === 'number' && code < 0) return { kind: 'protocol', message: `${where}: JSON-RPC error ${code}: ${message}` };
  return { kind: 'protocol', message: `${where}: ${message}` };
}

/** The client a session uses; the tools/list_changed handler refreshes what the caller shows. */
function newClient(options: ConnectOptions): Client {
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => options.onToolsChanged?.());
  return client;
}

const statusOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'number' && code >= 400 && code < 600) return code;
  const match = /HTTP (\d{3})|\((\d{3})\)|status(?: code)? (\d{3})/i.exec(messageOf(error));
  const found = match?.[1] ?? match?.[2] ?? match?.[3];
  return found ? Number(found) : undefined;
};

/** Connects over any transport (stdio from the CLI, an in-memory pair in tests). */
export async function connectTransport(transport: Transport, kind: McpConnection['transport'], options: ConnectOptions = {}): Promise<McpOutcome<McpConnection>> {
  const client = newClient(options);
  const wrapped = new LoggedTransport(transport, options.onMessage);
  try {
    await client.connect(wrapped, { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  } catch (error) {
    await client.close().catch(() => undefined);
    return { ok: false, failure: classifyError(error, 'initialize') };
  }
  return { ok: true, value: wrapConnection(client, wrapped, kind, options) };
}

/** Streamable HTTP first; a 4xx other than 401/403 on the first POST means an older server, tried over HTTP+SSE. */
export async function connectHttp(target: HttpTarget, options: ConnectOptions = {}): Promise<McpOutcome<McpConnection>> {
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
    if (status !== undefined && (status < 400 || status >= 500 || status === 401 || status === 403)) return first;
  }
  const sse = await connectTransport(new SSEClientTransport(url, common), 'sse', options);
  return sse;
}

function wrapConnection(client: Client, wire: LoggedTransport, transport: McpConnection['transport'], options: ConnectOptions): McpConnection {
  const server = client.getServerVersion();
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    serverInfo: { name: server?.name ?? '(unnamed server)', version: server?.version ?? '0.0.0', ...(server?.title ? { title: server.title } : {}) },
    protocolVersion: wire.protocolVersion,
    instructions: client.getInstructions(),
    transport,
    async listTools() {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      try {
        for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
          const result = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, ListToolsResultSchema, { timeout });
          tools.push(...result.tools);
          cursor = result.nextCursor;
          if (!cursor) return { ok: true, value: tools };
        }
      } catch (error) {
        return { ok: false, failure: classifyError(error, 'tools/list') };
      }
      return { ok: false, failure: { kind: 'protocol', message: `tools/list: the server was still returning cursors after ${MAX_TOOL_PAGES} pages (${tools.length} tools); stopped.` } };
    },
    async callTool(name, args, callOptions = {}) {
      try {
        const result = await client.request({ method: 'tools/call', params: { name, arguments: args as Record<string, unknown> } }, CallToolResultSchema, {
          timeout: callOptions.timeoutMs ?? timeout,
          resetTimeoutOnProgress: true,
          ...(callOptions.signal ? { signal: callOptions.signal } : {}),
          ...(callOptions.onProgress ? { onprogress: callOptions.onProgress } : {}),
        });
        return { ok: true, value: result };
      } catch (error) {
        // The SDK rejects an aborted request with its timeout code; the signal tells the two apart.
        if (callOptions.signal?.aborted) return { ok: false, failure: { kind: 'cancelled', message: `tools/call ${name} was cancelled; the server was sent notifications/cancelled.` } };
        return { ok: false, failure: classifyError(error, `tools/call ${name}`) };
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
