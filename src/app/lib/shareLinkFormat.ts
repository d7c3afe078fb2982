/**
 * The text a share link carries (`#args=…`), apart from the compressor: a prefix saying how the text was turned into
 * bytes, then those bytes compressed (raw DEFLATE) in base64url. shareLink.ts compresses with fflate, at once;
 * `encodeArgumentsTextAsync` (shareLinkAsync.ts) with the browser's own CompressionStream, for a page that does not load fflate.
 */

/** Version tag so a later encoding can coexist with links already shared. */
const COMPRESSED_PREFIX = 'z';
/**
 * Text with a lone surrogate (half of an emoji, pasted or cut) has no UTF-8 form; it is stored as
 * UTF-16 code units instead, so the link gives back exactly what the editor held.
 */
const UTF16_PREFIX = 'w';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function utf16Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    bytes[index * 2] = unit & 0xff;
    bytes[index * 2 + 1] = unit >> 8;
  }
  return bytes;
}

function utf16Text(bytes: Uint8Array): string {
  if (bytes.length % 2 !== 0) throw new Error('odd length');
  let text = '';
  for (let index = 0; index < bytes.length; index += 0x4000) {
    const units: number[] = [];
    for (let unit = index; unit < Math.min(bytes.length, index + 0x4000); unit += 2)
      units.push(bytes[unit]! | (bytes[unit + 1]! << 8));
    text += String.fromCharCode(...units);
  }
  return text;
}

/**
 * Most bytes a link's arguments may unpack to. Past it the editor stops being usable, and a link of a few hundred
 * kilobytes could otherwise unpack to gigabytes; inflation stops as soon as the output passes it.
 */
export const MAX_SHARED_ARGUMENTS_BYTES = 4 * 1024 * 1024;

/**
 * Whether a link to this text would unpack past MAX_SHARED_ARGUMENTS_BYTES. Encoded to know only between the bounds
 * its length sets: each UTF-16 code unit is one to three bytes of the payload (UTF-8, or two in UTF-16).
 */
export function tooLargeToShare(text: string): boolean {
  if (text.length * 3 <= MAX_SHARED_ARGUMENTS_BYTES) return false;
  if (text.length > MAX_SHARED_ARGUMENTS_BYTES) return true;
  return linkPayload(text).bytes.length > MAX_SHARED_ARGUMENTS_BYTES;
}

/** The bytes a link compresses for a text, with the prefix that says how to read them back. */
export function linkPayload(text: string): { prefix: string; bytes: Uint8Array } {
  return LONE_SURROGATE.test(text)
    ? { prefix: UTF16_PREFIX, bytes: utf16Bytes(text) }
    : { prefix: COMPRESSED_PREFIX, bytes: new TextEncoder().encode(text) };
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlToBytes(encoded: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error('not base64url');
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * A share link's arguments as the page read them. `pending`: the link unpacks to more than a page may inflate at once
 * (QUICK_INFLATE_BYTES); its arguments come later from `decodeArgumentsTextAsync`, and `error` says they are coming.
 */
export type DecodeResult = { ok: true; text: string } | { ok: false; error: string; pending?: true };

export const DAMAGED = 'The shared link is damaged: its arguments could not be decoded.';
const EMPTY = 'The shared link is empty: it carries no arguments, so yours are kept.';
const UNKNOWN_FORMAT = 'The shared link is not in a known format.';
export const OPENING = 'Opening the shared link: its arguments are large and are unpacked without holding up the page.';

export const tooLargeMessage = (limit: number): string =>
  `The shared link is too large: its arguments unpack to more than ${formatBytes(limit)} (the limit for a link), so it was not opened and your arguments are kept.`;

/** A byte count as the page says it: 8 MB, 512 KB. */
export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;

/** A link's format prefix and its compressed bytes, or why it cannot be read. */
export function linkParts(
  encoded: string,
): { ok: true; prefix: string; bytes: Uint8Array } | { ok: false; error: string } {
  const prefix = encoded.slice(0, 1);
  if (prefix !== UTF16_PREFIX && prefix !== COMPRESSED_PREFIX) return { ok: false, error: UNKNOWN_FORMAT };
  const payload = encoded.slice(1);
  if (payload === '') return { ok: false, error: EMPTY };
  try {
    return { ok: true, prefix, bytes: base64UrlToBytes(payload) };
  } catch {
    return { ok: false, error: DAMAGED };
  }
}

/** The text of inflated bytes, read as the prefix says. */
export function linkText(prefix: string, bytes: Uint8Array): DecodeResult {
  try {
    return { ok: true, text: prefix === UTF16_PREFIX ? utf16Text(bytes) : new TextDecoder().decode(bytes) };
  } catch {
    return { ok: false, error: DAMAGED };
  }
}
