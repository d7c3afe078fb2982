import { useMemo, useState, type Key, type ReactNode } from 'react';
import { nextSort, sortRows, type SortValue, type TableSort } from './sortRows';

export type { TableSort } from './sortRows';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** On every cell of the column. */
  className?: string;
  /** The column's name beside each cell where a narrow screen stacks the cells (the CSS reads it). */
  label?: string;
  /** Makes the column sortable: its header becomes a button that sorts the rows by this value. */
  sortValue?: (row: Row) => SortValue;
}

interface DataTableProps<Row> {
  /** The accessible name of the scrollable region around the table. */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => Key;
  className: string;
  testId?: string;
  /** A visible caption above the rows. */
  caption?: ReactNode;
  /** A class for a row (a row's state, as a git mark). */
  rowClassName?: (row: Row) => string | undefined;
  /** The scrollable region's class: the bordered card by default; a table inside a card passes its own. */
  wrapClassName?: string;
  /** The order the rows first show in (a sortable column); without it, the rows' own order. */
  initialSort?: TableSort;
}

/** A table of findings or changes: one header row, one row per item, scrollable sideways by keyboard too. */
export function DataTable<Row>({ label, columns, rows, rowKey, className, testId, caption, rowClassName, wrapClassName = 'table-scroll', initialSort }: DataTableProps<Row>) {
  const [sort, setSort] = useState<TableSort | undefined>(initialSort);
  const sortColumn = sort ? columns.find((column) => column.header === sort.column && column.sortValue) : undefined;
  // Each row keeps its index in `rows`, so a row's key does not change when the order does.
  const shown = useMemo(() => {
    const indexed = rows.map((row, index) => ({ row, index }));
    const value = sortColumn?.sortValue;
    return sort && value ? sortRows(indexed, (entry) => value(entry.row), sort.direction) : indexed;
  }, [rows, sort, sortColumn]);
  const toggle = (header: string) => setSort((current) => nextSort(current, header));
  return (
    <div className={wrapClassName} role="region" aria-label={label} tabIndex={0}>
      <table className={className} data-testid={testId}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" aria-sort={column.sortValue ? (sort?.column === column.header ? sort.direction : 'none') : undefined}>
                {column.sortValue ? (
                  <button type="button" className="table-sort" onClick={() => toggle(column.header)}>
                    {column.header}
                    <span aria-hidden="true" className="table-sort-mark">
                      {sort?.column === column.header ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map(({ row, index }) => (
            <tr key={rowKey(row, index)} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.className} data-label={column.label}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
