import { FileLink } from '../FileLink';
import { baseName } from '../format';
import type { KindViewProps } from '../kind';

export function ListingView({ data }: KindViewProps<'listing'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <p className="exec-caption">
        <code>{data.path}</code> · {data.entries.length} entries{data.truncated ? ' (truncated)' : ''}
      </p>
      <ul className="exec-tree" aria-label={`Contents of ${data.path}`}>
        {data.entries.map((entry) => (
          <li
            key={entry.path}
            style={{ paddingInlineStart: `${entry.depth * 1.1}rem` }}
            className={`exec-tree-${entry.type}`}
          >
            {entry.type === 'file' ? (
              <FileLink path={entry.path}>
                <span>{baseName(entry.path)}</span>
              </FileLink>
            ) : entry.type === 'symlink' ? (
              <span>
                {baseName(entry.path)}{' '}
                <span className="exec-muted">→ {entry.target ?? '?'} (symbolic link, not followed)</span>
              </span>
            ) : (
              <span>{baseName(entry.path)}/</span>
            )}
            {entry.size !== undefined && entry.type === 'file' ? (
              <span className="exec-muted"> {entry.size} B</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
