import { useMemo } from 'react';
import { sideBySideRows } from './sideBySide';

/** The two schemas as JSON, line against line, with what changed marked on each side. */
export function SideBySide({ before, after, beforeLabel, afterLabel }: { before: string; after: string; beforeLabel: string; afterLabel: string }) {
  const rows = useMemo(() => sideBySideRows(before, after), [before, after]);
  return (
    <div className="side-by-side" role="region" aria-label={`${beforeLabel} beside ${afterLabel}`} tabIndex={0} data-testid="side-by-side">
      <table>
        <thead>
          <tr>
            <th scope="col">{beforeLabel}</th>
            <th scope="col">{afterLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className={`line-${row.kind}`}>
              <td className={row.kind === 'changed' || row.kind === 'removed' ? 'is-old' : undefined}>
                <code>{row.left ?? ''}</code>
              </td>
              <td className={row.kind === 'changed' || row.kind === 'added' ? 'is-new' : undefined}>
                <code>{row.right ?? ''}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
