import type { CallResult } from '../../../core/calls/types';
import { printedSize } from '../../../core/json/printed-size';
import { MAX_SHARED_ARGUMENTS_BYTES, tooLargeToShare } from '../../lib/shareLinkFormat';

/** What the page is sent of arguments too long for a link: the start of their text, for the call's details. */
export const ARGUMENTS_HEAD_CHARACTERS = 2_000;

/**
 * A call as the page is sent it: arguments too long to open in the playground (a link's cap) stay here, and the page
 * gets their first characters and their length. A 50 MB line otherwise costs the page seconds: copying it out of the
 * worker, printing it and compressing it for a link, none of which it can show.
 *
 * Parsed arguments are measured, not printed, until their compact text is known to be short enough to print: printing
 * a 50 MB value to measure it takes the worker two more texts of 50 MB, and encoding the compact one to test it against
 * a link's cap up to three times that again (measured in Node: 150 MB for 50 MB of ASCII).
 */
export function shownCall(result: CallResult): CallResult {
  const given = result.arguments;
  if (given === undefined) return result;
  if (typeof given === 'string')
    return tooLargeToShare(given) ? cut(result, given.slice(0, ARGUMENTS_HEAD_CHARACTERS), given.length) : result;
  const compact = printedSize(given, '', 0);
  // Each character is at least a byte of the link's payload, and at most three.
  if (compact === undefined || compact.length * 3 <= MAX_SHARED_ARGUMENTS_BYTES) return result;
  if (compact.length <= MAX_SHARED_ARGUMENTS_BYTES && !tooLargeToShare(JSON.stringify(given))) return result;
  const pretty = printedSize(given, '  ', ARGUMENTS_HEAD_CHARACTERS);
  if (pretty === undefined) return result;
  return cut(result, pretty.head, pretty.length);
}

function cut(result: CallResult, head: string, length: number): CallResult {
  const { arguments: _left, ...rest } = result;
  return { ...rest, argumentsCut: { head, length } };
}
