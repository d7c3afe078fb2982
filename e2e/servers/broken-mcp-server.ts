/**
 * A deliberately broken MCP server on loopback (plain node:http, real sockets): it answers `initialize` well
 * enough, then misbehaves as `mode` says, so the client's and the page's failure messages can be tested.
 * Start from a test with `startBrokenMcpServer(mode)`, or from a shell: `npx tsx e2e/servers/broken-mcp-server.ts <mode> [--port N]`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';

export type BrokenMode =
  /** initialize is never answered. */
  | 'hang-initialize'
  /** initialize is answered, tools/list never. */
  | 'hang-list'
  /** tools/list is answered with a body that is not JSON. */
  | 'not-json'
  /** tools/list is answered with an id the client never sent. */
  | 'wrong-id'
  /** tools/list is answered with neither result nor error. */
  | 'no-result'
  /** initialize is answered with a protocol version no client speaks. */
  | 'old-version'
  /** A working server that sends no CORS headers at all. */
  | 'no-cors'
  /** CORS without Access-Control-Expose-Headers: a page cannot read the session id, which tools/list requires. */
  | 'no-expose'
  /** tools/list is answered over SSE after a flood of notifications. */
  | 'flood'
  /** A working server whose tools answer with a malformed image block (`bad_image`), a 50 MB text (`huge_text`) or a 50 MB structuredContent (`huge_structured`). */
  | 'hostile-results';

/** The text `huge_text` answers with: 50 MB. */
export const HUGE_TEXT_LENGTH = 50 * 1024 * 1024;

const HOSTILE_TOOLS = ['bad_image', 'huge_text', 'huge_structured'].map((name) => ({
  name,
  description: `Answers with a hostile result (${name}).`,
  inputSchema: { type: 'object', properties: {} },
}));

function answerHostileCall(request: Rpc & { params?: { name?: string } }, response: ServerResponse): void {
  if (request.params?.name === 'bad_image') {
    return json(response, {
      jsonrpc: '2.0',
      id: request.id,
      result: {
        content: [
          { type: 'text', text: 'Before the image.' },
          { type: 'image', mimeType: 'image/png', data: '<<this is not base64>>' },
          { type: 'text', text: 'After the image.' },
        ],
      },
    });
  }
  if (request.params?.name === 'huge_structured') {
    return json(response, {
      jsonrpc: '2.0',
      id: request.id,
      result: {
        content: [{ type: 'text', text: 'A huge structured value.' }],
        structuredContent: { data: 'x'.repeat(HUGE_TEXT_LENGTH) },
      },
    });
  }
  json(response, {
    jsonrpc: '2.0',
    id: request.id,
    result: { content: [{ type: 'text', text: 'x'.repeat(HUGE_TEXT_LENGTH) }] },
  });
}

export const FLOOD_COUNT = 2000;

export interface BrokenMcpServer {
  url: string;
  /** Requests seen, by JSON-RPC method. */
  seen: string[];
  close(): Promise<void>;
}

interface Rpc {
  jsonrpc?: string;
  id?: string | number;
  method?: string;
  params?: { protocolVersion?: string };
}

const TOOL = { name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object', properties: {} } };

function cors(response: ServerResponse, expose: boolean): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    'Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID, Accept',
  );
  if (expose) response.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id');
}

const json = (response: ServerResponse, body: unknown): void => {
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
};

function answerList(mode: BrokenMode, request: Rpc, response: ServerResponse): void {
  if (mode === 'hang-list') return; // the socket stays open, unanswered
  if (mode === 'not-json')
    return void response
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end('<html>Internal proxy error</html>');
  if (mode === 'wrong-id') return json(response, { jsonrpc: '2.0', id: 'not-yours-4711', result: { tools: [TOOL] } });
  if (mode === 'no-result') return json(response, { jsonrpc: '2.0', id: request.id });
  if (mode === 'flood') {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    const notes: string[] = [];
    for (let index = 0; index < FLOOD_COUNT; index += 1) {
      notes.push(
        `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `flood ${index}` } })}\n\n`,
      );
    }
    response.write(notes.join(''));
    response.end(
      `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { tools: [TOOL] } })}\n\n`,
    );
    return;
  }
  json(response, {
    jsonrpc: '2.0',
    id: request.id,
    result: { tools: mode === 'hostile-results' ? HOSTILE_TOOLS : [TOOL] },
  });
}

function handle(
  mode: BrokenMode,
  seen: string[],
  incoming: IncomingMessage,
  response: ServerResponse,
  body: string,
): void {
  if (mode !== 'no-cors') cors(response, mode !== 'no-expose');
  if (incoming.method === 'OPTIONS') return void response.writeHead(204).end();
  if (incoming.method === 'DELETE') return void response.writeHead(200).end();
  if (incoming.method !== 'POST') return void response.writeHead(405, { Allow: 'POST' }).end();
  let request: Rpc;
  try {
    request = JSON.parse(body) as Rpc;
  } catch {
    return void response.writeHead(400).end('not JSON');
  }
  seen.push(request.method ?? 'response');
  if (request.id === undefined) return void response.writeHead(202).end();
  if (request.method === 'initialize') {
    if (mode === 'hang-initialize') return;
    const protocolVersion = mode === 'old-version' ? '1999-01-01' : (request.params?.protocolVersion ?? '2025-06-18');
    response.setHeader('Mcp-Session-Id', 'broken-session');
    return json(response, {
      jsonrpc: '2.0',
      id: request.id,
      result: { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'broken-server', version: '0.0.1' } },
    });
  }
  if (mode === 'no-expose' && incoming.headers['mcp-session-id'] !== 'broken-session') {
    return void response.writeHead(400, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: request.id,
        error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
      }),
    );
  }
  if (request.method === 'tools/list') return answerList(mode, request, response);
  if (request.method === 'tools/call' && mode === 'hostile-results') return answerHostileCall(request, response);
  json(response, {
    jsonrpc: '2.0',
    id: request.id,
    error: { code: -32601, message: `Method not found: ${request.method}` },
  });
}

export async function startBrokenMcpServer(mode: BrokenMode, port = 0): Promise<BrokenMcpServer> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((incoming, response) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (body += chunk));
    incoming.on('end', () => handle(mode, seen, incoming, response, body));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    seen,
    async close() {
      // Hanging requests keep their sockets open: end them so the server can close.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const portIndex = process.argv.indexOf('--port');
  const server = await startBrokenMcpServer(
    (process.argv[2] ?? 'hang-list') as BrokenMode,
    portIndex > 0 ? Number(process.argv[portIndex + 1]) : 0,
  );
  process.stdout.write(`Broken MCP server (${process.argv[2] ?? 'hang-list'}) at ${server.url}\n`);
  process.on('SIGINT', () => void server.close().then(() => process.exit(0)));
}
