import { useMemo, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { nextSort, sortRows, type SortValue, type TableSort } from './sortRows';

export type { TableSort } from './sortRows';

export interface Column<Row> {
  header: string;
  /** The column's React key when headers may repeat (two versions with the same label); the header by default. */
  id?: string;
  cell: (row: Row) => ReactNode;
  /** On every cell of the column, or per row. */
  className?: string | ((row: Row) => string | undefined);
  /** On the column's header cell (a numeric column aligns its header too). */
  headerClassName?: string;
  /** A style that depends on the row (the indent of a nested parameter). */
  style?: (row: Row) => CSSProperties;
  /** The cells of this column name their rows: `<th scope="row">`. */
  rowHeader?: boolean;
  /** The column's name beside each cell where a narrow screen stacks the cells (the CSS reads it). */
  label?: string;
  /** Makes the column sortable: its header becomes a button that sorts the rows by this value. */
  sortValue?: (row: Row) => SortValue;
}

/** Attributes of a row: its class, and data attributes tests and styles find it by. */
type RowProps = { className?: string } & { [attribute: `data-${string}`]: string | undefined };

interface DataTableProps<Row> {
  /** The accessible name of the table (a caption names it instead) and of the scrollable region around it. */
  label: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  className?: string;
  testId?: string;
  /** A visible caption above the rows. */
  caption?: ReactNode;
  /** A class for a row (a row's state, as a git mark). */
  rowClassName?: (row: Row) => string | undefined;
  /** More attributes of a row. */
  rowProps?: (row: Row) => RowProps;
  /**
   * The scrollable region's class: the bordered card by default; a table inside a card passes its own.
   * `null`: no region, the table alone (a table that is never wider than its box, or is hidden, must
   * not add a stop to the tab order).
   */
  wrapClassName?: string | null;
  /** A test id on the region. */
  wrapTestId?: string;
  /** The order the rows first show in (a sortable column); without it, the rows' own order. */
  initialSort?: TableSort;
  /**
   * A sort the caller holds and applies itself, to all its rows (a table that shows the first few hundred of
   * many): the headers show it, a click asks for the next one, and the rows are shown in the order given.
   */
  sortControl?: { sort: TableSort | undefined; onSort: (next: TableSort) => void };
}

/** A table of findings or changes: one header row, one row per item, scrollable sideways by keyboard too. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    columns,
    rows,
    rowKey,
    className,
    testId,
    caption,
    rowClassName,
    rowProps,
    wrapClassName = 'table-scroll',
    wrapTestId,
    initialSort,
    sortControl,
  } = props;
  const [ownSort, setOwnSort] = useState<TableSort | undefined>(initialSort);
  const sort = sortControl ? sortControl.sort : ownSort;
  const sortBy = (header: string) =>
    sortControl ? sortControl.onSort(nextSort(sort, header)) : setOwnSort((current) => nextSort(current, header));
  const sortColumn = sort ? columns.find((column) => column.header === sort.column && column.sortValue) : undefined;
  // Each row keeps its index in `rows`, so a row's key does not change when the order does.
  const shown = useMemo(() => {
    const indexed = rows.map((row, index) => ({ row, index }));
    const value = sortColumn?.sortValue;
    return sort && value && !sortControl ? sortRows(indexed, (entry) => value(entry.row), sort.direction) : indexed;
  }, [rows, sort, sortColumn, sortControl]);
  const table = (
    <table className={className} data-testid={testId} aria-label={caption ? undefined : label}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th
              key={column.id ?? column.header}
              scope="col"
              className={column.headerClassName}
              aria-sort={column.sortValue ? (sort?.column === column.header ? sort.direction : 'none') : undefined}
            >
              {column.sortValue ? (
                <button type="button" className="table-sort" onClick={() => sortBy(column.header)}>
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
          <tr
            key={rowKey(row, index)}
            {...rowProps?.(row)}
            className={rowClassName?.(row) ?? rowProps?.(row).className}
          >
            {columns.map((column) => {
              const cellProps = {
                className: typeof column.className === 'function' ? column.className(row) : column.className,
                style: column.style?.(row),
                'data-label': column.label,
              };
              return column.rowHeader ? (
                <th key={column.id ?? column.header} scope="row" {...cellProps}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.id ?? column.header} {...cellProps}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (wrapClassName === null) return table;
  return (
    <div className={wrapClassName} role="region" aria-label={label} tabIndex={0} data-testid={wrapTestId}>
      {table}
    </div>
  );
}
