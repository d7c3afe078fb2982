import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvingNetwork } from '../../../runtime/types';
import { createTestBench } from '../../support/context.test-support';
import { dataOf } from '../bench.test-support';
import { fetchAtAddress, nodeNetwork } from './resolve.node.test-support';
import { tool as webFetch } from './web_fetch';

/** A loopback server that records every request it gets. */
let server: Server;
let port = 0;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    if (request.url === '/go') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` });
      response.end();
    } else if (request.url === '/zipped') {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      response.end(gzipSync('unzipped text'));
    } else {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`host was ${request.headers.host ?? ''}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * Node's network, with the name server played by `answers` (one answer a lookup) and the checked
 * address reached on loopback: the server stands for the public host the check let through.
 */
function playedNetwork(answers: string[][]): { network: ResolvingNetwork; lookups: string[]; connectedTo: string[] } {
  const lookups: string[] = [];
  const connectedTo: string[] = [];
  const network: ResolvingNetwork = {
    async resolve(hostname) {
      lookups.push(hostname);
      return answers[lookups.length - 1] ?? ['127.0.0.1'];
    },
    fetchAt(url, address, init) {
      connectedTo.push(address);
      return fetchAtAddress(url, '127.0.0.1', init);
    },
  };
  return { network, lookups, connectedTo };
}

describe('the web tools in Node', () => {
  it('sends nothing to a name that resolves to 127.0.0.1, with the real request path behind the check', async () => {
    const before = seen.length;
    const bench = await createTestBench();
    const network: ResolvingNetwork = { resolve: async () => ['127.0.0.1'], fetchAt: nodeNetwork.fetchAt };
    const outcome = await bench.run(
      webFetch,
      { url: `http://looks-public.example:${port}/` },
      { resolvingNetwork: network },
    );
    expect(outcome).toMatchObject({ success: false, errorCode: 'url_blocked' });
    expect(outcome.error).toContain('it resolves to 127.0.0.1, a loopback address');
    expect(seen.length).toBe(before);
  });

  it("refuses the real resolver's answer for localhost, however many dots end it", async () => {
    const bench = await createTestBench();
    for (const host of ['localhost', 'localhost.', 'localhost..']) {
      const outcome = await bench.run(webFetch, { url: `http://${host}:${port}/` }, { resolvingNetwork: nodeNetwork });
      expect(outcome, host).toMatchObject({ success: false, errorCode: 'url_blocked' });
    }
  });

  it('resolves once and connects to the address it checked, whatever the name server says next (no rebinding)', async () => {
    const bench = await createTestBench();
    const played = playedNetwork([['93.184.216.34'], ['127.0.0.1']]);
    const outcome = await bench.run(
      webFetch,
      { url: `http://rebinding.example:${port}/page` },
      { resolvingNetwork: played.network },
    );
    expect(outcome.success, JSON.stringify(outcome)).toBe(true);
    expect(played.lookups).toEqual(['rebinding.example']);
    expect(played.connectedTo).toEqual(['93.184.216.34']);
    expect(dataOf(outcome, 'output').facts).toContainEqual({
      label: 'Address check',
      value: expect.stringContaining('the request went to 93.184.216.34'),
    });
  });

  it('refuses a redirect to a refused address, and the refused address gets no request', async () => {
    const bench = await createTestBench();
    const played = playedNetwork([['93.184.216.34']]);
    const outcome = await bench.run(
      webFetch,
      { url: `http://public.example:${port}/go` },
      { resolvingNetwork: played.network },
    );
    expect(outcome).toMatchObject({ success: false, errorCode: 'redirect_refused' });
    expect(outcome.error).toContain(`http://127.0.0.1:${port}/secret`);
    expect(seen.some((request) => request.url === '/secret')).toBe(false);
  });

  it('connects to the given address and keeps the name in the Host header, without resolving the name', async () => {
    // `.invalid` never resolves (RFC 6761), so an answer proves the name was not looked up.
    const response = await fetchAtAddress(new URL(`http://api.example.invalid:${port}/hello`), '127.0.0.1', {
      method: 'GET',
      headers: { Accept: 'text/plain' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`host was api.example.invalid:${port}`);
    expect(seen.at(-1)).toMatchObject({
      url: '/hello',
      headers: { host: `api.example.invalid:${port}`, accept: 'text/plain' },
    });
  });

  it('over https, sends the name as the TLS server name (SNI) to the checked address', async () => {
    // A bare TCP listener reads the ClientHello, which carries the server_name extension, then hangs up.
    let hello = Buffer.alloc(0);
    const tcp = createNetServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        hello = Buffer.concat([hello, chunk]);
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tcp.address() as AddressInfo).port;
    try {
      await expect(
        fetchAtAddress(new URL(`https://secure.example.invalid:${tlsPort}/`), '127.0.0.1', {}),
      ).rejects.toThrow();
      expect(hello.includes(Buffer.from('secure.example.invalid'))).toBe(true);
    } finally {
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    }
  });

  it('sends a body with its length, not chunked', async () => {
    const response = await fetchAtAddress(new URL(`http://api.example.invalid:${port}/notes`), '127.0.0.1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"text": "héllo"}',
    });
    expect(response.status).toBe(200);
    expect(seen.at(-1)?.headers).toMatchObject({ 'content-length': '18', 'content-type': 'application/json' });
    expect(seen.at(-1)?.headers['transfer-encoding']).toBeUndefined();
  });

  it('decodes a compressed body as fetch does, and refuses an address that is not an IP', async () => {
    const response = await fetchAtAddress(new URL(`http://zip.example.invalid:${port}/zipped`), '127.0.0.1', {});
    expect(await response.text()).toBe('unzipped text');
    await expect(fetchAtAddress(new URL('http://a.example/'), 'a.example', {})).rejects.toThrow(
      "'a.example' is not an IP address",
    );
  });
});
