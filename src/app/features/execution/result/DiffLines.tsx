import { useMemo } from 'react';
import { classifyDiffLines } from '../diffLines';

/** A unified diff, line by line, with old and new line numbers. */
export function DiffLines({ patch }: { patch: string }) {
  const lines = useMemo(() => classifyDiffLines(patch), [patch]);
  return (
    <div className="exec-diff" role="region" aria-label="Unified diff" tabIndex={0}>
      {lines.map((line, index) => (
        <div key={index} className={`exec-diff-line exec-diff-${line.kind}`}>
          <span className="exec-diff-number" aria-hidden="true">
            {line.oldLine ?? ''}
          </span>
          <span className="exec-diff-number" aria-hidden="true">
            {line.newLine ?? ''}
          </span>
          <span className="exec-diff-text">{line.text || ' '}</span>
        </div>
      ))}
    </div>
  );
}
