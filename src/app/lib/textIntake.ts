/**
 * A text or file measured before it reaches a text area: its length, whether it is binary, and whether it is too big
 * to lay out without freezing the page. Shared by the pages that take pastes, drops and files.
 */
const MEGABYTE = 1024 * 1024;

export const megabytes = (size: number): string => `${(size / MEGABYTE).toFixed(1)} MB`;

/** The length the text area would hold after the insertion replaces its selection. */
export function lengthAfterInsert(
  current: string,
  selectionStart: number,
  selectionEnd: number,
  inserted: number,
): number {
  const start = Math.max(0, Math.min(selectionStart, current.length));
  const end = Math.max(start, Math.min(selectionEnd, current.length));
  return current.length - (end - start) + inserted;
}

/**
 * Whether the first bytes of a file are binary rather than text: a NUL byte, or more than one in ten bytes a
 * control character other than tab, line feed, form feed and carriage return. UTF-8 text (JSON included) has none.
 */
export function looksBinary(bytes: Iterable<number> & { length: number }): boolean {
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return true;
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13) control += 1;
  }
  return bytes.length > 0 && control * 10 > bytes.length;
}

/** How many of a file's first bytes are enough to tell binary from text. */
export const SNIFF_BYTES = 8192;

/** The same test on a text's first characters (a paste or a dropped text), before it is laid out anywhere. */
export const looksBinaryText = (text: string): boolean =>
  looksBinary(Array.from(text.slice(0, SNIFF_BYTES), (character) => character.charCodeAt(0)));

/**
 * Past this many characters a text is never put into the text area: it is checked in the worker and shown as a
 * summary. Measured in Chromium on this site's import page, on a shared two-core machine: laying out 60 KB of
 * definitions in the text area took 160 ms, 125 KB 290 ms, 1 MB 2 s and 4 MB 14 s; 200 ms falls near 100 KB.
 */
export const BIG_TEXT_CHARACTERS = 100_000;

/** A big text's summary: how large it is and where it came from. */
export const bigTextLabel = (size: number, how: string): string => `${megabytes(size)} ${how}`;
