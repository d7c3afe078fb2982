import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';

/** Version tag so a later encoding can coexist with links already shared. */
const COMPRESSED_PREFIX = 'z';

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
  return COMPRESSED_PREFIX + bytesToBase64Url(deflateSync(strToU8(text), { level: 9 }));
}

export function decodeArgumentsText(encoded: string): DecodeResult {
  if (!encoded.startsWith(COMPRESSED_PREFIX)) return { ok: false, error: 'The shared link is not in a known format.' };
  try {
    return { ok: true, text: strFromU8(inflateSync(base64UrlToBytes(encoded.slice(COMPRESSED_PREFIX.length)))) };
  } catch {
    return { ok: false, error: 'The shared link is damaged: its arguments could not be decoded.' };
  }
}
