import type { ReactNode } from 'react';
import { useRuntimeState } from '../../../services/runtime/useRuntimeState';

/** A workspace path that opens in the explorer's viewer. */
export function FileLink({ path, line, children }: { path: string; line?: number; children?: ReactNode }) {
  const runtime = useRuntimeState();
  return (
    <button
      type="button"
      className="exec-file-link"
      onClick={() => runtime.openExplorer(line === undefined ? { path } : { path, line })}
      title={`Open ${path}${line ? ` at line ${line}` : ''}`}
    >
      {children ?? (
        <code>
          {path}
          {line ? `:${line}` : ''}
        </code>
      )}
    </button>
  );
}
