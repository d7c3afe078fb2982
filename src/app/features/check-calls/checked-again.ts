/**
 * An export's calls whose arguments were cut for the page and whose line has no place of their own (a JSON document's):
 * the source is checked again once for all of them, not once each (each pass of a one-document log parses it whole).
 */
import type { CallResult } from '../../../core/calls/types';
import type { LineReader } from './call-store';

/** The source checked again once for an export, read forward to each call asked for (asked in order). */
export interface CheckedAgain {
  /** Result `index`, or undefined when the source checked again has none. */
  at(index: number): Promise<CallResult | undefined>;
  /** Ends the check started, if any. */
  close(): Promise<void>;
}

export function checkedAgain(reader: LineReader | null): CheckedAgain {
  let results: AsyncIterator<CallResult> | null = null;
  return {
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
      await results?.return?.();
    },
  };
}
