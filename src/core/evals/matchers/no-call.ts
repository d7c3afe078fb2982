/** A negative case: the right answer is no tool call at all. */
import type { ObservedCall } from '../types';
import { failed, passed, type Grade } from './grade';

export function matchNoCall({ actual }: { actual: readonly ObservedCall[] }): Grade {
  return actual.length === 0
    ? passed('no tool was called')
    : failed(`no call was expected, got ${actual.length}: ${actual.map((call) => call.tool).join(', ')}`);
}
