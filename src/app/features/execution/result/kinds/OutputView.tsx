import { useMemo } from 'react';
import { BoundedText } from '../../../../components/BoundedText';
import { CodeBlock } from '../../../../components/CodeBlock';
import { windowText } from '../../../../lib/textWindow';
import { DiffLines } from '../DiffLines';
import type { KindViewProps } from '../kind';

/** A tool's text answer: its facts, then the text (JSON highlighted, a diff coloured, else as written; a long one windowed). */
export function OutputView({ data }: KindViewProps<'output'>) {
  const long = useMemo(() => !windowText(data.text).whole, [data.text]);
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
      {long ? (
        <BoundedText
          text={data.text}
          label="Output"
          fileName={data.language === 'json' ? 'output.json' : 'output.txt'}
          className="exec-output-text"
        />
      ) : data.language === 'json' ? (
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
