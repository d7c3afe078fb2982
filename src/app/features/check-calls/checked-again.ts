/**
 * An export's calls whose arguments were cut for the page, read and checked again for their arguments whole: a line
 * once for all of its cut calls, and a source whose calls have no line of their own (a JSON document's) checked again
 * once for all of them, not once each (each pass parses the line or the document whole). Measured with npm run bench
 * -- call-store, a one-line log of four 5 MB cut calls: read and checked again for each call, its export takes 1.44×
 * its check plus the same export written whole; once for all four, 0.57×.
 */
import type { CallResult } from '../../../core/calls/types';
import type { LineReader } from './call-store';
import type { LineRange } from './line-source';

/** The source checked again for an export, read forward to each call asked for (asked in order). */
export interface CheckedAgain {
  /**
   * Result `index` of line `line` at `range`, its first result numbered `firstIndex`, or undefined when the line
   * checked again has none.
   */
  inLine(range: LineRange, line: number, firstIndex: number, index: number): Promise<CallResult | undefined>;
  /** Result `index` of the source checked again from its start, or undefined when it has none. */
  at(index: number): Promise<CallResult | undefined>;
  /** Ends the check started, if any. */
  close(): Promise<void>;
}

/** The line checked again last: its results not yet handed out (one handed out is let go). */
interface LineChecked {
  range: LineRange;
  firstIndex: number;
  results: (CallResult | undefined)[];
}

/** `read` reads lines' texts at their places (its errors say the source could not be read again). */
export function checkedAgain(
  reader: LineReader | null,
  read: (ranges: readonly LineRange[]) => Promise<string[]>,
): CheckedAgain {
  let results: AsyncIterator<CallResult> | null = null;
  let last: LineChecked | null = null;
  return {
    async inLine(range, line, firstIndex, index) {
      if (
        last === null ||
        last.range.start !== range.start ||
        last.range.end !== range.end ||
        last.firstIndex !== firstIndex
      ) {
        // The line before is let go before the next is read: one line's results held at a time, as its check holds
        // them (a line is at most MAX_LINE_CHARACTERS), each let go once handed out.
        last = null;
        const [text] = await read([range]);
        last = { range, firstIndex, results: reader!.checkWhole!(text!, line, firstIndex) };
      }
      // A line's results are numbered on from its first.
      const found = last.results[index - firstIndex];
      if (found?.index !== index) return undefined;
      last.results[index - firstIndex] = undefined;
      return found;
    },
    async at(index) {
      results ??= reader!.checkAgain!()[Symbol.asyncIterator]();
      for (;;) {
        const next = await results.next();
        if (next.done) return undefined;
        if (next.value.index === index) return next.value;
        if (next.value.index > index) return undefined;
      }
    },
    async close() {
      last = null;
      await results?.return?.();
    },
  };
}
