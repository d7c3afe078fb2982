/**
 * The table's rows in pages, past PAGE_ROWS matched calls: the browser lays out no element taller than about 33.5
 * million pixels, which 100,000 rows of a phone's 104 px stay well under (a log of two million calls at 68 px a row
 * would reach only its first 493,000 rows by scrolling).
 */
export const PAGE_ROWS = 100_000;

/** The first row (0-based, among the matched calls) of the page that holds row `row`. */
export const pageStartOf = (row: number): number => Math.floor(row / PAGE_ROWS) * PAGE_ROWS;

export function CallsPager({
  start,
  matched,
  onStart,
}: {
  /** The first row of the page shown, 0-based. */
  start: number;
  matched: number;
  onStart: (start: number) => void;
}) {
  if (matched <= PAGE_ROWS) return null;
  const end = Math.min(matched, start + PAGE_ROWS);
  const pages = Math.ceil(matched / PAGE_ROWS);
  return (
    <nav className="calls-pager" aria-label="Pages of calls">
      <button
        type="button"
        className="button button-small"
        disabled={start === 0}
        onClick={() => onStart(Math.max(0, start - PAGE_ROWS))}
      >
        Previous {PAGE_ROWS.toLocaleString('en')}
      </button>
      <span className="muted" aria-live="polite">
        Rows {(start + 1).toLocaleString('en')}–{end.toLocaleString('en')} of {matched.toLocaleString('en')} (page{' '}
        {start / PAGE_ROWS + 1} of {pages})
      </span>
      <button
        type="button"
        className="button button-small"
        disabled={end >= matched}
        onClick={() => onStart(start + PAGE_ROWS)}
      >
        Next {PAGE_ROWS.toLocaleString('en')}
      </button>
    </nav>
  );
}
