import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import './evolution.css';

// The report brings token counting, the provider exports it measures and the tools' definitions: loaded when the budget is opened.
const ToolsetBudgetReport = lazy(() =>
  import('./ToolsetBudgetReport').then((module) => ({ default: module.ToolsetBudgetReport })),
);

const loadingTokenizer = (
  <p className="muted" role="status">
    Loading the tokenizer…
  </p>
);

/** The catalog's token budget: closed until asked for, so the tokenizer (and the report) load only then. */
export function ToolsetBudget({ toolsetId }: { toolsetId: string }) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // Opened on the prerendered page before the app took it over: its toggle event came before the handler.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  return (
    <details
      ref={details}
      className="token-budget"
      data-testid="token-budget"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span className="token-budget-title">Token budget</span>
        <span className="muted"> · what these tool definitions cost in every request</span>
      </summary>
      {open ? (
        <Suspense fallback={loadingTokenizer}>
          <ToolsetBudgetReport toolsetId={toolsetId} />
        </Suspense>
      ) : null}
    </details>
  );
}
