/**
 * The MCP test server: the SDK's McpServer over Streamable HTTP on loopback (one server per session), or over
 * the older HTTP+SSE transport (`legacy`), optionally behind OAuth (the SDK's auth router and bearer middleware
 * with an in-memory provider that approves at once). CORS open to any origin so the page can connect.
 * Start from a test with `startMcpTestServer()`, or from a shell: `npx tsx e2e/servers/mcp-test-server.ts [--port N] [--oauth] [--legacy]`.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import express, { type NextFunction, type Request, type Response } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { TestOAuthProvider } from './mcp-test-oauth';
import { newState, registerGeneratedTool, registerTestTools, type TestServerState } from './mcp-test-tools';
import { registerTestResourcesAndPrompts, TEST_INSTRUCTIONS } from './mcp-test-resources';

export interface McpTestServerOptions {
  port?: number;
  oauth?: boolean;
  /** Speak only the older HTTP+SSE transport (GET /mcp opens the stream, POST /messages carries requests). */
  legacy?: boolean;
  name?: string;
  version?: string;
  /** Generated tools added to the fixed ones (a large server for the benchmark). */
  extraTools?: number;
}

export interface McpTestServer {
  url: string;
  state: TestServerState;
  oauth?: TestOAuthProvider;
  close(): Promise<void>;
}

function cors(request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    'Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID, Accept',
  );
  response.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, WWW-Authenticate');
  if (request.method === 'OPTIONS') {
    response.status(204).end();
    return;
  }
  next();
}

export async function startMcpTestServer(options: McpTestServerOptions = {}): Promise<McpTestServer> {
  const state = newState();
  const app = express();
  app.use(cors);
  const newServer = () => {
    const server = new McpServer(
      { name: options.name ?? 'schema-test-server', version: options.version ?? '1.0.0' },
      { capabilities: { tools: { listChanged: true } }, instructions: TEST_INSTRUCTIONS },
    );
    registerTestTools(server, state);
    registerTestResourcesAndPrompts(server);
    for (let index = 0; index < (options.extraTools ?? 0); index += 1) registerGeneratedTool(server, index);
    return server;
  };

  const http: HttpServer = await new Promise((resolve) => {
    const listening = app.listen(options.port ?? 0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const mcpUrl = new URL('/mcp', origin);

  let provider: TestOAuthProvider | undefined;
  const guards: express.RequestHandler[] = [];
  if (options.oauth) {
    provider = new TestOAuthProvider();
    app.use(
      mcpAuthRouter({
        provider,
        issuerUrl: new URL(origin),
        resourceServerUrl: mcpUrl,
        scopesSupported: ['mcp:tools'],
      }),
    );
    guards.push(
      requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) }),
    );
  }

  const closers: (() => Promise<void>)[] = [];
  if (options.legacy) {
    const sessions = new Map<string, SSEServerTransport>();
    app.get('/mcp', ...guards, async (_request, response) => {
      const transport = new SSEServerTransport('/messages', response);
      sessions.set(transport.sessionId, transport);
      response.on('close', () => sessions.delete(transport.sessionId));
      const server = newServer();
      closers.push(() => server.close());
      await server.connect(transport);
    });
    app.post('/mcp', (_request, response) => response.status(405).set('Allow', 'GET').send('Method Not Allowed'));
    app.post('/messages', ...guards, async (request, response) => {
      const transport = sessions.get(String(request.query.sessionId));
      if (!transport) return void response.status(404).send('Unknown session');
      await transport.handlePostMessage(request, response);
    });
  } else {
    const sessions = new Map<string, StreamableHTTPServerTransport>();
    app.post('/mcp', ...guards, express.json({ limit: '4mb' }), async (request, response) => {
      const id = request.header('mcp-session-id');
      let transport = id ? sessions.get(id) : undefined;
      if (!transport) {
        if (id || !isInitializeRequest(request.body)) {
          return void response.status(id ? 404 : 400).json({
            jsonrpc: '2.0',
            error: { code: -32000, message: id ? 'Unknown session' : 'No session: send initialize first' },
            id: null,
          });
        }
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sessionId) => void sessions.set(sessionId, created),
        });
        created.onclose = () => {
          if (created.sessionId) sessions.delete(created.sessionId);
        };
        const server = newServer();
        closers.push(() => server.close());
        await server.connect(created);
        transport = created;
      }
      await transport.handleRequest(request, response, request.body);
    });
    const existing = async (request: Request, response: Response) => {
      const transport = sessions.get(request.header('mcp-session-id') ?? '');
      if (!transport) return void response.status(404).send('Unknown session');
      await transport.handleRequest(request, response);
    };
    app.get('/mcp', ...guards, existing);
    app.delete('/mcp', ...guards, existing);
  }

  return {
    url: mcpUrl.href,
    state,
    ...(provider ? { oauth: provider } : {}),
    async close() {
      await Promise.all(closers.map((close) => close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = (name: string) => process.argv.includes(`--${name}`);
  const portIndex = process.argv.indexOf('--port');
  const server = await startMcpTestServer({
    oauth: flag('oauth'),
    legacy: flag('legacy'),
    ...(portIndex > 0 ? { port: Number(process.argv[portIndex + 1]) } : {}),
  });
  process.stdout.write(`MCP test server at ${server.url}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
