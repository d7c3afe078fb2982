/**
 * Parsing argument text. JSON.parse does the work; when it fails, a small scanner finds where,
 * because engines word and position their messages differently (or not at all).
 */
import { appendPath } from './describe';

export interface JsonParseError {
  message: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
  /** 0-based offset into the text. */
  offset: number;
}

/** A property name given more than once in one object: JSON.parse keeps only the last value. */
export interface DuplicateKey {
  /** The parameter path, as validation errors name it (`path`, `env.PORT`, `files[0].name`). */
  parameter: string;
  /** Where each repeat (the second occurrence on) starts: 1-based line and column, 0-based offset. */
  repeats: { line: number; column: number; offset: number }[];
}

export type ParseArgumentsResult =
  | { ok: true; value: unknown; /** Present only when some object repeats a name. */ duplicateKeys?: DuplicateKey[] }
  | { ok: false; error: JsonParseError };

/**
 * Parses arguments text. Names an object gives twice come back as `duplicateKeys` (JSON.parse keeps only the last
 * value): the caller hands them to the validator with the value (`validate(tool, value, { duplicateKeys })`).
 */
export function parseArguments(text: string): ParseArgumentsResult {
  if (typeof text !== 'string') {
    return { ok: false, error: { message: 'Arguments must be given as JSON text', line: 1, column: 1, offset: 0 } };
  }
  // A byte order mark is invisible in editors; do not fail on it.
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const shift = source.length === text.length ? 0 : 1;
  if (source.trim() === '') {
    return {
      ok: false,
      error: { message: 'Arguments are empty: expected a JSON object, for example {}', line: 1, column: 1, offset: 0 },
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(source) as unknown;
  } catch {
    const located = locateJsonError(source) ?? { offset: 0, reason: 'the text is not valid JSON' };
    const offset = located.offset + shift;
    const { line, column } = lineAndColumn(text, offset);
    return {
      ok: false,
      error: { message: `Invalid JSON at line ${line}, column ${column}: ${located.reason}`, line, column, offset },
    };
  }
  if (value === null || typeof value !== 'object') return { ok: true, value };
  const duplicateKeys = findDuplicateKeys(source, shift, text);
  if (duplicateKeys.length === 0) return { ok: true, value };
  return { ok: true, value, duplicateKeys };
}

/** Strings (keys when a colon follows), brackets and commas; the string pattern is the linear unrolled form. */
const TOKEN = /"([^"\\]*(?:\\.[^"\\]*)*)"(\s*:)?|[{}[\],]/g;

interface Container {
  path: string;
  /** Names seen so far, with the repeats of each; undefined for an array. */
  keys?: Map<string, number[]>;
  /** For arrays: the index of the current element. */
  index: number;
  /** For objects: the name whose value comes next. */
  pendingKey?: string;
}

/**
 * Every name given twice in one object of text that JSON.parse accepted, with where each repeat is.
 * Only syntactically valid text reaches here, so a token scan is enough.
 */
function findDuplicateKeys(source: string, shift: number, text: string): DuplicateKey[] {
  const stack: Container[] = [];
  const found: { parameter: string; offsets: number[] }[] = [];
  const childPath = (): string => {
    const parent = stack[stack.length - 1];
    if (parent === undefined) return '';
    return parent.keys === undefined
      ? appendPath(parent.path, parent.index)
      : appendPath(parent.path, parent.pendingKey ?? '');
  };
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(source); match !== null; match = TOKEN.exec(source)) {
    const token = match[0];
    if (token === '{' || token === '[') {
      stack.push({ path: childPath(), index: 0, ...(token === '{' ? { keys: new Map<string, number[]>() } : {}) });
    } else if (token === '}' || token === ']') {
      const closed = stack.pop();
      if (closed?.keys !== undefined) {
        for (const [name, offsets] of closed.keys)
          if (offsets.length > 1) found.push({ parameter: appendPath(closed.path, name), offsets: offsets.slice(1) });
      }
    } else if (token === ',') {
      const current = stack[stack.length - 1];
      if (current !== undefined && current.keys === undefined) current.index++;
    } else if (match[2] !== undefined) {
      const current = stack[stack.length - 1];
      if (current?.keys === undefined) continue;
      const raw = match[1] ?? '';
      const name = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      current.pendingKey = name;
      const offsets = current.keys.get(name);
      if (offsets === undefined) current.keys.set(name, [match.index]);
      else offsets.push(match.index);
    }
  }
  // In text order, so the first repeat in the text is reported first; positions in one pass over the text.
  found.sort((left, right) => left.offsets[0] - right.offsets[0]);
  const positions = positionsOf(
    text,
    found.flatMap(({ offsets }) => offsets.map((offset) => offset + shift)),
  );
  return found.map(({ parameter, offsets }) => ({
    parameter,
    repeats: offsets.map((offset) => ({
      ...(positions.get(offset + shift) ?? lineAndColumn(text, offset + shift)),
      offset: offset + shift,
    })),
  }));
}

/** Line and column of many offsets with one walk over the text. */
function positionsOf(text: string, offsets: number[]): Map<number, { line: number; column: number }> {
  const sorted = [...offsets].sort((left, right) => left - right);
  const positions = new Map<number, { line: number; column: number }>();
  let line = 1;
  let lineStart = 0;
  let index = 0;
  for (const offset of sorted) {
    for (; index < offset; index++) {
      if (text.charCodeAt(index) === 10) {
        line++;
        lineStart = index + 1;
      }
    }
    positions.set(offset, { line, column: offset - lineStart + 1 });
  }
  return positions;
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let index = 0; index < end; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

type Expecting = 'value' | 'value_or_close' | 'key' | 'key_or_close' | 'colon' | 'comma_or_close' | 'end';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function quoteCharacter(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x20) return `control character U+${code.toString(16).padStart(4, '0').toUpperCase()}`;
  return `'${character}'`;
}

/**
 * The offset and reason of the first JSON syntax error, or null if the scanner finds none.
 * Iterative with an explicit stack, so deeply nested text cannot overflow the call stack.
 */
export function locateJsonError(text: string): { offset: number; reason: string } | null {
  const stack: string[] = [];
  let expecting: Expecting = 'value';
  let index = 0;
  const length = text.length;
  const afterValue = (): Expecting => (stack.length === 0 ? 'end' : 'comma_or_close');
  const fail = (reason: string, offset = index) => ({ offset, reason });

  for (;;) {
    while (index < length) {
      const code = text.charCodeAt(index);
      if (code === 32 || code === 9 || code === 10 || code === 13) index++;
      else break;
    }
    if (index >= length) {
      if (expecting === 'end') return null;
      if (stack.length > 0)
        return fail(`unexpected end of input: '${stack[stack.length - 1] === '{' ? '}' : ']'}' is missing`);
      return fail('unexpected end of input: a value is missing');
    }
    const character = text[index];
    switch (expecting) {
      case 'end':
        return fail(`unexpected ${quoteCharacter(character)} after the end of the JSON value`);
      case 'colon':
        if (character !== ':') return fail(`expected ':' after the property name, found ${quoteCharacter(character)}`);
        index++;
        expecting = 'value';
        continue;
      case 'comma_or_close': {
        const closer = stack[stack.length - 1] === '{' ? '}' : ']';
        if (character === ',') {
          index++;
          expecting = stack[stack.length - 1] === '{' ? 'key' : 'value';
          continue;
        }
        if (character === closer) {
          stack.pop();
          index++;
          expecting = afterValue();
          continue;
        }
        return fail(`expected ',' or '${closer}', found ${quoteCharacter(character)}`);
      }
      case 'key':
      case 'key_or_close': {
        if (character === '}' && expecting === 'key_or_close') {
          stack.pop();
          index++;
          expecting = afterValue();
          continue;
        }
        if (character !== '"') {
          if (character === '}') return fail("trailing comma before '}' is not allowed");
          if (character === "'") return fail('property names need double quotes, not single quotes');
          return fail(`expected a property name in double quotes, found ${quoteCharacter(character)}`);
        }
        const end = scanString(text, index);
        if (typeof end !== 'number') return end;
        index = end;
        expecting = 'colon';
        continue;
      }
      case 'value':
      case 'value_or_close': {
        if (character === ']' && expecting === 'value_or_close') {
          stack.pop();
          index++;
          expecting = afterValue();
          continue;
        }
        if (character === '{' || character === '[') {
          stack.push(character);
          index++;
          expecting = character === '{' ? 'key_or_close' : 'value_or_close';
          continue;
        }
        if (character === '"') {
          const end = scanString(text, index);
          if (typeof end !== 'number') return end;
          index = end;
          expecting = afterValue();
          continue;
        }
        if (character === '-' || (character >= '0' && character <= '9')) {
          NUMBER.lastIndex = index;
          const match = NUMBER.exec(text);
          if (match === null) return fail('invalid number');
          index += match[0].length;
          expecting = afterValue();
          continue;
        }
        const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, index));
        if (literal !== undefined) {
          index += literal.length;
          expecting = afterValue();
          continue;
        }
        if (character === ']') return fail("trailing comma before ']' is not allowed");
        if (character === "'") return fail('strings need double quotes, not single quotes');
        return fail(
          `unexpected ${quoteCharacter(character)}: expected a value (object, array, string, number, true, false or null)`,
        );
      }
    }
  }
}

/** Index just past the closing quote, or the error inside the string. */
function scanString(text: string, start: number): number | { offset: number; reason: string } {
  let index = start + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 34) return index + 1;
    if (code === 92) {
      const next = text[index + 1];
      if (next === undefined) break;
      if ('"\\/bfnrt'.includes(next)) {
        index += 2;
        continue;
      }
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) {
        index += 6;
        continue;
      }
      return { offset: index, reason: 'invalid escape sequence in string' };
    }
    if (code < 0x20) return { offset: index, reason: 'unescaped control character (such as a line break) in string' };
    index++;
  }
  return { offset: start, reason: 'unterminated string: the closing double quote is missing' };
}
