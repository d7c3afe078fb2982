import { lazy, Suspense, useState } from 'react';
import type { ToolsetBundle } from '../../../core/toolset/types';
import './evolution.css';

// The report brings token counting and the provider exports it measures: loaded when the budget is opened.
const ToolsetBudgetReport = lazy(() => import('./ToolsetBudgetReport').then((module) => ({ default: module.ToolsetBudgetReport })));

const loadingTokenizer = (
  <p className="muted" role="status">
    Loading the tokenizer…
  </p>
);

/** The catalog's token budget: closed until asked for, so the tokenizer (and the report) load only then. */
export function ToolsetBudget({ toolset }: { toolset: ToolsetBundle }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="token-budget" data-testid="token-budget" onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <span className="token-budget-title">Token budget</span>
        <span className="muted"> · what these tool definitions cost in every request</span>
      </summary>
      {open ? (
        <Suspense fallback={loadingTokenizer}>
          <ToolsetBudgetReport toolset={toolset} />
        </Suspense>
      ) : null}
    </details>
  );
}
