/** An argument equal to one of a list of acceptable values. */
import { jsonEqual } from '../../json/json-equal';
import type { JsonValue } from '../../toolset/types';
import { failed, passed, quote } from './grade';
import { defineMatcher } from './matcher';

export const anyOf = defineMatcher({
  key: 'anyOf',
  optional: true,
  read: (value) =>
    Array.isArray(value) && value.length > 0
      ? { ok: true, expected: value as JsonValue[] }
      : { ok: false, problem: 'must be a non-empty list of acceptable values' },
  match({ name, expected, actual }) {
    if (actual === undefined) return failed(`${name} is missing, expected one of ${quote(expected)}`);
    return expected.some((value) => jsonEqual(value, actual))
      ? passed(`${name} is an accepted value`)
      : failed(`${name} is ${quote(actual)}, expected one of ${quote(expected)}`);
  },
});
