import { lazy, Suspense, useState } from 'react';
import './catalog-audit.css';

// The report loads every toolset's definitions (for names shadowed across them): only when the panel is opened.
const ToolsetAuditReport = lazy(() =>
  import('./ToolsetAuditReport').then((module) => ({ default: module.ToolsetAuditReport })),
);

/** The catalog's audit across tools: look-alike tools, shadowed names, references to other tools, risky combinations. */
export function ToolsetAudit({ toolsetId }: { toolsetId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="toolset-audit"
      data-testid="toolset-audit"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span className="toolset-audit-title">Audit across tools</span>
        <span className="muted">
          {' '}
          · look-alike tools, names shadowed by another toolset, references to other tools, risky combinations
        </span>
      </summary>
      {open ? (
        <Suspense
          fallback={
            <p className="muted" role="status">
              <span className="spinner" aria-hidden="true" /> Auditing…
            </p>
          }
        >
          <ToolsetAuditReport toolsetId={toolsetId} />
        </Suspense>
      ) : null}
    </details>
  );
}
