import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHost, listen, negotiateEncoding } from './static-host';

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, as static hosts do', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
  });

  it('sends the bytes as they are when nothing it compresses with is accepted', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('')).toBe('identity');
    expect(negotiateEncoding('deflate')).toBe('identity');
  });

  it('never uses a coding refused with q=0', () => {
    expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*;q=0')).toBe('identity');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
  });
});

describe('the static host compresses', () => {
  const directory = mkdtempSync(join(tmpdir(), 'static-host-'));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, index) => `word${index % 50}`))};\n`;
  const png = Buffer.alloc(4096, 7);
  let base = '';
  const server = createStaticHost(directory, { headers: [], redirects: [] });

  beforeAll(async () => {
    writeFileSync(join(directory, 'app.js'), script);
    writeFileSync(join(directory, 'picture.png'), png);
    base = await listen(server, 0);
  });
  afterAll(() => {
    server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const get = (path: string, acceptEncoding?: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(
        new URL(path, base),
        { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('answers brotli to a browser, smaller, and the same bytes once decoded', async () => {
    const { headers, body } = await get('/app.js', 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('answers gzip to a client that takes only gzip, and plain bytes to one that takes neither', async () => {
    const gzip = await get('/app.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get('/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('leaves an image as it is', async () => {
    const { headers, body } = await get('/picture.png', 'br, gzip');
    expect(headers['content-encoding']).toBeUndefined();
    expect(body.equals(png)).toBe(true);
  });
});
