/** Text encodings the file tools accept: utf-8, ascii and utf-16 (little-endian, BOM detected). */

const TEXT_ENCODINGS = ['utf-8', 'ascii', 'utf-16'] as const;
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number];

export type Decoded = { ok: true; text: string; replacements: number } | { ok: false; message: string };
export type Encoded = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < text.length; index++) if (text.charCodeAt(index) === 10) line++;
  return line;
}

function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset; index++) if (bytes[index] === 10) line++;
  return line;
}

/**
 * utf-8: invalid sequences become U+FFFD and are counted (a stray Latin-1 byte should not make a file unreadable).
 * ascii: strict; a byte over 127 is an error naming its line, since silently changing bytes would corrupt a rewrite.
 * utf-16: a BOM picks the byte order; without one, little-endian.
 */
export function decodeText(bytes: Uint8Array, encoding: TextEncodingName): Decoded {
  if (encoding === 'ascii') {
    for (let index = 0; index < bytes.length; index++) {
      if (bytes[index]! > 127) {
        return {
          ok: false,
          message: `byte 0x${bytes[index]!.toString(16).toUpperCase()} at line ${lineOfByte(bytes, index)} (byte offset ${index}) is not ASCII; read it as utf-8 instead`,
        };
      }
    }
    let text = '';
    const chunk = 0x8000;
    for (let index = 0; index < bytes.length; index += chunk)
      text += String.fromCharCode(...bytes.subarray(index, index + chunk));
    return { ok: true, text, replacements: 0 };
  }
  if (encoding === 'utf-16') {
    let body = bytes;
    let bigEndian = false;
    if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) body = bytes.subarray(2);
    else if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
      body = bytes.subarray(2);
      bigEndian = true;
    }
    if (body.length % 2 !== 0)
      return { ok: false, message: `UTF-16 text must have an even number of bytes, found ${body.length}` };
    if (bigEndian) {
      const swapped = new Uint8Array(body.length);
      for (let index = 0; index < body.length; index += 2) {
        swapped[index] = body[index + 1]!;
        swapped[index + 1] = body[index]!;
      }
      body = swapped;
    }
    const text = new TextDecoder('utf-16le').decode(body);
    return { ok: true, text, replacements: countReplacements(text) };
  }
  const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
  // Count only replacements the decoder introduced, not U+FFFD already present in the file.
  const present = countEncodedReplacementCharacters(bytes);
  return { ok: true, text, replacements: Math.max(0, countReplacements(text) - present) };
}

function countReplacements(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\uFFFD'); index !== -1; index = text.indexOf('\uFFFD', index + 1)) count++;
  return count;
}

function countEncodedReplacementCharacters(bytes: Uint8Array): number {
  let count = 0;
  for (let index = 0; index + 2 < bytes.length; index++) {
    if (bytes[index] === 0xef && bytes[index + 1] === 0xbf && bytes[index + 2] === 0xbd) count++;
  }
  return count;
}

/** utf-16 is written little-endian with a BOM, so Windows tools and our own reader recognise it. */
export function encodeText(text: string, encoding: TextEncodingName): Encoded {
  if (encoding === 'ascii') {
    const bytes = new Uint8Array(text.length);
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code > 127) {
        return {
          ok: false,
          message: `character '${text[index]}' (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at line ${lineOfOffset(text, index)} cannot be written as ASCII; use utf-8`,
        };
      }
      bytes[index] = code;
    }
    return { ok: true, bytes };
  }
  if (encoding === 'utf-16') {
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      bytes[2 + index * 2] = code & 0xff;
      bytes[3 + index * 2] = code >> 8;
    }
    return { ok: true, bytes };
  }
  return { ok: true, bytes: new TextEncoder().encode(text) };
}

export function isTextEncoding(value: unknown): value is TextEncodingName {
  return typeof value === 'string' && (TEXT_ENCODINGS as readonly string[]).includes(value);
}

/** A NUL byte in the first 8 KB is the usual sign of a binary file (what grep and git use). */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8000);
  for (let index = 0; index < end; index++) if (bytes[index] === 0) return true;
  return false;
}
