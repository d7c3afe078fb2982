import { useMemo } from 'react';
import { DataTable, type Column } from '../../components/DataTable';
import { sideBySideRows, type SideBySideRow } from './sideBySide';

/** The two schemas as JSON, line against line, with what changed marked on each side. */
export function SideBySide({
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const rows = useMemo(() => sideBySideRows(before, after), [before, after]);
  const columns = useMemo<Column<SideBySideRow>[]>(
    () => [
      {
        header: beforeLabel,
        id: 'before',
        className: (row) => (row.kind === 'changed' || row.kind === 'removed' ? 'is-old' : undefined),
        cell: (row) => <code>{row.left ?? ''}</code>,
      },
      {
        header: afterLabel,
        id: 'after',
        className: (row) => (row.kind === 'changed' || row.kind === 'added' ? 'is-new' : undefined),
        cell: (row) => <code>{row.right ?? ''}</code>,
      },
    ],
    [beforeLabel, afterLabel],
  );
  return (
    <DataTable
      label={`${beforeLabel} beside ${afterLabel}`}
      wrapClassName="side-by-side"
      wrapTestId="side-by-side"
      columns={columns}
      rows={rows}
      rowKey={(_row, index) => index}
      rowClassName={(row) => `line-${row.kind}`}
    />
  );
}
