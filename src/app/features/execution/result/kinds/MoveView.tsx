import { FileLink } from '../FileLink';
import type { KindViewProps } from '../kind';

export function MoveView({ data }: KindViewProps<'move'>) {
  return (
    <p className="exec-kind" data-kind={data.kind}>
      Moved <code>{data.source}</code> → <FileLink path={data.destination} />
      {data.overwritten ? <span className="exec-muted"> (overwrote the destination)</span> : null}
    </p>
  );
}
