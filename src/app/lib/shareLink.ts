import { deflateSync, strFromU8 } from 'fflate';
import { formatBytes, inflateBounded, InflatedTooLarge } from './inflateBounded';
import {
  base64UrlToBytes,
  bytesToBase64Url,
  COMPRESSED_PREFIX,
  linkPayload,
  MAX_SHARED_ARGUMENTS_BYTES,
  UTF16_PREFIX,
  utf16Text,
} from './shareLinkFormat';

export { base64UrlToBytes, bytesToBase64Url, MAX_SHARED_ARGUMENTS_BYTES } from './shareLinkFormat';

export type DecodeResult = { ok: true; text: string } | { ok: false; error: string };

/** Encodes the editor text (kept verbatim, even when it is not valid JSON) for a URL. */
export function encodeArgumentsText(text: string): string {
  const { prefix, bytes } = linkPayload(text);
  return prefix + bytesToBase64Url(deflateSync(bytes, { level: 9 }));
}

const DAMAGED = 'The shared link is damaged: its arguments could not be decoded.';

function inflated(payload: string): { ok: true; bytes: Uint8Array } | { ok: false; error: string } {
  if (payload === '')
    return { ok: false, error: 'The shared link is empty: it carries no arguments, so yours are kept.' };
  try {
    return { ok: true, bytes: inflateBounded(base64UrlToBytes(payload), MAX_SHARED_ARGUMENTS_BYTES) };
  } catch (error) {
    if (error instanceof InflatedTooLarge) {
      return {
        ok: false,
        error: `The shared link is too large: its arguments unpack to more than ${formatBytes(error.limit)} (the limit for a link), so it was not opened and your arguments are kept.`,
      };
    }
    return { ok: false, error: DAMAGED };
  }
}

export function decodeArgumentsText(encoded: string): DecodeResult {
  const prefix = encoded.slice(0, 1);
  if (prefix !== UTF16_PREFIX && prefix !== COMPRESSED_PREFIX)
    return { ok: false, error: 'The shared link is not in a known format.' };
  const bytes = inflated(encoded.slice(1));
  if (!bytes.ok) return bytes;
  try {
    return { ok: true, text: prefix === UTF16_PREFIX ? utf16Text(bytes.bytes) : strFromU8(bytes.bytes) };
  } catch {
    return { ok: false, error: DAMAGED };
  }
}
