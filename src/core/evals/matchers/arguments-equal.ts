/** An argument equal to the expected JSON value: objects compare without regard to key order, numbers by value. */
import { jsonEqual } from '../../json/json-equal';
import type { JsonValue } from '../../toolset/types';
import type { Grade } from '../types';
import { failed, passed, quote } from './grade';

export function matchArgumentEquals(name: string, expected: JsonValue, actual: unknown): Grade {
  if (actual === undefined) return failed(`${name} is missing, expected ${quote(expected)}`);
  return jsonEqual(expected, actual) ? passed(`${name} is as expected`) : failed(`${name} is ${quote(actual)}, expected ${quote(expected)}`);
}
