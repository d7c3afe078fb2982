import { writeResults, type SuiteReport } from '../../../core/evals';
import { download } from './download';
import { ResultsView } from './ResultsView';
import { fileNameOf } from './suiteFiles';
import type { SuiteResults } from './suiteStore';

/** A suite's results: where they came from, their export, and the report; `results` is left out while a run is live. */
export function ResultsSection({
  suiteId,
  suiteName,
  results,
  report,
}: {
  suiteId: string;
  suiteName: string;
  results: SuiteResults | undefined;
  report: SuiteReport;
}) {
  return (
    <section className="work-card eval-panel" aria-labelledby="eval-results-title">
      <h2 id="eval-results-title">Results</h2>
      {results ? (
        <p className="muted" data-testid="results-status">
          {results.source === 'offline' ? 'Scored offline from a file' : 'Run on models'} · {results.runs.length} of{' '}
          {results.total} runs{results.cancelled ? ' · cancelled: the runs finished before Cancel are kept' : ''} ·{' '}
          {new Date(results.finishedAt).toLocaleString('en')}{' '}
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              download(writeResults(results.runs), fileNameOf(suiteName, '-results.jsonl'), 'application/x-ndjson')
            }
          >
            Export results (JSON Lines)
          </button>
        </p>
      ) : null}
      <ResultsView key={suiteId} report={report} />
    </section>
  );
}
