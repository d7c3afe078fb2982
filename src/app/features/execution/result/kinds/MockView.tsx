import { useMemo } from 'react';
import { BoundedText } from '../../../../components/BoundedText';
import { CodeBlock } from '../../../../components/CodeBlock';
import { windowText } from '../../../../lib/textWindow';
import type { KindViewProps } from '../kind';

/** The mock's value as JSON: highlighted when short; a long one (a huge value) as a window with "show more" and download. */
export function MockView({ data }: KindViewProps<'mock'>) {
  const json = useMemo(() => JSON.stringify(data.value, null, 2), [data.value]);
  const long = useMemo(() => !windowText(json).whole, [json]);
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <p className="exec-caption">
        {data.source === 'json'
          ? 'The mock result (fixed JSON)'
          : 'What the mock function returned for these arguments'}
      </p>
      {long ? (
        <BoundedText text={json} label="Mock result" fileName="mock-result.json" className="pre-block" />
      ) : (
        <CodeBlock code={json} label="Mock result" maxHeight={320} />
      )}
    </div>
  );
}
