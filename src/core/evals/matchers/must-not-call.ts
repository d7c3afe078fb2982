/** A negative case: tools that must not be called, whatever else the model does. */
import type { ObservedCall } from '../types';
import { failed, passed, type Grade } from './grade';

export function matchMustNotCall({
  forbidden,
  actual,
}: {
  forbidden: readonly string[];
  actual: readonly ObservedCall[];
}): Grade {
  const called = [...new Set(actual.filter((call) => forbidden.includes(call.tool)).map((call) => call.tool))];
  return called.length === 0
    ? passed(`none of ${forbidden.join(', ')} was called`)
    : failed(`called ${called.join(', ')}, which must not be called`);
}
