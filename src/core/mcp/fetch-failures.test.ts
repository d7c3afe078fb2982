// Every way a fetch can fail says what it was: real sockets on loopback, and Node's own refusals.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from '../../../e2e/servers/mcp-test-server';
import { connectHttp } from './client';

let plain: Server;
let mcp: McpTestServer;
const portOf = (server: Server): number => (server.address() as AddressInfo).port;
beforeAll(async () => {
  // A web server that is not an MCP endpoint: every path answers 404.
  plain = createServer((_request, response) =>
    response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not here</h1>'),
  );
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  mcp = await startMcpTestServer();
});
afterAll(async () => {
  await new Promise<void>((resolve) => plain.close(() => resolve()));
  await mcp.close();
});

describe('a failed fetch names its cause', () => {
  it('a port fetch refuses: bad port', async () => {
    const outcome = await connectHttp({ url: 'http://127.0.0.1:4190/mcp' });
    expect(outcome.ok ? 'ok' : outcome.failure).toMatchObject({
      kind: 'unreachable',
      reason: 'bad_port',
      message: expect.stringMatching(/^server\/discover: bad port: fetch refuses to connect to this port/),
    });
  });

  it('a host name that does not resolve: DNS', async () => {
    const outcome = await connectHttp({ url: 'http://no-such-host.invalid/mcp' });
    expect(outcome.ok ? 'ok' : outcome.failure).toMatchObject({
      kind: 'unreachable',
      reason: 'dns',
      message: expect.stringContaining("the host name 'no-such-host.invalid' does not resolve"),
    });
  });

  it('https to a server that speaks plain HTTP: TLS', async () => {
    const outcome = await connectHttp({ url: mcp.url.replace('http:', 'https:') });
    expect(outcome.ok ? 'ok' : outcome.failure).toMatchObject({
      kind: 'unreachable',
      reason: 'tls',
      message: expect.stringContaining('does not speak TLS on that port: try http://'),
    });
  });

  it('a URL that answers but is not an MCP endpoint says so, with both transports statuses', async () => {
    const outcome = await connectHttp({ url: `http://127.0.0.1:${portOf(plain)}/mcp` });
    expect(outcome.ok ? 'ok' : outcome.failure).toMatchObject({ kind: 'not_mcp', status: 404 });
    expect(outcome.ok ? '' : outcome.failure.message).toBe(
      `initialize: http://127.0.0.1:${portOf(plain)}/mcp is not an MCP endpoint: it answered 404 Not Found, then 404 Not Found to the MCP requests (Streamable HTTP POST and HTTP+SSE GET). Check the path (often /mcp or /sse).`,
    );
  });

  it('the same over Streamable HTTP alone names the one status', async () => {
    const outcome = await connectHttp(
      { url: `http://127.0.0.1:${portOf(plain)}/mcp`, transport: 'streamable-http' },
      { era: 'modern' },
    );
    expect(outcome.ok ? 'ok' : outcome.failure.message).toMatch(
      /is not an MCP endpoint: it answered 404 Not Found to the MCP requests \(Streamable HTTP POST\)/,
    );
  });
});
