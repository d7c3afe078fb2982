/** Per-tool changes classed breaking / minor / patch, with a changed description word by word (a pin's drift, a list change). */
import type { DriftReport, ToolDrift } from '../../../core/mcp/pin/verify';

const CLASS_LABEL = { breaking: 'breaking', minor: 'non-breaking (minor)', patch: 'non-breaking (patch)' } as const;

function Words({ drift }: { drift: ToolDrift }) {
  if (!drift.description) return null;
  return (
    <p className="mcp-words" data-testid="description-diff">
      <span className="muted">Description: </span>
      {drift.description.map((part, index) =>
        part.kind === 'added' ? (
          <ins key={index}>{part.text}</ins>
        ) : part.kind === 'removed' ? (
          <del key={index}>{part.text}</del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function DriftView({ report, label }: { report: DriftReport; label: string }) {
  if (!report.drifted) return <p className="muted">{label}: no tool changed.</p>;
  return (
    <div className="mcp-drift">
      <p>
        {label}: {report.tools.length} tool{report.tools.length === 1 ? '' : 's'} changed — {report.counts.breaking}{' '}
        breaking, {report.counts.minor + report.counts.patch} non-breaking
        {report.required !== 'none' ? ` (a ${report.required} version bump)` : ''}.
      </p>
      <ul className="mcp-drift-list">
        {report.tools.map((drift) => (
          <li key={drift.name} className={`mcp-drift-item mcp-class-${drift.class}`}>
            <div>
              <code>{drift.name}</code>{' '}
              <span className={`mcp-class-badge mcp-class-${drift.class}`}>{CLASS_LABEL[drift.class]}</span>{' '}
              <span className="muted">{drift.status}</span>
            </div>
            <ul className="mcp-change-list">
              {drift.changes.map((change, index) => (
                <li key={index}>
                  {change.message} <code className="muted small">{change.pointer}</code>
                </li>
              ))}
            </ul>
            <Words drift={drift} />
          </li>
        ))}
      </ul>
    </div>
  );
}
