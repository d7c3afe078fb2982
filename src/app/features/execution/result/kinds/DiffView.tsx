import { DiffLines } from '../DiffLines';
import { FileLink } from '../FileLink';
import type { KindViewProps } from '../kind';

export function DiffView({ data }: KindViewProps<'diff'>) {
  if (data.patch.trim() === '') {
    return (
      <p className="exec-kind exec-diff-empty" data-kind={data.kind}>
        No differences.
      </p>
    );
  }
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <ul className="exec-diff-files">
        {data.files.map((file) => (
          <li key={file.path}>
            <FileLink path={file.path} /> <span className="exec-additions">+{file.additions}</span>{' '}
            <span className="exec-deletions">−{file.deletions}</span>
          </li>
        ))}
      </ul>
      <DiffLines patch={data.patch} />
    </div>
  );
}
