import type { Key, ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** On every cell of the column. */
  className?: string;
  /** The column's name beside each cell where a narrow screen stacks the cells (the CSS reads it). */
  label?: string;
}

interface DataTableProps<Row> {
  /** The accessible name of the scrollable region around the table. */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => Key;
  className: string;
  testId?: string;
}

/** A table of findings or changes: one header row, one row per item, scrollable sideways by keyboard too. */
export function DataTable<Row>({ label, columns, rows, rowKey, className, testId }: DataTableProps<Row>) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={className} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
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
