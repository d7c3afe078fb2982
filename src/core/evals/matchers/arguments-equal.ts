/** An argument equal to the expected JSON value: objects compare without regard to key order, numbers by value. */
import { jsonEqual } from '../../json/json-equal';
import type { JsonValue } from '../../toolset/types';
import { failed, passed, quote } from './grade';
import { defineMatcher } from './matcher';

export const equals = defineMatcher({
  key: 'equals',
  optional: true,
  read: (value) => ({ ok: true, expected: value as JsonValue }),
  match({ name, expected, actual }) {
    if (actual === undefined) return failed(`${name} is missing, expected ${quote(expected)}`);
    return jsonEqual(expected, actual)
      ? passed(`${name} is as expected`)
      : failed(`${name} is ${quote(actual)}, expected ${quote(expected)}`);
  },
});
