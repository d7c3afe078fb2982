import { describe, expect, it } from 'vitest';
import { deflateSync } from 'fflate';
import {
  bytesToBase64Url,
  decodeArgumentsTextQuick,
  encodeArgumentsText,
  MAX_SHARED_ARGUMENTS_BYTES,
} from './shareLink';
import { decodeArgumentsTextAsync, encodeArgumentsTextAsync } from './shareLinkAsync';

const MEGABYTE = 1024 * 1024;

describe('a share link inflated as a stream', () => {
  it('gives back the text either encoder wrote, a lone surrogate and malformed JSON included', async () => {
    for (const text of ['{"path": "a.txt"}', '{"path": ', 'ünïcödé ✓ \ud83d', '']) {
      expect(await decodeArgumentsTextAsync(encodeArgumentsText(text))).toEqual({ ok: true, text });
      expect(await decodeArgumentsTextAsync(await encodeArgumentsTextAsync(text))).toEqual({ ok: true, text });
    }
  });

  it('opens arguments just under the cap', async () => {
    const text = JSON.stringify({ content: 'x'.repeat(MAX_SHARED_ARGUMENTS_BYTES - 100) });
    expect(await decodeArgumentsTextAsync(encodeArgumentsText(text))).toEqual({ ok: true, text });
  });

  it('stops at the cap and says the link is too large, before the end of a broken stream is reached', async () => {
    // 64 MB of spaces compress to 64 KB; the stream's end is broken, so only a reader that stops at the cap says
    // "too large" (one that inflates everything first finds the stream damaged).
    const bytes = deflateSync(new Uint8Array(64 * MEGABYTE).fill(32), { level: 9 });
    bytes.fill(0xff, bytes.length - 64);
    expect(await decodeArgumentsTextAsync(`z${bytesToBase64Url(bytes)}`)).toEqual({
      ok: false,
      error: expect.stringMatching(/too large.*more than 4 MB.*your arguments are kept/),
    });
  });

  it('says a damaged, empty or unknown link is so', async () => {
    expect(await decodeArgumentsTextAsync('zdamaged!!')).toEqual({
      ok: false,
      error: expect.stringMatching(/damaged/),
    });
    expect(await decodeArgumentsTextAsync('zAAAA')).toEqual({ ok: false, error: expect.stringMatching(/damaged/) });
    expect(await decodeArgumentsTextAsync('z')).toEqual({ ok: false, error: expect.stringMatching(/empty/) });
    expect(await decodeArgumentsTextAsync('q123')).toEqual({ ok: false, error: expect.stringMatching(/known format/) });
  });
});

describe('a share link read while the page opens', () => {
  it('reads a small link at once', () => {
    const text = JSON.stringify({ path: 'a.txt' });
    expect(decodeArgumentsTextQuick(encodeArgumentsText(text))).toEqual({ ok: true, text });
    expect(decodeArgumentsTextQuick('z')).toEqual({ ok: false, error: expect.stringMatching(/empty/) });
  });

  it('leaves a link past the quick size pending, saying it is being opened, for the streaming reader', async () => {
    const text = JSON.stringify({ content: 'x'.repeat(300_000) });
    const encoded = encodeArgumentsText(text);
    expect(decodeArgumentsTextQuick(encoded, 64 * 1024)).toEqual({
      ok: false,
      pending: true,
      error: expect.stringMatching(/Opening the shared link/),
    });
    expect(await decodeArgumentsTextAsync(encoded)).toEqual({ ok: true, text });
  });

  it('refuses at once a link past the cap when the quick size is the cap', () => {
    const bomb = `z${bytesToBase64Url(deflateSync(new Uint8Array(8 * MEGABYTE).fill(32), { level: 9 }))}`;
    expect(decodeArgumentsTextQuick(bomb, MAX_SHARED_ARGUMENTS_BYTES)).toEqual({
      ok: false,
      error: expect.stringMatching(/too large/),
    });
  });
});
