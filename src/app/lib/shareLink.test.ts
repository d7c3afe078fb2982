import { describe, expect, it } from 'vitest';
import { deflateSync } from 'fflate';
import {
  base64UrlToBytes,
  bytesToBase64Url,
  decodeArgumentsText,
  encodeArgumentsText,
  MAX_SHARED_ARGUMENTS_BYTES,
} from './shareLink';
import { tooLargeToShare } from './shareLinkFormat';
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
  const texts = [
    '{\n  "path": "src/main.ts"\n}',
    '{"path": ',
    'ünïcödé ✓ 日本',
    '',
    'half an emoji: \ud83d',
    JSON.stringify({ content: 'x'.repeat(10_000) }),
  ];

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

describe('share links past their limits', () => {
  it('stops unpacking as soon as the output passes the cap, and says the link is too large, with the cap', () => {
    // 16 MB of zeros compress to 16 KB; the end of the stream is broken, so only unpacking that stops at the cap,
    // before reaching the end, tells "too large" (unpacking all first would find the stream damaged).
    const bytes = deflateSync(new Uint8Array(16 * 1024 * 1024), { level: 9 });
    bytes.fill(0xff, bytes.length - 64);
    expect(decodeArgumentsText(`z${bytesToBase64Url(bytes)}`)).toEqual({
      ok: false,
      error: expect.stringMatching(/too large.*more than 4 MB/),
    });
  });

  it('opens arguments just under the cap', () => {
    const text = JSON.stringify({ content: 'x'.repeat(MAX_SHARED_ARGUMENTS_BYTES - 100) });
    expect(decodeArgumentsText(encodeArgumentsText(text))).toEqual({ ok: true, text });
  });

  it('says an empty link is empty', () => {
    expect(decodeArgumentsText('z')).toEqual({ ok: false, error: expect.stringMatching(/empty/) });
    expect(decodeArgumentsText('w')).toEqual({ ok: false, error: expect.stringMatching(/empty/) });
  });
});

describe('links not offered past the cap', () => {
  it('counts the bytes the link would unpack to: UTF-8, or UTF-16 for a text with a lone surrogate', () => {
    expect(tooLargeToShare('x'.repeat(MAX_SHARED_ARGUMENTS_BYTES))).toBe(false);
    expect(tooLargeToShare('x'.repeat(MAX_SHARED_ARGUMENTS_BYTES + 1))).toBe(true);
    expect(tooLargeToShare('é'.repeat(MAX_SHARED_ARGUMENTS_BYTES / 2 + 1))).toBe(true);
    expect(tooLargeToShare(`\ud800${'x'.repeat(MAX_SHARED_ARGUMENTS_BYTES / 2)}`)).toBe(true);
    expect(tooLargeToShare('{"path": "a.txt"}')).toBe(false);
  });
});
