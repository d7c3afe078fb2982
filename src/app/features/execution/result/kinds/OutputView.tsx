import { CodeBlock } from '../../../../components/CodeBlock';
import { DiffLines } from '../DiffLines';
import type { KindViewProps } from '../kind';

/** A tool's text answer: its facts, then the text (JSON highlighted, a diff coloured, else as written). */
export function OutputView({ data }: KindViewProps<'output'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      {data.facts && data.facts.length > 0 ? (
        <dl className="exec-facts">
          {data.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {data.language === 'json' ? (
        <CodeBlock code={data.text} label="Output" maxHeight={360} />
      ) : data.language === 'diff' ? (
        <DiffLines patch={data.text} />
      ) : data.text === '' ? null : (
        <pre className="exec-output-text" tabIndex={0} aria-label="Output">
          {data.text}
        </pre>
      )}
    </div>
  );
}
