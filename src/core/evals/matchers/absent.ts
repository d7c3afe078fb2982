/** An argument that must be left out. */
import { failed, passed, quote } from './grade';
import { defineMatcher } from './matcher';

export const absent = defineMatcher({
  key: 'absent',
  optional: false,
  read: (value) =>
    value === true
      ? { ok: true, expected: true as const }
      : { ok: false, problem: 'must be true (the argument must be left out)' },
  match: ({ name, actual }) =>
    actual === undefined ? passed(`${name} is absent`) : failed(`${name} must be absent, got ${quote(actual)}`),
});
