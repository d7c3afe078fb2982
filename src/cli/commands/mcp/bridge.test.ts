// The bridge in front of the reference server-everything over stdio: reachable with the token from an allowed
// origin, refused without it, with a wrong one, from another Origin or Host; bound to loopback only.
import { createRequire } from 'node:module';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp } from '../../../core/mcp/client';
import { startBridge, type Bridge } from './bridge';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const SITE = 'http://127.0.0.1:4173';
let bridge: Bridge;
beforeAll(async () => {
  bridge = await startBridge({ command: process.execPath, args: [everything, 'stdio'], allowedOrigins: [SITE] });
});
afterAll(async () => {
  await bridge.close();
});

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

/** A raw request, so headers a browser would send (Origin, Host) can be set exactly. */
function send(
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(bridge.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json', ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('mcp bridge', () => {
  it('binds 127.0.0.1 only and makes a long random token', () => {
    expect(bridge.address.address).toBe('127.0.0.1');
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(bridge.token.length).toBeGreaterThanOrEqual(32);
  });

  it('serves the stdio server to a client with the token', async () => {
    const outcome = await connectHttp({ url: bridge.url, headers: { Authorization: `Bearer ${bridge.token}` } });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const tools = await outcome.value.listTools();
    expect(tools.ok && tools.value.map((tool) => tool.name)).toContain('echo');
    const called = await outcome.value.callTool('echo', { message: 'through the bridge' });
    expect(JSON.stringify(called)).toContain('through the bridge');
    await outcome.value.close();
  });

  it('refuses a request without the token, or with a wrong one', async () => {
    expect((await send('POST', {}, initialize)).status).toBe(401);
    expect((await send('POST', { Authorization: 'Bearer wrong' }, initialize)).status).toBe(401);
    expect((await send('POST', { Authorization: `Bearer ${bridge.token}x` }, initialize)).status).toBe(401);
  });

  it('refuses an Origin not on the allow-list, even with the token', async () => {
    const response = await send(
      'POST',
      { Authorization: `Bearer ${bridge.token}`, Origin: 'http://evil.example' },
      initialize,
    );
    expect(response.status).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a Host that is not the loopback address (DNS rebinding)', async () => {
    const response = await send(
      'POST',
      { Authorization: `Bearer ${bridge.token}`, Host: `rebound.example:${bridge.address.port}` },
      initialize,
    );
    expect(response.status).toBe(403);
  });

  it("answers the allowed origin's preflight with the headers the page needs", async () => {
    const response = await send('OPTIONS', {
      Origin: SITE,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, content-type, mcp-session-id',
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(SITE);
    expect(response.headers['access-control-expose-headers']).toBe('Mcp-Session-Id');
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/Authorization.*Mcp-Session-Id/);
  });

  it('lets the allowed origin initialize with the token, exposing the session id', async () => {
    const response = await send('POST', { Authorization: `Bearer ${bridge.token}`, Origin: SITE }, initialize);
    expect(response.status).toBe(200);
    expect(response.headers['mcp-session-id']).toBeTruthy();
    expect(response.headers['access-control-expose-headers']).toBe('Mcp-Session-Id');
  });
});
