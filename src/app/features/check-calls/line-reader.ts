/** How a check's calls are read again once checked: the Check calls worker's reader, and its tests'. */
import { createLineChecker } from '../../../core/calls/recheck';
import type { Validator } from '../../../core/validation/validator';
import type { LineReader } from './call-store';
import { checkAgain, type CheckCallsRequest } from './check-transcript';
import { readLines } from './line-source';
import { shownCall } from './shownCall';

/**
 * The calls of a check past the first ones, and the arguments cut for the page, read again from the file (still
 * there) or the pasted text.
 */
export function lineReader(request: CheckCallsRequest, validator: Validator): LineReader {
  const { source, tools } = request;
  const checker = createLineChecker(tools, { validator });
  return {
    read: (ranges) => readLines(source.kind === 'file' ? source : { kind: 'text', text: source.text }, ranges),
    check: (text, line, firstIndex) => checker.check(text, line, firstIndex).map(shownCall),
    checkWhole: (text, line, firstIndex) => checker.check(text, line, firstIndex),
    checkAgain: () => checkAgain(request, validator),
  };
}
