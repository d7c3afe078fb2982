/** Past runs kept in this browser: open one, run it again, or clear them all. */
import { totalsOf, type RunRecord } from '../../../core/model/agent/trace';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';

export function HistoryList({
  runs,
  onOpen,
  onRerun,
  onClear,
}: {
  runs: RunRecord[];
  onOpen: (run: RunRecord) => void;
  onRerun: (run: RunRecord) => void;
  onClear: () => void;
}) {
  if (runs.length === 0)
    return <p className="muted">No runs yet: they are kept in this browser (IndexedDB), without your key.</p>;
  return (
    <>
      <ol className="model-history" data-testid="model-history">
        {runs.map((run) => {
          const totals = totalsOf(run);
          return (
            <li key={run.id}>
              <button type="button" className="model-history-open" onClick={() => onOpen(run)}>
                <span className="model-history-message">{run.userMessage}</span>
                <span className="muted">
                  {run.model} · {PROVIDER_ADAPTERS[run.provider].label} · {totals.valid}/{totals.calls} valid ·{' '}
                  {new Date(run.createdAt).toLocaleString('en')}
                </span>
              </button>
              <button type="button" className="button button-small" onClick={() => onRerun(run)}>
                Run again
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button-small" onClick={onClear}>
        Clear history
      </button>
    </>
  );
}
