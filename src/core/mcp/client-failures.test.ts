// Servers that misbehave, on loopback with real sockets: each failure is a kind and a sentence naming what was wrong.
import { afterEach, describe, expect, it } from 'vitest';
import {
  startBrokenMcpServer,
  FLOOD_COUNT,
  type BrokenMcpServer,
  type BrokenMode,
} from '../../../e2e/servers/broken-mcp-server';
import { startMcpTestServer } from '../../../e2e/servers/mcp-test-server';
import { connectHttp, type ConnectOptions, type McpConnection } from './client';
import { explainUnreachable } from './failures';
import type { LogEntry } from './log';

let broken: BrokenMcpServer | undefined;
afterEach(async () => {
  await broken?.close();
  broken = undefined;
});

async function connectTo(mode: BrokenMode, options: ConnectOptions = {}): Promise<McpConnection> {
  broken = await startBrokenMcpServer(mode);
  const outcome = await connectHttp({ url: broken.url, transport: 'streamable-http' }, options);
  if (!outcome.ok) throw new Error(outcome.failure.message);
  return outcome.value;
}

// A limit far beyond the test's own: a failure that waited for it would fail the test instead.
const LONG = 600_000;

describe('a server that breaks JSON-RPC fails the request at once, naming what was wrong', () => {
  it('a body that is not JSON', async () => {
    const connection = await connectTo('not-json', { timeoutMs: LONG });
    const listed = await connection.listTools();
    expect(listed.ok).toBe(false);
    if (listed.ok) return;
    expect(listed.failure.kind).toBe('protocol');
    expect(listed.failure.message).toMatch(
      /^tools\/list: the server's reply is not JSON \(.+\); a JSON-RPC reply is one JSON object\.$/,
    );
    await connection.close();
  });

  it('a reply with an id the client never sent', async () => {
    const log: LogEntry[] = [];
    const connection = await connectTo('wrong-id', { timeoutMs: LONG, onMessage: (entry) => log.push(entry) });
    const listed = await connection.listTools();
    expect(listed.ok ? 'ok' : listed.failure.message).toBe(
      'tools/list: the server answered with id "not-yours-4711", which no request of this client carries; a response must carry the id of the request it answers.',
    );
    // The log shows the reply as it came.
    expect(log.some((entry) => entry.direction === 'received' && entry.id === 'not-yours-4711')).toBe(true);
    await connection.close();
  });

  it('a reply with neither result nor error', async () => {
    const connection = await connectTo('no-result', { timeoutMs: LONG });
    const listed = await connection.listTools();
    expect(listed.ok ? 'ok' : listed.failure.message).toMatch(
      /^tools\/list: the server's reply is not a JSON-RPC message: a response needs "jsonrpc": "2.0", the "id" of its request and either a "result" or an "error"\.$/,
    );
    await connection.close();
  });

  it('a late reply to a request given up on is not taken for a broken one', async () => {
    const server = await startMcpTestServer();
    try {
      const outcome = await connectHttp({ url: server.url }, { timeoutMs: LONG });
      if (!outcome.ok) throw new Error(outcome.failure.message);
      const stop = new AbortController();
      const slow = outcome.value.callTool('slow', { ms: 300 }, { signal: stop.signal });
      stop.abort();
      expect((await slow).ok).toBe(false);
      const add = await outcome.value.callTool('add', { a: 1, b: 2 });
      expect(add.ok).toBe(true);
      await outcome.value.close();
    } finally {
      await server.close();
    }
  });
});

describe('a server that hangs, speaks another version, floods, or refuses CORS', () => {
  it('a tools/list never answered ends at the time limit, with what to do', async () => {
    const connection = await connectTo('hang-list', { timeoutMs: LONG });
    const listed = await connection.listTools({ timeoutMs: 200 });
    expect(listed.ok ? 'ok' : listed.failure).toEqual({
      kind: 'timeout',
      message:
        'tools/list: the server did not answer within 0.2 s (the time limit). It may be stuck or slow: check its log, or raise the time limit and connect again.',
    });
    await connection.close();
  });

  it('an initialize never answered is given up on when the signal aborts', async () => {
    broken = await startBrokenMcpServer('hang-initialize');
    const cancel = new AbortController();
    const pending = connectHttp({ url: broken.url }, { timeoutMs: LONG, signal: cancel.signal });
    while (!broken.seen.includes('initialize')) await new Promise((resolve) => setTimeout(resolve, 10));
    cancel.abort();
    const outcome = await pending;
    expect(outcome.ok ? 'ok' : outcome.failure).toEqual({ kind: 'cancelled', message: 'initialize was cancelled.' });
  });

  it('a protocol version the client does not speak is named with the versions it does', async () => {
    broken = await startBrokenMcpServer('old-version');
    const outcome = await connectHttp({ url: broken.url }, { timeoutMs: LONG });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure.kind).toBe('protocol_version');
    expect(outcome.failure.message).toMatch(
      /^initialize: the server answered with MCP protocol version "1999-01-01", which this client does not speak \(it speaks 20\d\d-\d\d-\d\d(, 20\d\d-\d\d-\d\d)+\)\. Update the server's MCP SDK, or have it accept 20\d\d-\d\d-\d\d\.$/,
    );
    // Not retried over HTTP+SSE: the server spoke, in another version.
    expect(broken.seen.filter((method) => method === 'initialize')).toHaveLength(1);
  });

  it('a flood of notifications before the reply: every message is logged and the tools still arrive', async () => {
    const log: LogEntry[] = [];
    const connection = await connectTo('flood', { timeoutMs: LONG, onMessage: (entry) => log.push(entry) });
    const listed = await connection.listTools();
    expect(listed.ok && listed.value.map((tool) => tool.name)).toEqual(['ping']);
    expect(log.filter((entry) => entry.method === 'notifications/message')).toHaveLength(FLOOD_COUNT);
    await connection.close();
  });

  it('from a page, a server that answers without CORS is told apart from one that is down', async () => {
    broken = await startBrokenMcpServer('no-cors');
    const unreachable = {
      kind: 'unreachable' as const,
      message: 'initialize: the server could not be reached (Failed to fetch).',
    };
    // Node's fetch knows no CORS: what a browser does with an opaque request is what the probe needs.
    const opaque: typeof fetch = (input, init) => fetch(input, { ...init, mode: 'cors' });
    const answered = await explainUnreachable(unreachable, broken.url, 'https://playground.example', opaque);
    expect(answered.kind).toBe('cors');
    expect(answered.message).toContain('initialize: the server at http://127.0.0.1:');
    expect(answered.message).toContain('sends no CORS headers allowing https://playground.example');
    expect(answered.message).toContain('Access-Control-Expose-Headers: Mcp-Session-Id');
    const url = broken.url;
    await broken.close();
    broken = undefined;
    const down = await explainUnreachable(unreachable, url, 'https://playground.example', opaque);
    expect(down.kind).toBe('unreachable');
    expect(down.message).toMatch(
      /^initialize: the server could not be reached at http:\/\/127\.0\.0\.1:\d+: nothing answered\./,
    );
  });
});

describe('what a server offers besides tools', () => {
  it('instructions, capabilities, resources and prompts', async () => {
    const server = await startMcpTestServer();
    try {
      const outcome = await connectHttp({ url: server.url });
      if (!outcome.ok) throw new Error(outcome.failure.message);
      const connection = outcome.value;
      expect(connection.instructions).toContain('<b>never</b>');
      expect(connection.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
      const resources = await connection.listResources();
      expect(resources.ok && resources.value.map((resource) => resource.uri)).toEqual([
        'file:///project/README.md',
        'config://settings.json',
      ]);
      const prompts = await connection.listPrompts();
      expect(
        prompts.ok &&
          prompts.value.map((prompt) => [
            prompt.name,
            prompt.arguments?.map((argument) => `${argument.name}${argument.required ? '*' : ''}`),
          ]),
      ).toEqual([
        ['review_code', ['code*', 'focus']],
        ['summarize', undefined],
      ]);
      await connection.close();
    } finally {
      await server.close();
    }
  });
});

describe('a server that refuses the token with a JSON-RPC error and no sign-in offered', () => {
  it('says the server refused the credentials, in every era', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      request.resume();
      response.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Missing or wrong bearer token' },
          id: null,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
    try {
      for (const era of ['legacy', 'auto'] as const) {
        const outcome = await connectHttp({ url, transport: 'streamable-http' }, { timeoutMs: 10_000, era });
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) {
          expect(outcome.failure.kind).toBe('unauthorized');
          expect(outcome.failure.message).toContain('refused the credentials');
        }
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
