import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url, decodeArgumentsText, encodeArgumentsText } from './shareLink';

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
