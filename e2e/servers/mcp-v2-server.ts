/**
 * The MCP test server written with SDK v2: `createMcpHandler` on loopback, in either serving mode — the SDK's
 * default (2026-07-28 requests and, per request, 2025-era ones) or modern-only (`legacy: 'reject'`). The default
 * serves the 2025 era without sessions, so a tool cannot send it requests (elicitation, sampling, roots);
 * `legacySessions` routes 2025-era traffic to sessions of the SDK's web-standard transport instead, where it can.
 * CORS is open to any origin so the page can connect. Tools, resources, templates, prompts: mcp-v2-tools.ts.
 * Start from a test with `startMcpV2Server()`, or from a shell:
 * `npx tsx e2e/servers/mcp-v2-server.ts [--port N] [--modern-only | --legacy-sessions]`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { sendWebResponse } from '../../src/cli/commands/mcp/web-http';
import { buildV2Server, newV2State, registerV2GeneratedTool, type V2State } from './mcp-v2-tools';
import { serveTaskListen, taskListenOf } from './mcp-v2-task-listen';
import { registerRemoteIconTool, V2_ICON } from './mcp-v2-icons';

export interface McpV2ServerOptions {
  port?: number;
  /** Refuse 2025-era requests (`legacy: 'reject'`): only `server/discover` and 2026-07-28 requests are served. */
  modernOnly?: boolean;
  /** Serve 2025-era requests in sessions (the 2025 Streamable HTTP transport), so tools can ask the client. */
  legacySessions?: boolean;
  /** Generated tools added to the test tools (`generated_0` …), for a large list. */
  extraTools?: number;
  /**
   * Whether a `subscriptions/listen` may ask for task status notifications (mcp-v2-task-listen.ts); true unless
   * false, when such a listen is left to the SDK, which acknowledges none and the client polls.
   */
  taskNotifications?: boolean;
  /** Adds `remote_icon`, a tool whose only icon is this server's `/icon.png` (a 16×16 PNG), whose fetches it counts. */
  remoteIconTool?: boolean;
}

export interface McpV2Server {
  url: string;
  state: V2State;
  /** How many times `/icon.png` was fetched. */
  iconRequests: () => number;
  /** Publishes `notifications/resources/updated` for a URI to open subscriptions. */
  resourceUpdated(uri: string): void;
  close(): Promise<void>;
}

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, WWW-Authenticate',
};

/** A Node request as a web-standard Request; closing the socket aborts it (the modern era's cancel). */
function toRequest(request: IncomingMessage, body: Buffer, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const url = `http://${request.headers.host ?? '127.0.0.1'}${request.url ?? '/'}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body.length > 0;
  return new Request(url, {
    method: request.method ?? 'GET',
    headers,
    signal,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

export async function startMcpV2Server(options: McpV2ServerOptions = {}): Promise<McpV2Server> {
  const state = newV2State();
  /** This server's origin, known once it listens. */
  let origin = '';
  let iconRequests = 0;
  const build = (era: 'legacy' | 'modern') => {
    const server = buildV2Server(era, state);
    for (let index = 0; index < (options.extraTools ?? 0); index += 1) registerV2GeneratedTool(server, index);
    if (options.remoteIconTool) registerRemoteIconTool(server, `${origin}/icon.png`);
    return server;
  };
  const handler = createMcpHandler(({ era }) => build(era), {
    legacy: options.modernOnly || options.legacySessions ? 'reject' : 'stateless',
    keepAliveMs: 0,
  });
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  /** A 2025-era request in its session; `initialize` opens one. */
  async function legacy(request: Request): Promise<Response> {
    const id = request.headers.get('mcp-session-id');
    if (id) return sessions.get(id)?.handleRequest(request) ?? new Response('Unknown session', { status: 404 });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (opened) => void sessions.set(opened, transport),
    });
    transport.onclose = () => void sessions.delete(transport.sessionId ?? '');
    await build('legacy').connect(transport);
    return transport.handleRequest(request);
  }
  /** A listen for task ids, which the SDK's router would not honor. */
  const taskListen = async (request: Request) => {
    if (options.taskNotifications === false || request.method !== 'POST') return undefined;
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    return taskListenOf(body);
  };
  const serve = async (request: Request): Promise<Response> => {
    const listen = await taskListen(request);
    if (listen) return serveTaskListen(state, listen, request.signal);
    return options.legacySessions && (await isLegacyRequest(request.clone()))
      ? legacy(request)
      : handler.fetch(request);
  };
  const http = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS).end();
      return;
    }
    if (request.url === '/icon.png') {
      iconRequests += 1;
      response
        .writeHead(200, { 'Content-Type': 'image/png', ...CORS_HEADERS })
        .end(Buffer.from(V2_ICON.split(',')[1]!, 'base64'));
      return;
    }
    if (!request.url?.startsWith('/mcp')) {
      response.writeHead(404, { 'Content-Type': 'text/plain', ...CORS_HEADERS }).end('Not found');
      return;
    }
    const chunks: Buffer[] = [];
    const aborted = new AbortController();
    response.on('close', () => aborted.abort());
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      serve(toRequest(request, Buffer.concat(chunks), aborted.signal))
        .then((answer) => sendWebResponse(answer, response, CORS_HEADERS))
        .catch((error: Error) => {
          if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain', ...CORS_HEADERS });
          response.end(error.message);
        });
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/mcp`,
    state,
    iconRequests: () => iconRequests,
    resourceUpdated: (uri) => handler.notify.resourceUpdated(uri),
    async close() {
      await handler.close();
      await Promise.all([...sessions.values()].map((transport) => transport.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const portIndex = process.argv.indexOf('--port');
  const server = await startMcpV2Server({
    ...(portIndex > 0 ? { port: Number(process.argv[portIndex + 1]) } : {}),
    modernOnly: process.argv.includes('--modern-only'),
    legacySessions: process.argv.includes('--legacy-sessions'),
  });
  process.stdout.write(`MCP v2 test server at ${server.url}\n`);
}
