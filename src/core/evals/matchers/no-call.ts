/** A negative case: the right answer is no tool call at all. */
import type { Grade, ObservedCall } from '../types';
import { failed, passed } from './grade';

export function matchNoCall(actual: readonly ObservedCall[]): Grade {
  return actual.length === 0
    ? passed('no tool was called')
    : failed(`no call was expected, got ${actual.length}: ${actual.map((call) => call.tool).join(', ')}`);
}
