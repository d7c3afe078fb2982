import { createCompilingValidator } from '../validation/compile';
// Real servers on loopback: the SDK's McpServer test server, over Streamable HTTP, the older HTTP+SSE, and OAuth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from '../../../e2e/servers/mcp-test-server';
import { connectHttp, type McpConnection, type McpEra } from './client';
import type { LogEntry } from './log';
import { readResult } from './results';
import { toolsetFromTools } from './to-toolset';
import { closedPort } from '../../../e2e/servers/closed-port';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

let server: McpTestServer;
let legacy: McpTestServer;
let guarded: McpTestServer;
beforeAll(async () => {
  [server, legacy, guarded] = await Promise.all([
    startMcpTestServer(),
    startMcpTestServer({ legacy: true }),
    startMcpTestServer({ oauth: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), legacy.close(), guarded.close()]);
});

async function connect(
  url: string,
  log: LogEntry[] = [],
  onToolsChanged?: () => void,
  era: McpEra = 'auto',
): Promise<McpConnection> {
  const outcome = await connectHttp(
    { url },
    { era, onMessage: (entry) => log.push(entry), ...(onToolsChanged ? { onToolsChanged } : {}) },
  );
  if (!outcome.ok) throw new Error(outcome.failure.message);
  return outcome.value;
}

describe('MCP client over Streamable HTTP', () => {
  it('initializes, lists the tools, and logs every message both ways with timing', async () => {
    const log: LogEntry[] = [];
    const connection = await connect(server.url, log, undefined, 'legacy');
    expect(connection.era).toBe('legacy');
    expect(connection.transport).toBe('streamable-http');
    expect(connection.serverInfo.name).toBe('schema-test-server');
    expect(connection.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const tools = await connection.listTools();
    expect(tools.ok && tools.value.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['add', 'echo', 'count_down', 'fail', 'slow', 'image', 'every_content']),
    );
    expect(log.map((entry) => `${entry.direction} ${entry.method}`)).toEqual([
      'sent initialize',
      'received response',
      'sent notifications/initialized',
      'sent tools/list',
      'received response',
    ]);
    const reply = log[4]!;
    expect(reply.id).toBe(log[3]!.id);
    expect(reply.elapsed).toBeGreaterThanOrEqual(0);
    await connection.close();
  });

  it('calls a tool and validates its structuredContent against the output schema', async () => {
    const connection = await connect(server.url);
    const tools = await connection.listTools();
    const live = toolsetFromTools(tools.ok ? tools.value : [], connection.serverInfo, validator);
    const add = live.toolset.tools.find((tool) => tool.name === 'add')!;
    expect(add.outputSchema).toMatchObject({ type: 'object', properties: { sum: { type: 'number' } } });
    const called = await connection.callTool('add', { a: 2, b: 3 });
    expect(called.ok).toBe(true);
    const read = readResult(called.ok ? called.value : null, add, validator);
    expect(read).toMatchObject({
      isError: false,
      structuredContent: { sum: 5 },
      structured: { status: 'valid' },
      blocks: [{ kind: 'text', text: '5' }],
    });
    await connection.close();
  });

  it('reports a tool error (isError) and the server refusing invalid arguments as results, not failures', async () => {
    const connection = await connect(server.url);
    const failed = await connection.callTool('fail', { reason: 'disk full' });
    expect(failed.ok && readResult(failed.value)).toMatchObject({
      isError: true,
      blocks: [{ kind: 'text', text: 'failed: disk full' }],
    });
    const invalid = await connection.callTool('echo', { message: 'x'.repeat(50) });
    const text = invalid.ok ? readResult(invalid.value) : invalid.failure;
    expect(JSON.stringify(text)).toMatch(/message|20/);
    await connection.close();
  });

  it('reads every content type', async () => {
    const connection = await connect(server.url);
    const called = await connection.callTool('every_content', {});
    const read = readResult(called.ok ? called.value : null);
    expect(read.blocks.map((block) => block.kind)).toEqual(['text', 'image', 'audio', 'resource_link', 'resource']);
    expect(read.blocks[3]).toMatchObject({ uri: 'file:///project/README.md', name: 'README.md' });
    expect(read.blocks[4]).toMatchObject({ uri: 'file:///project/notes.txt', text: 'embedded notes' });
    await connection.close();
  });

  it('passes progress notifications to the caller', async () => {
    const connection = await connect(server.url);
    const progress: number[] = [];
    const called = await connection.callTool(
      'count_down',
      { steps: 3, delayMs: 1 },
      { onProgress: (update) => progress.push(update.progress) },
    );
    expect(called.ok).toBe(true);
    expect(progress).toEqual([1, 2, 3]);
    await connection.close();
  });

  it('cancels a slow call: notifications/cancelled reaches the server', async () => {
    const log: LogEntry[] = [];
    const connection = await connect(server.url, log);
    const before = server.state.cancelled;
    const stop = new AbortController();
    const pending = connection.callTool('slow', { ms: 60_000 }, { signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop.abort('stopped by the user');
    const called = await pending;
    expect(called).toMatchObject({ ok: false, failure: { kind: 'cancelled' } });
    expect(log.some((entry) => entry.direction === 'sent' && entry.method === 'notifications/cancelled')).toBe(true);
    await expect.poll(() => server.state.cancelled).toBe(before + 1);
    await connection.close();
  });

  it('stops waiting for a call past its time limit', async () => {
    const connection = await connect(server.url);
    const called = await connection.callTool('slow', { ms: 60_000 }, { timeoutMs: 150 });
    expect(called).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    await connection.close();
  });

  it('ends its session with DELETE on close, so a new connection right after works (a large server)', async () => {
    const large = await startMcpTestServer({ extraTools: 192 });
    try {
      for (let round = 0; round < 3; round += 1) {
        const connection = await connect(large.url);
        const tools = await connection.listTools();
        expect(tools.ok && tools.value.length).toBe(200);
        await connection.close();
      }
    } finally {
      await large.close();
    }
  });

  it('hears tools/list_changed when a tool is added, and the new list has it', async () => {
    let changed = 0;
    const connection = await connect(server.url, [], () => (changed += 1));
    await connection.callTool('add_tool', { name: 'fresh_tool' });
    await expect.poll(() => changed).toBeGreaterThan(0);
    const tools = await connection.listTools();
    expect(tools.ok && tools.value.some((tool) => tool.name === 'fresh_tool')).toBe(true);
    await connection.close();
  });
});

describe('MCP client failures and fallbacks', () => {
  it('falls back to HTTP+SSE when the server speaks only that', async () => {
    const connection = await connect(legacy.url);
    expect([connection.transport, connection.era]).toEqual(['sse', 'legacy']);
    const called = await connection.callTool('add', { a: 1, b: 1 });
    expect(called.ok && called.value.structuredContent).toEqual({ sum: 2 });
    await connection.close();
    // Asked for HTTP+SSE directly, the 2025 era is the only one it carries.
    const direct = await connectHttp({ url: legacy.url, transport: 'sse' });
    expect(direct.ok && [direct.value.transport, direct.value.era]).toEqual(['sse', 'legacy']);
    if (direct.ok) await direct.value.close();
  });

  it('says the credentials were refused when an OAuth server gets no or a wrong token', async () => {
    const outcome = await connectHttp({ url: guarded.url, headers: { Authorization: 'Bearer wrong' } });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'unauthorized' } });
  });

  it('connects to the OAuth server with a token it issued', async () => {
    guarded.oauth!.tokens.set('issued-for-test', {
      token: 'issued-for-test',
      clientId: 'test',
      scopes: [],
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    });
    const outcome = await connectHttp({ url: guarded.url, headers: { Authorization: 'Bearer issued-for-test' } });
    expect(outcome.ok).toBe(true);
    if (outcome.ok) await outcome.value.close();
  });

  it('says a server that is down could not be reached, and a bad URL names the parameter', async () => {
    const down = await connectHttp({ url: `http://127.0.0.1:${await closedPort()}/mcp` });
    expect(down).toMatchObject({ ok: false, failure: { kind: 'unreachable', reason: 'refused' } });
    expect(!down.ok && down.failure.message).toMatch(
      /^server\/discover: connection refused at 127\.0\.0\.1:\d+: nothing listens there\./,
    );
    const bad = await connectHttp({ url: 'not a url' });
    expect(!bad.ok && bad.failure.message).toMatch(/^url: /);
  });
});
