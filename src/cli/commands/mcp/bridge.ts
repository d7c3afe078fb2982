/**
 * `mcp bridge -- <command …>`: a stdio MCP server as a Streamable HTTP endpoint the page can reach.
 * Security model (the Inspector's unauthenticated proxy was a remote-code-execution hole; this must not be):
 * - it listens on 127.0.0.1 only, never another interface;
 * - every request but a CORS preflight must carry `Authorization: Bearer <token>`, a random 192-bit token made
 *   per run and compared in constant time;
 * - a request with an Origin header is refused unless the origin is on the allow-list (the site's origin);
 * - the Host header must name the loopback address and port, so a DNS-rebound name cannot reach it.
 * Each MCP session starts its own copy of the command and ends it when the session closes.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  isInitializeRequest,
  WebStandardStreamableHTTPServerTransport,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/server';
import { sendWebResponse, toWebRequest } from './web-http';

/** The dev server's and the preview server's origins (Vite's defaults). */
export const DEFAULT_ALLOWED_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
];
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface BridgeOptions {
  command: string;
  args: string[];
  /** 0 (default) picks a free port. */
  port?: number;
  allowedOrigins?: string[];
  /** For tests only; by default a fresh random token. */
  token?: string;
}

export interface Bridge {
  url: string;
  token: string;
  address: AddressInfo;
  allowedOrigins: string[];
  close(): Promise<void>;
}

interface Session {
  http: WebStandardStreamableHTTPServerTransport;
  child: StdioClientTransport;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id',
  'Access-Control-Max-Age': '600',
  Vary: 'Origin',
};

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        resolve(chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
      } catch {
        reject(new Error('body is not JSON'));
      }
    });
    request.on('error', reject);
  });
}

const tokenMatches = (header: string | undefined, token: string): boolean => {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Wires one HTTP session to one child process, message for message. */
async function openSession(options: BridgeOptions, sessions: Map<string, Session>): Promise<Session> {
  const child = new StdioClientTransport({ command: options.command, args: options.args, stderr: 'inherit' });
  const http = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => void sessions.set(id, session),
  });
  const session: Session = { http, child };
  // Progress from the server belongs on the stream of the request that asked for it.
  const requestOfToken = new Map<string | number, RequestId>();
  http.onmessage = (message: JSONRPCMessage) => {
    const token = (message as { params?: { _meta?: { progressToken?: string | number } } }).params?._meta
      ?.progressToken;
    if (token !== undefined && 'id' in message && message.id !== undefined) requestOfToken.set(token, message.id);
    void child.send(message).catch(() => undefined);
  };
  child.onmessage = (message: JSONRPCMessage) => {
    const params = (message as { method?: string; params?: { progressToken?: string | number; requestId?: RequestId } })
      .params;
    const method = (message as { method?: string }).method;
    const related =
      method === 'notifications/progress' && params?.progressToken !== undefined
        ? requestOfToken.get(params.progressToken)
        : undefined;
    void http.send(message, related !== undefined ? { relatedRequestId: related } : undefined).catch(() => undefined);
  };
  let closing = false;
  const closeBoth = () => {
    if (closing) return;
    closing = true;
    if (http.sessionId) sessions.delete(http.sessionId);
    void child.close().catch(() => undefined);
    void http.close().catch(() => undefined);
  };
  http.onclose = closeBoth;
  child.onclose = closeBoth;
  await child.start();
  await http.start();
  return session;
}

export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS;
  const sessions = new Map<string, Session>();
  let port = 0;

  const server = createServer(async (request, response) => {
    const origin = request.headers.origin;
    const host = request.headers.host ?? '';
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return refuse(response, 403, `Host '${host}' refused: the bridge answers only to 127.0.0.1:${port}`);
    if (origin !== undefined) {
      if (!allowedOrigins.includes(origin))
        return refuse(
          response,
          403,
          `Origin '${origin}' is not allowed; start the bridge with --origin ${origin} to allow it`,
        );
      response.setHeader('Access-Control-Allow-Origin', origin);
      for (const [name, value] of Object.entries(CORS_HEADERS)) response.setHeader(name, value);
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (!tokenMatches(request.headers.authorization, token)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="mcp-bridge"');
      return refuse(
        response,
        401,
        'Missing or wrong bearer token: send the token the bridge printed as "Authorization: Bearer <token>"',
      );
    }
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp')
      return refuse(response, 404, 'The bridge serves /mcp only');
    try {
      const id = request.headers['mcp-session-id'];
      const existing = typeof id === 'string' ? sessions.get(id) : undefined;
      if (request.method !== 'POST') {
        if (!existing) return refuse(response, 404, 'Unknown session');
        await sendWebResponse(await existing.http.handleRequest(toWebRequest(request, response)), response);
        return;
      }
      const body = await readBody(request);
      if (existing)
        return void (await sendWebResponse(
          await existing.http.handleRequest(toWebRequest(request, response), { parsedBody: body }),
          response,
        ));
      if (typeof id === 'string') return refuse(response, 404, 'Unknown session');
      if (!isInitializeRequest(body)) return refuse(response, 400, 'No session: send initialize first');
      const session = await openSession(options, sessions);
      await sendWebResponse(
        await session.http.handleRequest(toWebRequest(request, response), { parsedBody: body }),
        response,
      );
    } catch (error) {
      if (!response.headersSent) refuse(response, 400, (error as Error).message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  port = address.port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    token,
    address,
    allowedOrigins,
    async close() {
      await Promise.all([...sessions.values()].map((session) => session.child.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
