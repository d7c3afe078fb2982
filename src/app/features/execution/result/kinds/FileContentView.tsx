import { HighlightedFile } from '../../HighlightedFile';
import { FileLink } from '../FileLink';
import type { KindViewProps } from '../kind';

export function FileContentView({ data }: KindViewProps<'file_content'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <p className="exec-caption">
        <FileLink path={data.path} /> · lines {data.startLine}–{data.endLine} of {data.totalLines} · {data.encoding}
      </p>
      <HighlightedFile path={data.path} content={data.content} startLine={data.startLine} />
    </div>
  );
}
