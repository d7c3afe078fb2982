import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDefinitions, FetchDefinitionsError, type FetchFailureCause } from './fetchDefinitions';

let server: Server;
let base = '';
const hanging = new Set<import('node:http').ServerResponse>();

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/tools.json') response.end('{"tools": []}');
    else if (request.url === '/page') {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><p>Sign in</p>');
    } else if (request.url === '/never') hanging.add(response);
    else if (request.url === '/endless') {
      response.write('[');
      const chunk = `"${'x'.repeat(1000)}",`;
      const timer = setInterval(() => response.write(chunk), 1);
      response.on('close', () => clearInterval(timer));
    } else {
      response.statusCode = 404;
      response.statusMessage = 'Not Found';
      response.end('missing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<{ reason: FetchFailureCause; message: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchDefinitionsError);
    return { reason: (error as FetchDefinitionsError).reason, message: (error as Error).message };
  }
  throw new Error('expected the fetch to fail');
}

describe('a URL import names the cause of its failure', () => {
  it('reads a JSON file', async () => {
    await expect(fetchDefinitions(`${base}/tools.json`)).resolves.toBe('{"tools": []}');
  });

  it('refuses what is not an http(s) URL before fetching', async () => {
    expect(await failure(fetchDefinitions('tools.json'))).toMatchObject({
      reason: 'address',
      message: expect.stringContaining("Link: 'tools.json' is not a URL"),
    });
    expect(await failure(fetchDefinitions('ftp://example.com/x'))).toMatchObject({
      reason: 'address',
      message: expect.stringContaining('not ftp:'),
    });
  });

  it('says the HTTP status', async () => {
    expect(await failure(fetchDefinitions(`${base}/gone`))).toMatchObject({
      reason: 'http',
      message: expect.stringContaining('answered 404 Not Found'),
    });
  });

  it('says an answer is not JSON, with its type', async () => {
    expect(await failure(fetchDefinitions(`${base}/page`))).toMatchObject({
      reason: 'not_json',
      message: expect.stringContaining('text/html that is not JSON'),
    });
  });

  it('says a refused connection cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(fetchDefinitions(`http://127.0.0.1:${port}/tools.json`))).toMatchObject({
      reason: 'unreachable',
      message: expect.stringContaining('cannot be reached'),
    });
  });

  it('stops a server that never answers at the time limit', async () => {
    expect(await failure(fetchDefinitions(`${base}/never`, { timeLimitMs: 200 }))).toMatchObject({
      reason: 'timeout',
      message: expect.stringContaining('did not answer within'),
    });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const pending = fetchDefinitions(`${base}/never`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await failure(pending)).toMatchObject({ reason: 'cancelled' });
  });

  it('stops reading an endless answer at the cap', async () => {
    expect(await failure(fetchDefinitions(`${base}/endless`, { maxCharacters: 100_000 }))).toMatchObject({
      reason: 'too_large',
      message: expect.stringContaining('reading stopped there'),
    });
  });

  it("says the page's policy refused the address, before trying", async () => {
    let calls = 0;
    const counting: typeof fetch = async () => {
      calls += 1;
      return new Response('{}');
    };
    const result = await failure(
      fetchDefinitions('http://192.168.1.20/tools.json', {
        fetch: counting,
        blockedByPolicy: () => true,
        policyMessage: () => 'policy says no',
      }),
    );
    expect(result).toEqual({ reason: 'policy', message: 'policy says no' });
    expect(calls).toBe(0);
  });

  it('tells CORS from an unreachable server: an opaque request is answered', async () => {
    const corsOnly: typeof fetch = async (_input, init) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    };
    expect(await failure(fetchDefinitions('https://example.com/tools.json', { fetch: corsOnly }))).toMatchObject({
      reason: 'cors',
      message: expect.stringContaining('no CORS header'),
    });
    const down: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await failure(fetchDefinitions('https://example.com/tools.json', { fetch: down }))).toMatchObject({
      reason: 'unreachable',
    });
  });
});
