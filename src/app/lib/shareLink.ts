import { deflateSync, strFromU8 } from 'fflate';
import { formatBytes, inflateBounded, InflatedTooLarge } from './inflateBounded';
import { base64UrlToBytes, bytesToBase64Url, COMPRESSED_PREFIX, linkPayload, UTF16_PREFIX, utf16Text } from './shareLinkFormat';

export { base64UrlToBytes, bytesToBase64Url } from './shareLinkFormat';

export type DecodeResult = { ok: true; text: string } | { ok: false; error: string };

/**
 * Most bytes a link's arguments may unpack to. Past it the editor stops being usable, and a link of a few hundred
 * kilobytes could otherwise unpack to gigabytes; inflation stops as soon as the output passes it.
 */
export const MAX_SHARED_ARGUMENTS_BYTES = 4 * 1024 * 1024;

/** Encodes the editor text (kept verbatim, even when it is not valid JSON) for a URL. */
export function encodeArgumentsText(text: string): string {
  const { prefix, bytes } = linkPayload(text);
  return prefix + bytesToBase64Url(deflateSync(bytes, { level: 9 }));
}

const DAMAGED = 'The shared link is damaged: its arguments could not be decoded.';

function inflated(payload: string): { ok: true; bytes: Uint8Array } | { ok: false; error: string } {
  if (payload === '') return { ok: false, error: 'The shared link is empty: it carries no arguments, so yours are kept.' };
  try {
    return { ok: true, bytes: inflateBounded(base64UrlToBytes(payload), MAX_SHARED_ARGUMENTS_BYTES) };
  } catch (error) {
    if (error instanceof InflatedTooLarge) {
      return { ok: false, error: `The shared link is too large: its arguments unpack to more than ${formatBytes(error.limit)} (the limit for a link), so it was not opened and your arguments are kept.` };
    }
    return { ok: false, error: DAMAGED };
  }
}

export function decodeArgumentsText(encoded: string): DecodeResult {
  const prefix = encoded.slice(0, 1);
  if (prefix !== UTF16_PREFIX && prefix !== COMPRESSED_PREFIX) return { ok: false, error: 'The shared link is not in a known format.' };
  const bytes = inflated(encoded.slice(1));
  if (!bytes.ok) return bytes;
  try {
    return { ok: true, text: prefix === UTF16_PREFIX ? utf16Text(bytes.bytes) : strFromU8(bytes.bytes) };
  } catch {
    return { ok: false, error: DAMAGED };
  }
}
