import { FileLink } from '../FileLink';
import type { KindViewProps } from '../kind';

export function WriteView({ data }: KindViewProps<'write'>) {
  return (
    <p className="exec-kind" data-kind={data.kind}>
      {data.created ? 'Created' : 'Overwrote'} <FileLink path={data.path} /> · {data.bytesWritten} bytes written
    </p>
  );
}
