import { useMemo } from 'react';
import { FileLink } from '../FileLink';
import type { DataOf, KindViewProps } from '../kind';

type Hit = DataOf<'search_hits'>['hits'][number];

/** Text search hits, grouped by file in the order the files first appear. */
export function SearchHitsView({ data }: KindViewProps<'search_hits'>) {
  const groups = useMemo(() => {
    const byFile = new Map<string, Hit[]>();
    for (const hit of data.hits) byFile.set(hit.file, [...(byFile.get(hit.file) ?? []), hit]);
    return [...byFile.entries()];
  }, [data]);
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <p className="exec-caption">
        {data.hits.length} hits for <q>{data.query}</q> in {groups.length} files ({data.filesSearched} searched)
        {data.truncated ? ' · truncated' : ''}
      </p>
      {groups.map(([file, hits]) => (
        <div key={file} className="exec-hit-group">
          <h3 className="exec-hit-file">
            <FileLink path={file} />
          </h3>
          <ul className="exec-hits">
            {hits.map((hit, index) => (
              <li key={`${hit.line}-${hit.column}-${index}`}>
                <FileLink path={file} line={hit.line}>
                  <span className="exec-line-number">{hit.line}</span>
                </FileLink>
                <code className="exec-hit-text">{hit.text}</code>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
