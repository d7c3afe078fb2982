import { argumentsTextOf } from '../../../core/calls/arguments-text';
import type { CallResult } from '../../../core/calls/types';
import { tooLargeToShare } from '../../lib/shareLinkFormat';

/** What the page is sent of arguments too long for a link: the start of their text, for the call's details. */
export const ARGUMENTS_HEAD_CHARACTERS = 2_000;

/**
 * A call as the page is sent it: arguments too long to open in the playground (a link's cap) stay here, and the page
 * gets their first characters and their length. A 50 MB line otherwise costs the page seconds: copying it out of the
 * worker, printing it and compressing it for a link, none of which it can show.
 */
export function shownCall(result: CallResult): CallResult {
  const given = result.arguments;
  if (given === undefined) return result;
  // The compact text first (a few microseconds for a usual call): no longer than the printed one.
  const compact = typeof given === 'string' ? given : JSON.stringify(given);
  if (compact === undefined || !tooLargeToShare(compact)) return result;
  const text = argumentsTextOf(given) ?? compact;
  const { arguments: _left, ...rest } = result;
  return { ...rest, argumentsCut: { head: text.slice(0, ARGUMENTS_HEAD_CHARACTERS), length: text.length } };
}
