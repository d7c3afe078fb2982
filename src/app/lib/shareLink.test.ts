import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url, decodeArgumentsText, encodeArgumentsText } from './shareLink';
import { encodeArgumentsTextAsync } from './shareLinkAsync';

describe('share-link codec', () => {
  it('round-trips JSON text exactly, whitespace included', () => {
    const text = '{\n  "path": "src/main.ts",\n  "env": { "PORT": "8080" }\n}';
    const encoded = encodeArgumentsText(text);
    expect(encoded).toMatch(/^z[A-Za-z0-9_-]+$/);
    expect(decodeArgumentsText(encoded)).toEqual({ ok: true, text });
  });

  it('round-trips malformed JSON and non-ASCII text', () => {
    for (const text of ['{"path": ', 'ünïcödé ✓ 日本', '']) {
      expect(decodeArgumentsText(encodeArgumentsText(text))).toEqual({ ok: true, text });
    }
  });

  it('compresses large repetitive arguments', () => {
    const text = JSON.stringify({ content: 'x'.repeat(10_000) });
    expect(encodeArgumentsText(text).length).toBeLessThan(200);
  });

  it('reports damaged links as errors instead of throwing', () => {
    expect(decodeArgumentsText('zdamaged!!').ok).toBe(false);
    expect(decodeArgumentsText('zAAAA').ok).toBe(false);
    expect(decodeArgumentsText('plain').ok).toBe(false);
  });

  it('base64url has no padding or URL-unsafe characters', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1]);
    const encoded = bytesToBase64Url(bytes);
    expect(encoded).not.toMatch(/[+/=]/);
    expect(Array.from(base64UrlToBytes(encoded))).toEqual(Array.from(bytes));
  });
});

describe('share links compressed by the browser', () => {
  const texts = ['{\n  "path": "src/main.ts"\n}', '{"path": ', 'ünïcödé ✓ 日本', '', 'half an emoji: \ud83d', JSON.stringify({ content: 'x'.repeat(10_000) })];

  it('read back exactly as fflate-compressed ones do, with the same prefixes', async () => {
    for (const text of texts) {
      const encoded = await encodeArgumentsTextAsync(text);
      expect(encoded[0]).toBe(encodeArgumentsText(text)[0]);
      expect(decodeArgumentsText(encoded)).toEqual({ ok: true, text });
    }
  });

  it('fall back to fflate where the browser cannot compress', async () => {
    const native = globalThis.CompressionStream;
    (globalThis as { CompressionStream?: unknown }).CompressionStream = undefined;
    try {
      for (const text of texts) expect(await encodeArgumentsTextAsync(text)).toBe(encodeArgumentsText(text));
    } finally {
      globalThis.CompressionStream = native;
    }
  });
});
