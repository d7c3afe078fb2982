/** An argument equal to the expected JSON value: objects compare without regard to key order, numbers by value. */
import type { JsonValue } from '../../toolset/types';
import type { Grade } from '../types';
import { failed, passed, quote } from './grade';

export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => jsonEqual(item, right[index]));
  }
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  const rightRecord = right as Record<string, unknown>;
  return leftKeys.every((key) => Object.hasOwn(rightRecord, key) && jsonEqual((left as Record<string, unknown>)[key], rightRecord[key]));
}

export function matchArgumentEquals(name: string, expected: JsonValue, actual: unknown): Grade {
  if (actual === undefined) return failed(`${name} is missing, expected ${quote(expected)}`);
  return jsonEqual(expected, actual) ? passed(`${name} is as expected`) : failed(`${name} is ${quote(actual)}, expected ${quote(expected)}`);
}
