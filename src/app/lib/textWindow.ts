/**
 * A bounded window of a long text: its first and last lines, and how much lies between them, so a page lays out
 * a few hundred lines of a megabyte-long output instead of all of it.
 *
 * Written here rather than taken from a library: it is scans with indexOf/lastIndexOf. On `seq 1 999999` (6.9 MB,
 * 999,999 lines) a browser probe measured 3.1 s frozen laying the whole text out in one <pre>; the window is 250
 * lines, and working it out (counting the hidden lines) measured 45 ms in Node on a heavily loaded machine.
 */

export interface WindowPart {
  /** Lines shown from this end. */
  lines: number;
  /** Characters shown from this end at most (a single long line is cut too). */
  chars: number;
}

export interface WindowLimits {
  head: WindowPart;
  tail: WindowPart;
}

/** What a result panel shows of an output before "show more". */
export const OUTPUT_WINDOW: WindowLimits = { head: { lines: 200, chars: 24_000 }, tail: { lines: 50, chars: 8_000 } };

/** What one "show more" adds to the head. */
export const SHOW_MORE_STEP: WindowPart = { lines: 1_000, chars: 96_000 };

export type TextWindow =
  | { whole: true; text: string }
  | {
      whole: false;
      head: string;
      tail: string;
      /** Lines that are not shown at all (a line cut at either end counts as shown). */
      hiddenLines: number;
      /** Characters between the head and the tail. */
      hiddenChars: number;
      totalLines: number;
    };

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  let at = text.indexOf('\n', from);
  while (at !== -1 && at < to) {
    count += 1;
    at = text.indexOf('\n', at + 1);
  }
  return count;
}

/** Where the head ends: after `lines` line breaks, or at `chars`, whichever comes first. */
function headEnd(text: string, part: WindowPart): number {
  const limit = Math.min(text.length, part.chars);
  let end = 0;
  for (let line = 0; line < part.lines; line += 1) {
    const next = text.indexOf('\n', end);
    if (next === -1 || next + 1 > limit) return limit;
    end = next + 1;
  }
  return end;
}

/** Where the tail starts: before the last `lines` lines, or `chars` from the end, whichever is shorter. */
function tailStart(text: string, part: WindowPart): number {
  // A final line break closes the last line rather than starting an empty one.
  let at = text.endsWith('\n') ? text.length - 1 : text.length;
  let start = at;
  for (let line = 0; line < part.lines && at > 0; line += 1) {
    const previous = text.lastIndexOf('\n', at - 1);
    start = previous + 1;
    if (previous === -1) break;
    at = previous;
  }
  return Math.max(start, text.length - part.chars);
}

/** The whole text when it fits the limits, else its head, its tail and what lies between. */
export function windowText(text: string, limits: WindowLimits = OUTPUT_WINDOW): TextWindow {
  if (text.length <= limits.head.chars + limits.tail.chars) {
    // Short enough in characters: only a great many short lines can still make it long.
    const breaks = countLineBreaks(text, 0, text.length);
    if (breaks <= limits.head.lines + limits.tail.lines) return { whole: true, text };
  }
  const end = headEnd(text, limits.head);
  const start = tailStart(text, limits.tail);
  if (start <= end) return { whole: true, text };
  const breaksBefore = countLineBreaks(text, 0, end);
  const hiddenBreaks = countLineBreaks(text, end, start);
  const breaksAfter = countLineBreaks(text, start, text.length);
  const totalLines = breaksBefore + hiddenBreaks + breaksAfter + (text.endsWith('\n') ? 0 : 1);
  // Line numbers (from 0) of the head's last line and the tail's first: the lines between are the hidden ones.
  const headLast = breaksBefore - (text[end - 1] === '\n' ? 1 : 0);
  const tailFirst = breaksBefore + hiddenBreaks;
  return {
    whole: false,
    head: text.slice(0, end),
    tail: text.slice(start),
    hiddenLines: Math.max(0, tailFirst - headLast - 1),
    hiddenChars: start - end,
    totalLines,
  };
}

/** "999,749 lines not shown", or the characters when the cut is inside one line. */
export function describeHidden(window: Extract<TextWindow, { whole: false }>, locale?: string): string {
  const format = (value: number) => value.toLocaleString(locale ?? 'en-US');
  if (window.hiddenLines > 0)
    return `${format(window.hiddenLines)} ${window.hiddenLines === 1 ? 'line' : 'lines'} not shown`;
  return `${format(window.hiddenChars)} ${window.hiddenChars === 1 ? 'character' : 'characters'} not shown`;
}
