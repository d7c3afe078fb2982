/** Small JSON helpers shared by the diff rules. */
import { escapePointerSegment as escapePointer } from '../json/pointer';
import type { JsonValue } from '../toolset/types';

export type JsonRecord = { [key: string]: JsonValue };

/** Structural equality of two JSON values; object key order does not matter. */
export function jsonEqual(left: JsonValue | undefined, right: JsonValue | undefined): boolean {
  if (left === right) return true;
  if (left === undefined || right === undefined || left === null || right === null) return false;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => jsonEqual(item, right[index]));
  }
  if (typeof left !== 'object' || typeof right !== 'object') return false;
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  return leftKeys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && jsonEqual(left[key], right[key]));
}

export { escapePointer };

export const childPointer = (pointer: string, ...segments: (string | number)[]): string =>
  segments.reduce<string>((path, segment) => `${path}/${escapePointer(String(segment))}`, pointer);

/** A value as a message shows it: short JSON. */
export function show(value: JsonValue | undefined): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** "Parameter 'count'" or "The arguments object" for messages. */
export const subject = (parameter: string): string => (parameter ? `Parameter '${parameter}'` : 'The arguments object');
export const subjectLower = (parameter: string): string => (parameter ? `parameter '${parameter}'` : 'the arguments object');
