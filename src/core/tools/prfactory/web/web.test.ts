import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { dataOf } from '../bench.test-support';
import { tool as apiCall } from './api_call';
import { resolveHostNode } from './resolve.node.test-support';
import { checkResolved, checkUrl } from './ssrf';
import { tool as webFetch } from './web_fetch';

type Call = { url: string; init: RequestInit };

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (url: string | URL | Request, init: RequestInit = {}) => {
    const call = { url: String(url), init };
    calls.push(call);
    return respond(call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('checkUrl (SSRF rules)', () => {
  it.each([
    ['http://localhost:8080/', 'loopback host'],
    ['http://api.localhost/', 'loopback host'],
    ['http://127.0.0.1/', 'loopback address'],
    ['http://127.1/', 'loopback address'],
    ['http://0x7f000001/', 'loopback address'],
    ['http://2130706433/', 'loopback address'],
    ['http://017700000001/', 'loopback address'],
    ['http://[::1]/', 'loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'loopback address'],
    ['http://10.1.2.3/', 'private network address'],
    ['http://172.20.0.1/', 'private network address'],
    ['http://192.168.1.1/', 'private network address'],
    ['http://169.254.169.254/latest/meta-data', 'cloud metadata service'],
    ['http://[::ffff:a9fe:a9fe]/', 'cloud metadata service'],
    ['http://169.254.10.1/', 'link-local address'],
    ['http://[fe80::1]/', 'link-local address'],
    ['http://[fd12:3456::1]/', 'unique local (private) address'],
    ['http://0.0.0.0/', 'unspecified address'],
    ['http://metadata.google.internal/', 'cloud metadata service'],
    ['https://metadata.azure.com/', 'cloud metadata service'],
    ['http://db.internal/', 'internal network name'],
    ['http://intranet/', 'single-label name'],
  ])('refuses %s (%s)', (url, reason) => {
    const checked = checkUrl(url, 'url');
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain(reason);
  });

  // Names and IPv6 forms that reach loopback or a private address without looking like it.
  it.each([
    ['http://localtest.me/', 'resolves to loopback'],
    ['http://app.localtest.me:8080/', 'resolves to loopback'],
    ['http://lvh.me/', 'resolves to loopback'],
    ['http://127.0.0.1.nip.io/', 'nip.io name resolving to 127.0.0.1'],
    ['http://app.10.0.0.7.nip.io/', 'private network address'],
    ['http://app-192-168-0-1.sslip.io/', 'private network address'],
    ['http://7f000001.nip.io/', 'loopback address'],
    ['http://169.254.169.254.xip.io/', 'cloud metadata service'],
    ['http://[::127.0.0.1]/', 'IPv4-compatible address embedding 127.0.0.1'],
    ['http://[::ffff:7f00:1]/', 'IPv4-mapped address embedding 127.0.0.1'],
    ['http://[::ffff:0:127.0.0.1]/', 'IPv4-translated address'],
    ['http://[64:ff9b::127.0.0.1]/', 'NAT64 address'],
    ['http://[2002:7f00:1::]/', '6to4 address embedding 127.0.0.1'],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'Teredo address'],
    ['http://[::8.8.8.8]/', 'IPv4-compatible address embedding 8.8.8.8'],
    ['http://0177.0.0.1/', 'loopback address'],
    ['http://0x7f.0.0.1/', 'loopback address'],
    ['http://0/', 'unspecified address'],
    ['http://[::]/', 'unspecified address'],
  ])('refuses %s by name (%s)', (url, reason) => {
    const checked = checkUrl(url, 'url');
    expect(checked.ok, url).toBe(false);
    if (!checked.ok) expect(checked.message).toContain(reason);
  });

  it('lets public names of the same services through', () => {
    for (const url of ['https://nip.io/', 'http://8.8.8.8.nip.io/', 'https://localtest.me.example.com/'])
      expect(checkUrl(url, 'url').ok, url).toBe(true);
  });

  it('in Node, resolves the name and checks every address (localhost through the real resolver)', async () => {
    const url = new URL('http://localhost:1/');
    const checked = await checkResolved(url, 'url', resolveHostNode);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(/resolves to (127\.0\.0\.1|::1), a loopback address/);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const checked = await checkResolved(new URL('https://split.example/'), 'url', async () => [
      '93.184.216.34',
      '10.0.0.5',
    ]);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain('10.0.0.5, a private network address');
    expect(
      (await checkResolved(new URL('https://ok.example/'), 'url', async () => ['93.184.216.34', '2606:4700::1111'])).ok,
    ).toBe(true);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/',
    'javascript:alert(1)',
    'data:text/plain,hi',
    'gopher://example.com/',
  ])('refuses the scheme of %s', (url) => {
    const checked = checkUrl(url, 'url');
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(/scheme is blocked/);
  });

  it('refuses credentials in the URL and accepts public addresses', () => {
    expect(checkUrl('https://user:secret@example.com/', 'url').ok).toBe(false);
    for (const url of [
      'https://example.com/',
      'https://api.github.com/repos/a/b',
      'http://93.184.216.34/',
      'https://[2606:4700::1111]/',
    ])
      expect(checkUrl(url, 'url').ok).toBe(true);
  });
});

describe('WebFetch', () => {
  it('with a resolver, sends nothing to a name that resolves to a private address; without one, says what it could not check', async () => {
    const bench = await createTestBench();
    const network = fakeFetch(() => new Response('secret'));
    const pinned = fakeFetch(() => new Response('secret'));
    const resolvingNetwork = {
      resolve: async () => ['127.0.0.1'],
      fetchAt: (url: URL, _address: string, init: RequestInit) => pinned.fetch(url, init),
    };
    const blocked = await bench.run(
      webFetch,
      { url: 'https://rebinding.example/' },
      { fetch: network.fetch, resolvingNetwork },
    );
    expect(pinned.calls).toEqual([]);
    expect(blocked).toMatchObject({ success: false, errorCode: 'url_blocked' });
    expect(network.calls).toEqual([]);
    const browser = await bench.run(webFetch, { url: 'https://public.example/' }, { fetch: network.fetch });
    expect(dataOf(browser, 'output').facts).toContainEqual({
      label: 'Address check',
      value: expect.stringContaining('the browser cannot resolve a name before it fetches'),
    });
  });

  it('never sends a request to a blocked address', async () => {
    const bench = await createTestBench();
    const network = fakeFetch(() => new Response('secret'));
    const outcome = await bench.run(
      webFetch,
      { url: 'http://169.254.169.254/latest/meta-data' },
      { fetch: network.fetch },
    );
    expect(outcome).toMatchObject({ success: false, errorCode: 'url_blocked' });
    expect(network.calls).toEqual([]);
  });

  it('fetches without credentials or redirects, and cuts the body at maxBytes', async () => {
    const bench = await createTestBench();
    const network = fakeFetch(() => new Response('x'.repeat(5000), { headers: { 'content-type': 'text/plain' } }));
    const outcome = await bench.run(
      webFetch,
      { url: 'https://example.com/', maxBytes: 1000 },
      { fetch: network.fetch },
    );
    expect(outcome.success).toBe(true);
    expect(network.calls[0]?.init).toMatchObject({ redirect: 'manual', credentials: 'omit', method: 'GET' });
    const data = dataOf(outcome, 'output');
    expect(data.text).toHaveLength(1000);
    expect(data.facts).toContainEqual({ label: 'Bytes', value: '1000 (truncated at maxBytes 1000)' });
  });

  it('refuses to follow a redirect, naming where it went', async () => {
    const bench = await createTestBench();
    const network = fakeFetch(
      () => new Response(null, { status: 302, headers: { location: 'http://127.0.0.1/admin' } }),
    );
    const outcome = await bench.run(webFetch, { url: 'https://example.com/go' }, { fetch: network.fetch });
    expect(outcome).toMatchObject({ success: false, errorCode: 'redirect_refused' });
    expect(outcome.error).toContain('http://127.0.0.1/admin');
  });

  it('reports a CORS-blocked or unreachable server as what it is, and HTTP errors with their status', async () => {
    const bench = await createTestBench();
    const blocked = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const outcome = await bench.run(webFetch, { url: 'https://example.com/' }, { fetch: blocked.fetch });
    expect(outcome).toMatchObject({ success: false, errorCode: 'network_error' });
    expect(outcome.error).toContain('CORS');
    const missing = fakeFetch(() => new Response('no', { status: 404, statusText: 'Not Found' }));
    expect(await bench.run(webFetch, { url: 'https://example.com/x' }, { fetch: missing.fetch })).toMatchObject({
      success: false,
      errorCode: 'http_error',
      error: 'GET https://example.com/x answered 404 Not Found',
    });
  });

  it('stops a request that outlives timeoutSeconds', async () => {
    const bench = await createTestBench();
    const hanging = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = await bench.run(
      webFetch,
      { url: 'https://example.com/', timeoutSeconds: 1 },
      { fetch: hanging.fetch },
    );
    expect(outcome).toMatchObject({ success: false, errorCode: 'timeout' });
  });
});

describe('ApiCall', () => {
  it('sends the bearer token in the header and nowhere else', async () => {
    const bench = await createTestBench();
    const network = fakeFetch(
      () => new Response('{"id": 7}', { status: 201, headers: { 'content-type': 'application/json' } }),
    );
    const args = {
      url: 'https://api.example.com/notes',
      method: 'POST',
      body: '{"text": "hi"}',
      bearerToken: 's3cr3t-token',
    };
    const outcome = await bench.run(apiCall, args, { fetch: network.fetch });
    expect(outcome.success).toBe(true);
    expect(network.calls[0]?.init.headers).toMatchObject({
      Authorization: 'Bearer s3cr3t-token',
      'Content-Type': 'application/json',
    });
    expect(JSON.stringify(outcome)).not.toContain('s3cr3t-token');
    expect(apiCall.summarize(args)).not.toContain('s3cr3t-token');
    expect(dataOf(outcome, 'output').language).toBe('json');
  });

  it('refuses browser-owned and credential headers, a GET body, and blocked hosts before any request', async () => {
    const bench = await createTestBench();
    const network = fakeFetch(() => new Response('ok'));
    const cookie = await bench.run(
      apiCall,
      { url: 'https://example.com/', headers: { Cookie: 'a=b' } },
      { fetch: network.fetch },
    );
    expect(cookie.error).toBe(
      "Parameter 'headers.Cookie': this header is set by the browser or could carry credentials, so it cannot be sent",
    );
    expect(
      (await bench.run(apiCall, { url: 'https://example.com/', body: 'x' }, { fetch: network.fetch })).error,
    ).toContain("Parameter 'body'");
    expect(
      (await bench.run(apiCall, { url: 'http://10.0.0.5/admin', method: 'DELETE' }, { fetch: network.fetch }))
        .errorCode,
    ).toBe('url_blocked');
    expect(network.calls).toEqual([]);
  });

  it('rates DELETE as high risk and GET as low', () => {
    expect(apiCall.effectiveRisk?.({ url: 'https://example.com/', method: 'DELETE' }, undefined as never)).toBe('high');
    expect(apiCall.effectiveRisk?.({ url: 'https://example.com/' }, undefined as never)).toBe('low');
  });
});
