import { deflateSync } from 'fflate';
import { inflateBounded, InflatedTooLarge } from './inflateBounded';
import {
  bytesToBase64Url,
  DAMAGED,
  linkParts,
  linkPayload,
  linkText,
  MAX_SHARED_ARGUMENTS_BYTES,
  OPENING,
  tooLargeMessage,
  type DecodeResult,
} from './shareLinkFormat';

export { base64UrlToBytes, bytesToBase64Url, MAX_SHARED_ARGUMENTS_BYTES, type DecodeResult } from './shareLinkFormat';

/** Encodes the editor text (kept verbatim, even when it is not valid JSON) for a URL. */
export function encodeArgumentsText(text: string): string {
  const { prefix, bytes } = linkPayload(text);
  return prefix + bytesToBase64Url(deflateSync(bytes, { level: 9 }));
}

/**
 * Most bytes inflated on the page's thread, at once, while the page opens. Measured in Chromium on this site's tool
 * page, on a shared two-core machine: fflate inflating a link to the 4 MB cap took 580 ms there (its first run, not
 * yet optimised); the browser's own DecompressionStream does it in small pieces between which the page answers. A link
 * of arguments up to this size (nearly every link) opens with the page, in one render.
 */
export const QUICK_INFLATE_BYTES = 128 * 1024;

function decodeWithin(encoded: string, limit: number): DecodeResult | 'over' {
  const parts = linkParts(encoded);
  if (!parts.ok) return parts;
  let bytes: Uint8Array;
  try {
    bytes = inflateBounded(parts.bytes, limit);
  } catch (error) {
    if (error instanceof InflatedTooLarge) return 'over';
    return { ok: false, error: DAMAGED };
  }
  return linkText(parts.prefix, bytes);
}

/** The arguments a link carries, inflated at once up to the link's cap (for Node, tests and small links). */
export function decodeArgumentsText(encoded: string): DecodeResult {
  const result = decodeWithin(encoded, MAX_SHARED_ARGUMENTS_BYTES);
  return result === 'over' ? { ok: false, error: tooLargeMessage(MAX_SHARED_ARGUMENTS_BYTES) } : result;
}

/**
 * What a page opening the link shows at once: the arguments when they unpack to at most `quickLimit` bytes, a refusal
 * when the link cannot be read, else a pending result (the page then calls `decodeArgumentsTextAsync`).
 */
export function decodeArgumentsTextQuick(encoded: string, quickLimit = QUICK_INFLATE_BYTES): DecodeResult {
  const result = decodeWithin(encoded, Math.min(quickLimit, MAX_SHARED_ARGUMENTS_BYTES));
  if (result !== 'over') return result;
  return quickLimit >= MAX_SHARED_ARGUMENTS_BYTES
    ? { ok: false, error: tooLargeMessage(MAX_SHARED_ARGUMENTS_BYTES) }
    : { ok: false, error: OPENING, pending: true };
}
