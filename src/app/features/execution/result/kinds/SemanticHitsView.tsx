import { FileLink } from '../FileLink';
import type { KindViewProps } from '../kind';
import '../../../../components/bounded-text.css';

export function SemanticHitsView({ data }: KindViewProps<'semantic_hits'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <p className="exec-caption">
        {data.hits.length} results for <q>{data.query}</q>
      </p>
      <ol className="exec-semantic">
        {data.hits.map((hit, index) => (
          <li key={`${hit.file}-${hit.startLine}-${index}`}>
            <FileLink path={hit.file} line={hit.startLine}>
              <code>
                {hit.file}:{hit.startLine}–{hit.endLine}
              </code>
            </FileLink>{' '}
            <span className="exec-muted">score {hit.score.toFixed(3)}</span>
            <pre className="pre-block exec-snippet">{hit.snippet}</pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
