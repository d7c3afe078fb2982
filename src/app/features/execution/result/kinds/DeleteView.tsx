import type { KindViewProps } from '../kind';

export function DeleteView({ data }: KindViewProps<'delete'>) {
  return (
    <p className="exec-kind" data-kind={data.kind}>
      Deleted <code>{data.path}</code>
    </p>
  );
}
