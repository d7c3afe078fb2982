/**
 * While a run streams: what has arrived so far and its Stop, in a bar pinned at the top of the results. Calls and
 * text grow below it, so Stop stays where it was when the pointer went to it.
 */
import type { LiveRun } from './useModelRun';

const callsOf = (runs: readonly LiveRun[]): number =>
  runs.reduce((sum, run) => sum + run.steps.reduce((steps, step) => steps + step.calls.length, 0), 0);

export function RunBar({ runs, onStop }: { runs: readonly LiveRun[]; onStop: () => void }) {
  const calls = callsOf(runs);
  return (
    <div className="model-run-bar" data-testid="model-run-bar" role="region" aria-label="Run in progress">
      <p className="model-run-bar-text" role="status">
        <span className="spinner" aria-hidden="true" /> Streaming…
        {calls > 0 ? ` ${calls.toLocaleString('en-US')} call${calls === 1 ? '' : 's'} so far` : ''}
      </p>
      <button type="button" className="button" onClick={onStop}>
        Stop
      </button>
    </div>
  );
}
