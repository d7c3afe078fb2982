/**
 * Where each line of a transcript sits in its source, and its text read again from there: the Check calls worker
 * keeps a call past its first ones as its line's place (./call-store.ts) and checks the line again when the call is
 * asked for. A file's places are in bytes (newline bytes found in the bytes read: a UTF-8 character never holds
 * one, so a line's bytes decode to the text the check read); pasted text's are in UTF-16 code units.
 */

/** A line's place in its source: from `start` up to `end`, its newline left out. */
export interface LineRange {
  start: number;
  end: number;
}

/** The line places of the source read so far; a place once asked for forgets the lines before it. */
export class LineOffsets {
  /** The start of line `first + at - head`, for each `at` from `head` on. */
  private starts: number[] = [0];
  private head = 0;
  private first = 1;
  private read = 0;
  private ended = false;

  /** The next piece of the source, in order. */
  feed(chunk: Uint8Array | string): void {
    if (typeof chunk === 'string') {
      for (let at = chunk.indexOf('\n'); at >= 0; at = chunk.indexOf('\n', at + 1))
        this.starts.push(this.read + at + 1);
    } else {
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) this.starts.push(this.read + at + 1);
    }
    this.read += chunk.length;
  }

  /** The source has no more: its last line ends where it does. */
  end(): void {
    this.ended = true;
  }

  /** Line `line`'s place (1-based); null for a line already forgotten or not read to its end yet. */
  rangeOf(line: number): LineRange | null {
    const at = this.head + line - this.first;
    if (line < this.first || at >= this.starts.length) return null;
    const next = this.starts[at + 1];
    if (next === undefined && !this.ended) return null;
    const range = { start: this.starts[at]!, end: next === undefined ? this.read : next - 1 };
    this.head = at;
    this.first = line;
    // Dropped in one go once half the list is behind: the list stays as long as the lines read ahead of the results.
    if (this.head > 4_096 && this.head * 2 > this.starts.length) {
      this.starts = this.starts.slice(this.head);
      this.head = 0;
    }
    return range;
  }
}

export type LineSource = { kind: 'file'; file: Blob } | { kind: 'text'; text: string };

/** Most bytes one read of a file takes, and the widest gap between two lines it reads across instead of twice. */
const MAX_READ_BYTES = 4 * 1024 * 1024;
const MAX_GAP_BYTES = 64 * 1024;

const withoutCr = (line: string): string => (line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line);

/**
 * The texts of lines at these places (in source order), each as the check read it: a carriage return before its
 * newline dropped, a byte order mark at the file's start left out as the decoder of the check leaves it out.
 */
export async function readLines(source: LineSource, ranges: readonly LineRange[]): Promise<string[]> {
  if (source.kind === 'text') return ranges.map(({ start, end }) => withoutCr(source.text.slice(start, end)));
  const texts: string[] = [];
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const firstDecoder = new TextDecoder('utf-8');
  for (let from = 0; from < ranges.length;) {
    // Lines near each other are read in one piece.
    let to = from + 1;
    while (
      to < ranges.length &&
      ranges[to]!.start - ranges[to - 1]!.end <= MAX_GAP_BYTES &&
      ranges[to]!.end - ranges[from]!.start <= MAX_READ_BYTES
    )
      to++;
    const base = ranges[from]!.start;
    const bytes = new Uint8Array(await source.file.slice(base, ranges[to - 1]!.end).arrayBuffer());
    for (let at = from; at < to; at++) {
      const { start, end } = ranges[at]!;
      const text = (start === 0 ? firstDecoder : decoder).decode(bytes.subarray(start - base, end - base));
      texts.push(withoutCr(text));
    }
    from = to;
  }
  return texts;
}
