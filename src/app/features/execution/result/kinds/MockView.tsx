import { CodeBlock } from '../../../../components/CodeBlock';
import type { KindViewProps } from '../kind';

export function MockView({ data }: KindViewProps<'mock'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <p className="exec-caption">{data.source === 'json' ? 'The mock result (fixed JSON)' : 'What the mock function returned for these arguments'}</p>
      <CodeBlock code={JSON.stringify(data.value, null, 2)} label="Mock result" maxHeight={320} />
    </div>
  );
}
