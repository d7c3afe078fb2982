/** An argument equal to one of a list of acceptable values. */
import type { JsonValue } from '../../toolset/types';
import type { Grade } from '../types';
import { jsonEqual } from '../../json/json-equal';
import { failed, passed, quote } from './grade';

export function matchArgumentAnyOf(name: string, accepted: readonly JsonValue[], actual: unknown): Grade {
  if (actual === undefined) return failed(`${name} is missing, expected one of ${quote(accepted)}`);
  return accepted.some((value) => jsonEqual(value, actual))
    ? passed(`${name} is an accepted value`)
    : failed(`${name} is ${quote(actual)}, expected one of ${quote(accepted)}`);
}
