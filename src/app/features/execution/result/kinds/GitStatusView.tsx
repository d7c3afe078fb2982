import { DataTable, type Column } from '../../../../components/DataTable';
import { markFromGitStatus } from '../../../../worker/protocol';
import { FileLink } from '../FileLink';
import type { DataOf, KindViewProps } from '../kind';

type StatusFile = DataOf<'git_status'>['files'][number];

const COLUMNS: Column<StatusFile>[] = [
  {
    header: 'Path',
    className: 'exec-cell-lead',
    cell: (file) => (markFromGitStatus(file) === 'deleted' ? <code>{file.path}</code> : <FileLink path={file.path} />),
  },
  { header: 'Index', label: 'Index', cell: (file) => file.index.trim() || '–' },
  { header: 'Work tree', label: 'Work tree', cell: (file) => file.workdir.trim() || '–' },
  {
    header: 'Status',
    cell: (file) => <span className={`exec-mark exec-mark-badge-${markFromGitStatus(file)}`}>{file.status}</span>,
  },
];

export function GitStatusView({ data }: KindViewProps<'git_status'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <p className="exec-caption">
        On branch <code>{data.branch}</code> · {data.clean ? 'working tree clean' : `${data.files.length} changed`}
      </p>
      {data.files.length > 0 ? (
        <DataTable
          label="Changed files"
          className="exec-table"
          wrapClassName="exec-table-wrap"
          columns={COLUMNS}
          rows={data.files}
          rowKey={(file) => file.path}
          rowClassName={(file) => `exec-mark-${markFromGitStatus(file)}`}
        />
      ) : null}
    </div>
  );
}
