/** What a sortable column sorts by: a number, or text compared in the reader's collation. */
export type SortValue = string | number;

export type SortDirection = 'ascending' | 'descending';

export interface TableSort {
  /** The header of the column sorted by. */
  column: string;
  direction: SortDirection;
}

/** A click on a sortable header: a new column sorts ascending, the sorted one flips. */
export function nextSort(current: TableSort | undefined, column: string): TableSort {
  return {
    column,
    direction: current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending',
  };
}

/**
 * The rows ordered by one column's values; a stable sort, so rows with equal values keep their
 * given order. Numbers compare as numbers, text by `localeCompare` with numeric collation (so
 * "file2" comes before "file10"); a number sorts before text.
 */
export function sortRows<Row>(rows: readonly Row[], value: (row: Row) => SortValue, direction: SortDirection): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => sign * compareValues(a.key, b.key) || a.index - b.index)
    .map((entry) => entry.row);
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a.localeCompare(b, undefined, { numeric: true });
}

/** The rows in a table's sort, by the column it names; the rows as given when no sortable column has that header. */
export function sortByColumn<Row>(
  rows: readonly Row[],
  columns: readonly { header: string; sortValue?: (row: Row) => SortValue }[],
  sort: TableSort | undefined,
): readonly Row[] {
  const value = sort ? columns.find((column) => column.header === sort.column)?.sortValue : undefined;
  return sort && value ? sortRows(rows, value, sort.direction) : rows;
}
