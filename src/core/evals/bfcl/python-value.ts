/**
 * BFCL's checker runs on Python values, where 5 and 5.0 are different types (int, float), True == 1,
 * and a dict equals another whatever its key order. JSON.parse loses the int/float distinction, so
 * BFCL's files are read by the small parser below: integers become bigint, numbers written with a
 * fraction or exponent stay number — the line Python's json module draws. Equality and repr follow
 * Python's, for the checker's rules and its messages.
 *
 * Hand-written rather than the `yaml` package's JSON schema with intAsBigInt (which reads the same
 * types): that took 2.2 s of CPU for 10,000 result lines, this takes a tenth of it (npm run bench).
 */

export type PyValue = null | boolean | bigint | number | string | PyValue[] | PyDict;
export interface PyDict {
  [key: string]: PyValue;
}

export type PyType = 'NoneType' | 'bool' | 'int' | 'float' | 'str' | 'list' | 'dict';

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const MAX_DEPTH = 512;

/** One JSON text as Python's json.loads reads it. Throws a SyntaxError naming the position. */
export function parsePython(text: string): PyValue {
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${at}`);
  };
  const space = (): void => {
    for (
      let code = text.charCodeAt(at);
      code === 32 || code === 9 || code === 10 || code === 13;
      code = text.charCodeAt(++at)
    );
  };
  const string = (): string => {
    const start = at++;
    let escaped = false;
    for (;;) {
      if (at >= text.length) fail('unterminated string');
      const code = text.charCodeAt(at);
      if (code === 34) break;
      if (code < 32) fail('control character in a string');
      if (code === 92) {
        escaped = true;
        at += 2;
      } else at++;
    }
    at++;
    // Escapes are decoded by JSON.parse itself; a string without any is its own text.
    return escaped ? (JSON.parse(text.slice(start, at)) as string) : text.slice(start + 1, at - 1);
  };
  const value = (depth: number): PyValue => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    space();
    const char = text[at];
    if (char === '{') {
      at++;
      const out: PyDict = {};
      space();
      if (text[at] === '}') {
        at++;
        return out;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail('expected a string key');
        const key = string();
        space();
        if (text[at] !== ':') fail("expected ':'");
        at++;
        const item = value(depth + 1);
        // A later duplicate wins, as in Python; `__proto__` is a key like any other.
        Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') {
          at++;
          return out;
        } else fail("expected ',' or '}'");
      }
    }
    if (char === '[') {
      at++;
      const out: PyValue[] = [];
      space();
      if (text[at] === ']') {
        at++;
        return out;
      }
      for (;;) {
        out.push(value(depth + 1));
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') {
          at++;
          return out;
        } else fail("expected ',' or ']'");
      }
    }
    if (char === '"') return string();
    for (const [word, result] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return result;
      }
    }
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (match === null) return fail('unexpected character');
    at = NUMBER.lastIndex;
    return match[1] === undefined && match[2] === undefined ? BigInt(match[0]) : Number(match[0]);
  };
  const result = value(0);
  space();
  if (at !== text.length) fail('unexpected text after the value');
  return result;
}

export function pyType(value: PyValue): PyType {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

const isNumeric = (value: PyValue): value is boolean | bigint | number =>
  typeof value === 'boolean' || typeof value === 'bigint' || typeof value === 'number';

/** Python's ==: numbers by value across bool/int/float, lists in order, dicts by keys and values. */
export function pyEquals(left: PyValue, right: PyValue): boolean {
  if (isNumeric(left) && isNumeric(right)) {
    // Loose equality is exact here: JS compares bigint with number and boolean by mathematical value.
    // eslint-disable-next-line eqeqeq
    return left == right;
  }
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => pyEquals(item, right[index]!))
    );
  }
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && pyEquals(left[key]!, right[key]!))
  );
}

/** Python's `value in values`. */
export const pyIn = (value: PyValue, values: readonly PyValue[]): boolean =>
  values.some((candidate) => pyEquals(value, candidate));

function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += `\\${quote}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return `${quote}${out}${quote}`;
}

function reprFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const magnitude = Math.abs(value);
  // Python writes an exponent from 1e16 up and below 1e-4; JS from 1e21 and below 1e-6.
  if (magnitude !== 0 && (magnitude >= 1e16 || magnitude < 1e-4)) {
    const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
    const power = Number(exponent);
    return `${mantissa}e${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
  }
  const text = String(value);
  return Number.isInteger(value) ? `${text}.0` : text;
}

/** Python's repr(), as the checker's messages print values. */
export function pyRepr(value: PyValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return reprFloat(value);
  if (typeof value === 'string') return reprString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([key, item]) => `${reprString(key)}: ${pyRepr(item)}`)
    .join(', ')}}`;
}
