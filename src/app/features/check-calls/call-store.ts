/**
 * The checked calls as the Check calls worker keeps them: the page is sent counts while a check runs, and afterwards
 * only the rows its table draws (a window of the calls a filter keeps). Measured in Chromium on a 2-core machine with a
 * 100 MB log of 2.16 million short calls, three runs each: kept on the page, the calls cost it 5–6 tasks of 50 ms and
 * more (the longest 172–294 ms) and 850 MB of JS heap; kept here, at most one such task (121–132 ms, the report's
 * first draw) and 28 MB.
 */
import type { CallResult, CallStatus } from '../../../core/calls/types';

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

const filterKey = ({ status, tool, query }: CallFilter): string => JSON.stringify([status, tool, query]);

export class CallStore {
  private results: CallResult[] = [];
  /** The positions the last filter kept, found once: scrolling asks for many windows of one filter. */
  private kept: { key: string; size: number; positions: Uint32Array } | null = null;

  add(results: readonly CallResult[]): void {
    for (const result of results) this.results.push(result);
  }

  clear(): void {
    this.results = [];
    this.kept = null;
  }

  get size(): number {
    return this.results.length;
  }

  all(): readonly CallResult[] {
    return this.results;
  }

  /** Up to `count` (at most MAX_WINDOW_ROWS) of the calls `filter` keeps, from the `start`th of them. */
  window(filter: CallFilter, start: number, count: number): CallWindow {
    if (!Number.isSafeInteger(start) || start < 0)
      throw new RangeError(`start must be a whole number ≥ 0, not ${start}`);
    if (!Number.isSafeInteger(count) || count < 0)
      throw new RangeError(`count must be a whole number ≥ 0, not ${count}`);
    const positions = this.positions(filter);
    const end = Math.min(positions.length, start + Math.min(count, MAX_WINDOW_ROWS));
    const rows: CallResult[] = [];
    for (let at = start; at < end; at++) rows.push(this.results[positions[at]!]!);
    return { start, rows, matched: positions.length, total: this.results.length };
  }

  private positions(filter: CallFilter): Uint32Array {
    const key = filterKey(filter);
    if (this.kept?.key === key && this.kept.size === this.results.length) return this.kept.positions;
    const all = new Uint32Array(this.results.length);
    let found = 0;
    for (let position = 0; position < this.results.length; position++)
      if (matches(this.results[position]!, filter)) all[found++] = position;
    const positions = all.slice(0, found);
    this.kept = { key, size: this.results.length, positions };
    return positions;
  }
}
