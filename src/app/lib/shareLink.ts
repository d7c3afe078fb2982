import { deflateSync, inflateSync, strFromU8 } from 'fflate';
import { base64UrlToBytes, bytesToBase64Url, COMPRESSED_PREFIX, linkPayload, UTF16_PREFIX, utf16Text } from './shareLinkFormat';

export { base64UrlToBytes, bytesToBase64Url } from './shareLinkFormat';

export type DecodeResult = { ok: true; text: string } | { ok: false; error: string };

/** Encodes the editor text (kept verbatim, even when it is not valid JSON) for a URL. */
export function encodeArgumentsText(text: string): string {
  const { prefix, bytes } = linkPayload(text);
  return prefix + bytesToBase64Url(deflateSync(bytes, { level: 9 }));
}

export function decodeArgumentsText(encoded: string): DecodeResult {
  if (encoded.startsWith(UTF16_PREFIX)) {
    try {
      return { ok: true, text: utf16Text(inflateSync(base64UrlToBytes(encoded.slice(UTF16_PREFIX.length)))) };
    } catch {
      return { ok: false, error: 'The shared link is damaged: its arguments could not be decoded.' };
    }
  }
  if (!encoded.startsWith(COMPRESSED_PREFIX)) return { ok: false, error: 'The shared link is not in a known format.' };
  try {
    return { ok: true, text: strFromU8(inflateSync(base64UrlToBytes(encoded.slice(COMPRESSED_PREFIX.length)))) };
  } catch {
    return { ok: false, error: 'The shared link is damaged: its arguments could not be decoded.' };
  }
}
