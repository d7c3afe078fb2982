/**
 * BFCL's checker runs on Python values, where 5 and 5.0 are different types (int, float), True == 1,
 * and a dict equals another whatever its key order. JSON.parse loses the int/float distinction, so
 * BFCL's files are read with the `yaml` package's JSON schema and `intAsBigInt`: integers become
 * bigint, numbers written with a fraction or exponent stay number — Python's json module draws the
 * same line. Equality and repr follow Python's, for the checker's rules and its messages.
 */
import { parse } from 'yaml';

export type PyValue = null | boolean | bigint | number | string | PyValue[] | PyDict;
export interface PyDict {
  [key: string]: PyValue;
}

export type PyType = 'NoneType' | 'bool' | 'int' | 'float' | 'str' | 'list' | 'dict';

/** One JSON text as Python's json.loads reads it. Throws on text that is not JSON. */
export function parsePython(text: string): PyValue {
  // uniqueKeys off: Python keeps the last of duplicate keys instead of refusing the text.
  return parse(text, { schema: 'json', intAsBigInt: true, uniqueKeys: false }) as PyValue;
}

export function pyType(value: PyValue): PyType {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

const isNumeric = (value: PyValue): value is boolean | bigint | number => typeof value === 'boolean' || typeof value === 'bigint' || typeof value === 'number';

/** Python's ==: numbers by value across bool/int/float, lists in order, dicts by keys and values. */
export function pyEquals(left: PyValue, right: PyValue): boolean {
  if (isNumeric(left) && isNumeric(right)) {
    // Loose equality is exact here: JS compares bigint with number and boolean by mathematical value.
    // eslint-disable-next-line eqeqeq
    return left == right;
  }
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, index) => pyEquals(item, right[index]!));
  }
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && pyEquals(left[key]!, right[key]!));
}

/** Python's `value in values`. */
export const pyIn = (value: PyValue, values: readonly PyValue[]): boolean => values.some((candidate) => pyEquals(value, candidate));

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
  return `{${Object.entries(value).map(([key, item]) => `${reprString(key)}: ${pyRepr(item)}`).join(', ')}}`;
}
