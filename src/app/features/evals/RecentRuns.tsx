/** Runs from the Models page's history: pick a call a model made and expect it in a case. */
import { useEffect, useState } from 'react';
import type { RunRecord } from '../../../core/model/agent/trace';
import { useServices } from '../../services/Services';
import { callsOfRun, type RunCall } from './fromRun';

export function RecentRuns({ onExpect }: { onExpect: (run: RunRecord, call: RunCall) => void }) {
  const history = useServices().runs;
  const [runs, setRuns] = useState<RunRecord[] | null>(null);
  useEffect(() => {
    void history.load().then(setRuns);
  }, [history]);
  const withCalls = (runs ?? []).filter((run) => callsOfRun(run).length > 0).slice(0, 10);
  // Drawn, folded, before the history is read (and on the prerendered page), so nothing below it moves when it is.
  return (
    <details className="eval-recent" data-testid="recent-runs">
      <summary>A case from a Models-page run</summary>
      {runs === null ? (
        <p className="muted" role="status">
          Reading this browser’s history…
        </p>
      ) : withCalls.length === 0 ? (
        <p className="muted">
          No run with tool calls in this browser’s history yet: runs made on the Models page appear here.
        </p>
      ) : null}
      <ul>
        {withCalls.map((run) => (
          <li key={run.id}>
            <p>
              <strong>{run.model}</strong>{' '}
              <span className="muted">· {new Date(run.createdAt).toLocaleString('en')}</span>
              <br />
              <span className="eval-run-prompt">{run.userMessage}</span>
            </p>
            <ul className="eval-run-calls">
              {callsOfRun(run).map((call) => (
                <li key={`${call.step}-${call.index}`}>
                  <code>
                    {call.name}({call.argumentsText})
                  </code>{' '}
                  <span className="muted">{call.status}</span>{' '}
                  <button type="button" className="button button-small" onClick={() => onExpect(run, call)}>
                    Expect this call
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}
