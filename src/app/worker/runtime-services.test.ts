import { describe, expect, it } from 'vitest';
import { createHostCaller, isHostMessage, type HostMessage, type HostRequest } from './host-channel';
import { createAssetFetch, createCallFetch } from './runtime-services';
import { refusalOfNetRequest } from './net-refusal';

/** A page that answers every host request with `answer`, recording what it was asked. */
function fakePage(answer: (request: HostRequest) => unknown) {
  const asked: HostRequest[] = [];
  let caller: ReturnType<typeof createHostCaller>;
  const port = {
    postMessage(message: HostMessage) {
      if (message.type !== 'host-request') return;
      asked.push(message);
      queueMicrotask(() =>
        caller.receive({ type: 'host-response', hostId: message.hostId, ok: true, value: answer(message) }),
      );
    },
  };
  caller = createHostCaller(port);
  return { caller, asked };
}

describe('the runtime worker’s fetch', () => {
  const site = 'https://tools.example';

  it('reads the site’s own files through the page, path only', async () => {
    const { caller, asked } = fakePage(() => ({
      status: 200,
      contentType: 'application/wasm',
      body: new Uint8Array([0, 97, 115, 109]).buffer,
    }));
    const fetchAsset = createAssetFetch(caller, site);
    const response = await fetchAsset(`${site}/vendor/pyodide/pyodide.asm.wasm?leak=sk-1#x`);
    expect(response.headers.get('content-type')).toBe('application/wasm');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0, 97, 115, 109]));
    expect(asked).toEqual([
      expect.objectContaining({ kind: 'asset', params: { url: `${site}/vendor/pyodide/pyodide.asm.wasm` } }),
    ]);
  });

  it('refuses any other origin and any method but GET, without asking the page', async () => {
    const { caller, asked } = fakePage(() => null);
    const fetchAsset = createAssetFetch(caller, site);
    await expect(fetchAsset('http://127.0.0.1:9/ok?leaked=sk')).rejects.toThrow(
      /No network from the workspace.*only the site’s own files/,
    );
    await expect(fetchAsset(`${site}/x`, { method: 'POST', body: 'sk' })).rejects.toThrow(/POST is not allowed/);
    expect(asked).toEqual([]);
  });

  it('sends a web tool’s request through the page, naming its call', async () => {
    const { caller, asked } = fakePage(() => ({
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'text/plain' },
      body: new TextEncoder().encode('hello').buffer,
    }));
    const response = await createCallFetch(caller, 'call-7')('https://api.example/x', {
      method: 'post',
      headers: { 'X-A': '1' },
      body: '{}',
    });
    expect(await response.text()).toBe('hello');
    expect(asked[0]).toMatchObject({
      kind: 'net',
      params: { callId: 'call-7', url: 'https://api.example/x', method: 'POST', headers: { 'x-a': '1' }, body: '{}' },
    });
  });

  it('reads a redirect the browser did not follow as a redirect', async () => {
    const { caller } = fakePage(() => ({ status: 0, statusText: '', headers: {}, body: new ArrayBuffer(0) }));
    const response = await createCallFetch(caller, 'call-1')('https://api.example/moved');
    expect(response.status).toBe(302);
  });

  it('tells the page to stop when the call is cancelled', async () => {
    const messages: HostMessage[] = [];
    const caller = createHostCaller({ postMessage: (message: HostMessage) => messages.push(message) });
    const controller = new AbortController();
    const pending = createCallFetch(caller, 'call-2')('https://api.example/slow', { signal: controller.signal });
    controller.abort(new Error('Cancelled by the user'));
    await expect(pending).rejects.toThrow('Cancelled by the user');
    expect(messages.map((message) => message.type)).toEqual(['host-request', 'host-abort']);
    expect(messages.every(isHostMessage)).toBe(true);
  });
});

describe('the page’s check of a web tool’s request', () => {
  const request = { callId: 'c', url: 'https://api.example/items', method: 'GET', headers: {}, maxBytes: 10 };

  it('sends only the URL, method and body the call’s arguments name', () => {
    expect(refusalOfNetRequest(request, { url: 'https://api.example/items' })).toBeNull();
    expect(
      refusalOfNetRequest(
        { ...request, method: 'POST', body: '{"a":1}' },
        { url: 'https://api.example/items', method: 'post', body: '{"a":1}' },
      ),
    ).toBeNull();
  });

  it('refuses a request no call in progress asked for', () => {
    expect(refusalOfNetRequest(request, undefined)).toMatch(/no call in progress/);
  });

  it('refuses a call whose arguments name no URL (a script, a command)', () => {
    expect(refusalOfNetRequest(request, { script: 'print(1)', language: 'python' })).toMatch(/name no URL/);
  });

  it('refuses another URL, another method or another body than the arguments name', () => {
    expect(
      refusalOfNetRequest({ ...request, url: 'https://evil.example/?k=sk' }, { url: 'https://api.example/items' }),
    ).toMatch(/only fetch the URL its arguments name/);
    expect(refusalOfNetRequest({ ...request, method: 'POST' }, { url: 'https://api.example/items' })).toMatch(
      /name GET, not POST/,
    );
    expect(
      refusalOfNetRequest(
        { ...request, method: 'POST', body: 'sk-1' },
        { url: 'https://api.example/items', method: 'POST', body: '{}' },
      ),
    ).toMatch(/body differs/);
  });

  it('refuses a URL the address rules refuse, even when the arguments name it', () => {
    expect(refusalOfNetRequest({ ...request, url: 'http://127.0.0.1/' }, { url: 'http://127.0.0.1/' })).toMatch(
      /name no URL that may be fetched/,
    );
  });
});
