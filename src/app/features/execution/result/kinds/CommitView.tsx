import type { KindViewProps } from '../kind';

export function CommitView({ data }: KindViewProps<'commit'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <p>
        Committed <code title={data.oid}>{data.oid.slice(0, 7)}</code> <q>{data.message.split('\n')[0]}</q>
      </p>
      <ul className="exec-files">
        {data.files.map((file) => (
          <li key={file}>
            <code>{file}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
