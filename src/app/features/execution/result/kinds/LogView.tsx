import { DataTable, type Column } from '../../../../components/DataTable';
import { formatDate } from '../format';
import type { DataOf, KindViewProps } from '../kind';

type Commit = DataOf<'log'>['commits'][number];

const COLUMNS: Column<Commit>[] = [
  { header: 'Commit', cell: (commit) => <code title={commit.oid}>{commit.oid.slice(0, 7)}</code> },
  { header: 'Message', className: 'exec-log-message exec-cell-wide', cell: (commit) => commit.message.split('\n')[0] },
  { header: 'Author', cell: (commit) => <span title={commit.email}>{commit.author}</span> },
  { header: 'Date', cell: (commit) => <time dateTime={commit.date}>{formatDate(commit.date)}</time> },
];

export function LogView({ data }: KindViewProps<'log'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      {data.commits.length === 0 ? (
        <p>No commits.</p>
      ) : (
        <DataTable
          label="Commits"
          className="exec-table exec-log"
          wrapClassName="exec-table-wrap"
          columns={COLUMNS}
          rows={data.commits}
          rowKey={(commit) => commit.oid}
        />
      )}
    </div>
  );
}
