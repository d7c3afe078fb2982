/**
 * The length of JSON.stringify(value, null, space) and its first characters, worked out without printing the value.
 * Printing a call's 50 MB arguments only to learn their length and show their start takes the Check calls worker two
 * more copies of them (the compact text and the pretty one, 50 MB each, beside the line and its parsed value).
 */

/** A JSON.stringify's length and the start of its text. */
export interface PrintedSize {
  length: number;
  /** The text's first characters, up to the `headCharacters` asked for (all of it when shorter). */
  head: string;
}

/** Characters JSON.stringify escapes: controls, quote, backslash, and a surrogate without its other half. */
const ESCAPED = /[\u0000-\u001f"\\]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Escapes two characters long (`\"`, `\n`, …); every other one is six (`\u001b`, `\ud800`). */
const SHORT_ESCAPES = new Set(['"', '\\', '\b', '\f', '\n', '\r', '\t']);

/** JSON.stringify(text).length, counted. */
export function quotedLength(text: string): number {
  let length = text.length + 2;
  ESCAPED.lastIndex = 0;
  for (let match = ESCAPED.exec(text); match !== null; match = ESCAPED.exec(text))
    length += SHORT_ESCAPES.has(match[0]) ? 1 : 5;
  return length;
}

/** A value JSON.stringify leaves out of an object (and prints as null in an array). */
const skipped = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** Something this count does not follow JSON.stringify through (toJSON, a BigInt, a cycle): it is printed instead. */
class NotPlain extends Error {}

/**
 * JSON.stringify(value, null, space)'s length and its first `headCharacters` characters, for values JSON.parse gives
 * (plain objects, arrays, strings, numbers, booleans, null); undefined when `value` prints nothing (undefined alone).
 * Anything else in it (a toJSON method, a BigInt, a cycle) is printed with JSON.stringify to measure it, and throws
 * what it throws.
 */
export function printedSize(value: unknown, space: '' | '  ', headCharacters: number): PrintedSize | undefined {
  try {
    return countPrinted(value, space, headCharacters);
  } catch (error) {
    if (!(error instanceof NotPlain)) throw error;
    const text = JSON.stringify(value, null, space) as string | undefined;
    return text === undefined ? undefined : { length: text.length, head: text.slice(0, headCharacters) };
  }
}

function countPrinted(value: unknown, space: string, headCharacters: number): PrintedSize | undefined {
  if (skipped(value)) return undefined;
  const head: string[] = [];
  let headLength = 0;
  let length = 0;
  const open = new Set<object>();
  // Text printed: counted, and kept while the head is short of its length.
  const put = (text: string) => {
    length += text.length;
    if (headLength < headCharacters) {
      head.push(text);
      headLength += text.length;
    }
  };
  const putString = (text: string) => {
    if (headLength >= headCharacters) {
      length += quotedLength(text);
      return;
    }
    // Its first characters print as the whole string's do up to the cut (a pair cut in two prints past it).
    const shown = JSON.stringify(text.length > headCharacters ? text.slice(0, headCharacters) : text);
    head.push(shown);
    headLength += shown.length;
    length += text.length > headCharacters ? quotedLength(text) : shown.length;
  };
  const print = (item: unknown, indent: string): void => {
    if (item === null) return put('null');
    switch (typeof item) {
      case 'string':
        return putString(item);
      case 'number':
        return put(Number.isFinite(item) ? String(item) : 'null');
      case 'boolean':
        return put(item ? 'true' : 'false');
      case 'object':
        break;
      default:
        throw new NotPlain();
    }
    if (typeof (item as { toJSON?: unknown }).toJSON === 'function' || open.has(item)) throw new NotPlain();
    open.add(item);
    const inner = space === '' ? '' : `${indent}${space}`;
    const between = space === '' ? ',' : `,\n${inner}`;
    if (Array.isArray(item)) {
      if (item.length === 0) put('[]');
      else {
        put(space === '' ? '[' : `[\n${inner}`);
        for (let at = 0; at < item.length; at++) {
          if (at > 0) put(between);
          const entry: unknown = item[at];
          if (skipped(entry)) put('null');
          else print(entry, inner);
        }
        put(space === '' ? ']' : `\n${indent}]`);
      }
    } else {
      let first = true;
      for (const key of Object.keys(item)) {
        const entry = (item as Record<string, unknown>)[key];
        if (skipped(entry)) continue;
        put(first ? (space === '' ? '{' : `{\n${inner}`) : between);
        first = false;
        putString(key);
        put(space === '' ? ':' : ': ');
        print(entry, inner);
      }
      put(first ? '{}' : space === '' ? '}' : `\n${indent}}`);
    }
    open.delete(item);
  };
  print(value, '');
  return { length, head: head.join('').slice(0, headCharacters) };
}
