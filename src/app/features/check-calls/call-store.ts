/**
 * The checked calls as the Check calls worker keeps them: the page is sent counts while a check runs, and afterwards
 * only the rows its table draws (a window of the calls a filter keeps). Measured in Chromium on a 2-core machine with a
 * 100 MB log of 2.16 million short calls, three runs each: kept on the page, the calls cost it 5–6 tasks of 50 ms and
 * more (the longest 172–294 ms) and 850 MB of JS heap; kept here, at most one such task (121–132 ms, the report's
 * first draw) and 28 MB.
 *
 * The first KEEP_WHOLE_CALLS calls are kept whole; past them, a call of JSON Lines is kept as its line's place in the
 * source and its status and tool (./compact-calls.ts), and its result is read again when asked for: its line re-read
 * and checked again with the same validator, which gives the same result. So the worker's memory for a log of
 * millions of calls stays bounded, and every row, filter and export is the same as if each call were kept whole.
 */
import type { CallResult, CallStatus } from '../../../core/calls/types';
import { CompactColumns, KEPT_WHOLE, NO_TOOL, STATUS_CODES, ToolNames } from './compact-calls';
import type { LineRange } from './line-source';
import { shownCall } from './shownCall';
import { checkedAgain, type CheckedAgain } from './checked-again';

export type StatusFilter = CallStatus | 'all' | 'not-valid';

/** What the table offers to choose the calls it shows: their status, their tool, and text they hold. */
export interface CallFilter {
  status: StatusFilter;
  /** A tool's name, or '' for every tool. */
  tool: string;
  /** Lower-case text to find in the tool's name, what the model is told, or an error's code or parameter; '' for any. */
  query: string;
}

/** The calls a filter keeps, from `start` on; `matched` counts them all and `total` counts every call checked. */
export interface CallWindow {
  start: number;
  rows: CallResult[];
  matched: number;
  total: number;
}

/** Most rows one window holds: a table asks for what it draws, never for the whole log. */
export const MAX_WINDOW_ROWS = 1_000;

/**
 * Calls kept whole before the rest are kept as their lines' places. A short call kept whole is about 240 bytes
 * against 15 compact, 28 with the columns' room to grow (npm run bench -- call-store); 20,000 keeps a log of that
 * many calls as it is read, and the renderer's peak for the 100 MB log of 2.16 million calls within its aim of
 * 300 MB (250–253 MB; 246–310 MB with 100,000 kept whole).
 */
export const KEEP_WHOLE_CALLS = 20_000;

/** Calls read again at a time by a filter on text and by an export. */
const BATCH_CALLS = 5_000;

/** How a check's lines are read and checked again. */
export interface LineReader {
  /** The texts of lines at these places, in source order. */
  read(ranges: readonly LineRange[]): Promise<string[]>;
  /** The results of a line, as the check gave them, the first numbered `firstIndex`. */
  check(text: string, line: number, firstIndex: number): CallResult[];
  /** The same results with their arguments whole, none cut for the page: what an export writes. */
  checkWhole?(text: string, line: number, firstIndex: number): CallResult[];
  /**
   * Every result in order with its arguments whole, the source checked again from its start: for the calls whose line
   * has no place (a JSON document's calls are found across its lines). One pass serves all of an export's such calls.
   */
  checkAgain?(): AsyncIterable<CallResult>;
}

/** Where a call whose arguments were cut for the page is read again for an export: its line, and its line's first call. */
interface CutPlace {
  range: LineRange | null;
  firstIndex: number;
  /** What the check cut: the arguments read again must cut the same (a compact call's row is read again too). */
  cut: { head: string; length: number };
}

function matches(result: CallResult, { status, tool, query }: CallFilter): boolean {
  if (status === 'not-valid' ? result.status === 'valid' : status !== 'all' && result.status !== status) return false;
  if (tool !== '' && result.tool !== tool) return false;
  if (query === '') return true;
  return (
    result.tool.toLowerCase().includes(query) ||
    result.llmText.toLowerCase().includes(query) ||
    result.errors.some((error) => error.code.includes(query) || error.parameter.toLowerCase().includes(query))
  );
}

const VALID = STATUS_CODES.indexOf('valid');
const UNKNOWN_TOOL = STATUS_CODES.indexOf('unknown_tool');

const filterKey = ({ status, tool, query }: CallFilter): string => JSON.stringify([status, tool, query]);

/** One check's calls: the first ones whole, the rest compact (with the few among them kept whole by position). */
class Calls {
  readonly whole: CallResult[] = [];
  readonly compact = new CompactColumns();
  readonly wholeAmongCompact = new Map<number, CallResult>();
  readonly tools = new ToolNames();
  /** The calls whose arguments were cut, by position: one for each 4 MB of arguments at least, so few. */
  readonly cut = new Map<number, CutPlace>();
  lastLine = -1;
  lineFirstIndex = 1;
  constructor(readonly reader: LineReader | null) {}

  get size(): number {
    return this.whole.length + this.compact.size;
  }
}

export class CallStore {
  private calls = new Calls(null);
  /** The positions the last filter kept, found once: scrolling asks for many windows of one filter. */
  private kept: { calls: Calls; key: string; size: number; positions: Uint32Array } | null = null;

  constructor(private readonly keepWhole = KEEP_WHOLE_CALLS) {}

  /**
   * The next results of the check, in order, with the place of each one's line where it can be read again (null, or
   * no places at all, keeps the call whole).
   */
  add(results: readonly CallResult[], places?: readonly (LineRange | null)[]): void {
    const calls = this.calls;
    for (let at = 0; at < results.length; at++) {
      const result = results[at]!;
      if (result.line !== calls.lastLine) calls.lineFirstIndex = result.index;
      if (result.argumentsCut !== undefined)
        calls.cut.set(calls.size, {
          range: places?.[at] ?? null,
          firstIndex: calls.lineFirstIndex,
          cut: result.argumentsCut,
        });
      // A line's calls are all kept whole or all compact: a compact call is found again by its line.
      if (
        calls.compact.size === 0 &&
        (calls.reader === null || calls.whole.length < this.keepWhole || result.line === calls.lastLine)
      ) {
        calls.whole.push(result);
        calls.lastLine = result.line;
        continue;
      }
      const range = places?.[at] ?? null;
      calls.lastLine = result.line;
      if (range === null || range.start >= KEPT_WHOLE || range.end - range.start >= KEPT_WHOLE) {
        calls.wholeAmongCompact.set(calls.size, result);
        calls.compact.push(result.line, 0, KEPT_WHOLE, result.status, NO_TOOL);
      } else
        calls.compact.push(
          result.line,
          range.start,
          range.end - range.start,
          result.status,
          calls.tools.codeOf(result.tool),
        );
    }
  }

  /** Forgets every call; the next check's lines are found and read again with `reader` (none: all kept whole). */
  clear(reader: LineReader | null = null): void {
    this.calls = new Calls(reader);
    this.kept = null;
  }

  get size(): number {
    return this.calls.size;
  }

  /** Up to `count` (at most MAX_WINDOW_ROWS) of the calls `filter` keeps, from the `start`th of them. */
  async window(filter: CallFilter, start: number, count: number): Promise<CallWindow> {
    if (!Number.isSafeInteger(start) || start < 0)
      throw new RangeError(`start must be a whole number ≥ 0, not ${start}`);
    if (!Number.isSafeInteger(count) || count < 0)
      throw new RangeError(`count must be a whole number ≥ 0, not ${count}`);
    const calls = this.calls;
    const positions = await this.positions(calls, filter);
    const end = Math.min(positions.length, start + Math.min(count, MAX_WINDOW_ROWS));
    const rows = start < end ? await resultsAt(calls, positions.subarray(start, end)) : [];
    return { start, rows, matched: positions.length, total: calls.size };
  }

  /** Every call, in order, a batch at a time, as the page is sent them: never all held at once. */
  batches(size = BATCH_CALLS): AsyncGenerator<CallResult[], void, undefined> {
    return this.batchesOf(this.calls, size);
  }

  private async *batchesOf(calls: Calls, size: number): AsyncGenerator<CallResult[], void, undefined> {
    const total = calls.size;
    for (let from = 0; from < total; from += size) {
      const positions = new Uint32Array(Math.min(size, total - from));
      for (let at = 0; at < positions.length; at++) positions[at] = from + at;
      yield await resultsAt(calls, positions);
    }
  }

  /**
   * Every call, in order, as an export writes it: a call whose arguments were cut for the page comes alone, its
   * arguments whole, read and checked again from the source (./checked-again.ts: a line once for all of its cut calls,
   * whose results wait there; no more than one line's, or one document's, held at a time: each cut call is 4 MB and
   * more).
   */
  async *exportBatches(size = BATCH_CALLS): AsyncGenerator<CallResult[], void, undefined> {
    const calls = this.calls;
    const again = checkedAgain(calls.reader, (ranges) => readAgain(calls.reader!, ranges));
    let from = 0;
    try {
      for await (const batch of this.batchesOf(calls, size)) {
        let start = 0;
        for (let at = 0; at < batch.length; at++) {
          const place = calls.cut.get(from + at);
          if (place === undefined) continue;
          if (at > start) yield batch.slice(start, at);
          yield [await wholeArguments(calls, batch[at]!, place, again)];
          start = at + 1;
        }
        yield start === 0 ? batch : batch.slice(start);
        from += batch.length;
      }
    } finally {
      await again.close();
    }
  }

  private async positions(calls: Calls, filter: CallFilter): Promise<Uint32Array> {
    const key = filterKey(filter);
    const kept = this.kept;
    if (kept?.calls === calls && kept.key === key && kept.size === calls.size) return kept.positions;
    const size = calls.size;
    const all = new Uint32Array(size);
    let found = 0;
    for (let position = 0; position < calls.whole.length; position++)
      if (matches(calls.whole[position]!, filter)) all[found++] = position;
    const { compact, wholeAmongCompact } = calls;
    const wanted = STATUS_CODES.map((status) =>
      filter.status === 'not-valid' ? status !== 'valid' : filter.status === 'all' || filter.status === status,
    );
    const tool = filter.tool === '' ? -1 : (calls.tools.find(filter.tool) ?? NO_TOOL);
    // Calls whose result decides (a text to find, a tool the columns do not name), read again in batches; the
    // others of a batch wait with them so the positions stay in order.
    let batch: number[] = [];
    let toRead: number[] = [];
    // A valid call's text and errors are every valid call's, and an unknown tool's are worked out from its name
    // alone (core/calls/check.ts): for these, whether a text is found depends on the status and the tool only, so
    // one call of each pair is read and the answer kept for the others.
    const sameForTool = new Map<number, boolean>();
    const pairOf = (at: number): number => {
      const status = compact.status[at]!;
      const code = compact.tool[at]!;
      return code !== NO_TOOL && (status === VALID || status === UNKNOWN_TOOL) ? status * 0x10000 + code : -1;
    };
    const flush = async () => {
      const results = toRead.length === 0 ? [] : await resultsAt(calls, Uint32Array.from(toRead));
      let next = 0;
      for (const position of batch) {
        if (position === toRead[next]) {
          const kept = matches(results[next++]!, filter);
          const pair = pairOf(position - calls.whole.length);
          if (pair >= 0) sameForTool.set(pair, kept);
          if (!kept) continue;
        }
        all[found++] = position;
      }
      batch = [];
      toRead = [];
    };
    const count = Math.min(compact.size, size - calls.whole.length);
    for (let at = 0; at < count; at++) {
      if (!wanted[compact.status[at]!]) continue;
      const position = calls.whole.length + at;
      let read = filter.query !== '';
      if (compact.length[at] === KEPT_WHOLE) {
        if (!matches(wholeAmongCompact.get(position)!, filter)) continue;
        read = false;
      } else {
        const code = compact.tool[at]!;
        if (tool !== -1 && code !== NO_TOOL && code !== tool) continue;
        if (tool !== -1 && code === NO_TOOL) read = true;
        else if (read) {
          const known = sameForTool.get(pairOf(at));
          if (known === false) continue;
          if (known === true) read = false;
        }
      }
      if (!read && batch.length === 0) all[found++] = position;
      else {
        batch.push(position);
        if (read) toRead.push(position);
        if (toRead.length >= BATCH_CALLS || batch.length >= 8 * BATCH_CALLS) await flush();
      }
    }
    await flush();
    const positions = all.slice(0, found);
    this.kept = { calls, key, size, positions };
    return positions;
  }
}

/** The results of the calls at these positions (in order): kept whole, or read again from their lines. */
async function resultsAt(calls: Calls, positions: Uint32Array): Promise<CallResult[]> {
  const { whole, compact, wholeAmongCompact } = calls;
  const rows: CallResult[] = new Array<CallResult>(positions.length);
  // The lines to read again, each once: the compact position of its first call and its place.
  const lines: { first: number; range: LineRange }[] = [];
  const wants: { row: number; line: number; offset: number }[] = [];
  for (let row = 0; row < positions.length; row++) {
    const position = positions[row]!;
    if (position < whole.length) {
      rows[row] = whole[position]!;
      continue;
    }
    const at = position - whole.length;
    if (compact.length[at] === KEPT_WHOLE) {
      rows[row] = wholeAmongCompact.get(position)!;
      continue;
    }
    const last = lines[lines.length - 1];
    if (last === undefined || compact.line[last.first] !== compact.line[at]) {
      let first = at;
      while (first > 0 && compact.line[first - 1] === compact.line[at] && compact.length[first - 1] !== KEPT_WHOLE)
        first--;
      lines.push({ first, range: { start: compact.start[at]!, end: compact.start[at]! + compact.length[at]! } });
    }
    wants.push({ row, line: lines.length - 1, offset: at - lines[lines.length - 1]!.first });
  }
  if (lines.length === 0) return rows;
  const reader = calls.reader!;
  const texts = await readAgain(
    reader,
    lines.map((line) => line.range),
  );
  const checked = lines.map(({ first }, line) =>
    reader.check(texts[line]!, compact.line[first]!, whole.length + first + 1),
  );
  for (const { row, line, offset } of wants) {
    const result = checked[line]![offset];
    if (result === undefined || STATUS_CODES[compact.status[lines[line]!.first + offset]!] !== result.status)
      throw changedLine(compact.line[lines[line]!.first]!);
    rows[row] = result;
  }
  return rows;
}

async function readAgain(reader: LineReader, ranges: readonly LineRange[]): Promise<string[]> {
  try {
    return await reader.read(ranges);
  } catch (error) {
    throw notReadAgain(error);
  }
}

const notReadAgain = (error: unknown): Error =>
  new Error(
    `The transcript could not be read again (${error instanceof Error ? error.message : String(error)}). If the file changed or moved since it was checked, check it again.`,
  );

const changedLine = (line: number): Error =>
  new Error(
    `Line ${line} of the transcript reads differently from when it was checked: the file changed since. Check it again to see its calls.`,
  );

/**
 * A call whose arguments were cut for the page, with its arguments whole: its line read and checked again, or, with
 * no line to read, the source checked again. Without a way to do either, it stays cut (an export says so).
 */
async function wholeArguments(
  calls: Calls,
  result: CallResult,
  { range, firstIndex, cut }: CutPlace,
  checked: CheckedAgain,
): Promise<CallResult> {
  const reader = calls.reader;
  let again: CallResult | undefined;
  if (range !== null && reader?.checkWhole !== undefined)
    again = await checked.inLine(range, result.line, firstIndex, result.index);
  else if (reader?.checkAgain !== undefined) {
    try {
      again = await checked.at(result.index);
    } catch (error) {
      throw notReadAgain(error);
    }
  } else return result;
  // The arguments read again are those the check cut: the same start and length once cut for the page again.
  const cutAgain = again === undefined ? undefined : shownCall(again).argumentsCut;
  if (
    again === undefined ||
    again.status !== result.status ||
    again.tool !== result.tool ||
    cutAgain?.length !== cut.length ||
    cutAgain.head !== cut.head
  )
    throw changedLine(result.line);
  return again;
}
