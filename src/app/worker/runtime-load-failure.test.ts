import { describe, expect, it } from 'vitest';
import { MISSING_HEADERS_MESSAGE, runtimeLoadFailure } from './runtime-load-failure';

const frameMessage =
  'The runtime could not be loaded: Failed to fetch dynamically imported module: /workers/runtime.js';
const answering = (response: Response) => (url: string, init: RequestInit) => {
  seen.push({ url, method: init.method });
  return Promise.resolve(response);
};
const seen: { url: string; method: string | undefined }[] = [];

describe('why the runtime could not start', () => {
  it('names the missing header when the server sends the runtime’s module without it', async () => {
    seen.length = 0;
    const failure = await runtimeLoadFailure(
      frameMessage,
      'https://tools.example/workers/runtime.js',
      answering(new Response('')),
    );
    expect(failure).toBe(MISSING_HEADERS_MESSAGE);
    expect(failure).toContain('Access-Control-Allow-Origin: *');
    expect(failure).toContain('_headers');
    expect(seen).toEqual([{ url: 'https://tools.example/workers/runtime.js', method: 'HEAD' }]);
  });

  it('keeps the frame’s message when the header is there, the module is missing, or the server cannot be reached', async () => {
    const withHeader = new Response('', { headers: { 'Access-Control-Allow-Origin': '*' } });
    expect(await runtimeLoadFailure(frameMessage, '/w.js', answering(withHeader))).toBe(frameMessage);
    expect(await runtimeLoadFailure(frameMessage, '/w.js', answering(new Response('', { status: 404 })))).toBe(
      frameMessage,
    );
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await runtimeLoadFailure(frameMessage, '/w.js', unreachable)).toBe(frameMessage);
  });
});
