import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';

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
    for (let unit = index; unit < Math.min(bytes.length, index + 0x4000); unit += 2) units.push(bytes[unit]! | (bytes[unit + 1]! << 8));
    text += String.fromCharCode(...units);
  }
  return text;
}

export type DecodeResult = { ok: true; text: string } | { ok: false; error: string };

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

/** Encodes the editor text (kept verbatim, even when it is not valid JSON) for a URL. */
export function encodeArgumentsText(text: string): string {
  if (LONE_SURROGATE.test(text)) return UTF16_PREFIX + bytesToBase64Url(deflateSync(utf16Bytes(text), { level: 9 }));
  return COMPRESSED_PREFIX + bytesToBase64Url(deflateSync(strToU8(text), { level: 9 }));
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
