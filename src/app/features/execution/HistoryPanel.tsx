import { useSyncExternalStore, type ReactNode } from 'react';
import type { JsonValue } from '../../../core/toolset/types';
import { homeToolsetId } from '../../../core/toolset/collection';
import { navigate } from '../../lib/router';
import { toolHref } from '../../lib/hrefs';
import { shareLinkCodec } from '../../lib/shareLinkCodec';
import type { HistoryEntry, HistoryStatus } from '../../services/runtime/history';
import { useRuntimeState } from '../../services/runtime/useRuntimeState';
import { formatDuration } from '../../lib/formatDuration';
import { usePage } from '../../lib/page';
import '../../components/bounded-text.css';
import { noCallsYet } from './panelText';

/** An alarm-clock face drawn inline: the emoji (⏱) shows as an empty box where no emoji font is installed. */
function ClockIcon() {
  return (
    <svg
      className="exec-history-icon"
      aria-hidden="true"
      width="12"
      height="12"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <circle cx="8" cy="9" r="5.8" />
      <path d="M8 5.8V9l2.2 1.4M6.3 1.5h3.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

// The other marks are in the fonts every system has (they are not emoji).
const STATUS_LABELS: Record<HistoryStatus, ReactNode> = {
  success: '✓ Success',
  failed: '✗ Failed',
  denied: '⊘ Denied',
  cancelled: '■ Cancelled',
  timeout: (
    <>
      <ClockIcon /> Timeout
    </>
  ),
};

interface HistoryPanelProps {
  currentToolset: string;
  currentTool: string;
  onRerun: (entry: HistoryEntry) => void;
  rerunDisabled?: boolean;
  /** Loads arguments into this page's playground; other tools' arguments open their page instead. */
  onLoadArguments?: (args: JsonValue) => void;
}

function useHistory(): HistoryEntry[] {
  const runtime = useRuntimeState();
  const store = runtime.history;
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.list(),
    () => store.list(),
  );
}

/** Past calls, newest first: re-run one, or put its arguments back into the playground. */
export function HistoryPanel({
  currentToolset,
  currentTool,
  onRerun,
  rerunDisabled,
  onLoadArguments,
}: HistoryPanelProps) {
  const page = usePage();
  const runtime = useRuntimeState();
  const entries = useHistory();
  const loadArguments = (entry: HistoryEntry) => {
    if ((entry.toolset ?? homeToolsetId()) === currentToolset && entry.tool === currentTool && onLoadArguments) {
      onLoadArguments(entry.args as JsonValue);
      const playgroundSection = document.getElementById('playground');
      if (playgroundSection) page.scroller.scrollTo(playgroundSection);
    } else {
      // Another tool's page, opened with these arguments in its link (the codec loads with the first such link).
      void shareLinkCodec().then(({ encodeArgumentsText }) =>
        navigate(
          toolHref(
            entry.toolset ?? homeToolsetId(),
            entry.tool,
            encodeArgumentsText(JSON.stringify(entry.args, null, 2)),
          ),
        ),
      );
    }
  };
  return (
    <section className="exec-history" aria-labelledby="exec-history-title">
      <h3 id="exec-history-title" className="exec-history-title">
        History <span className="muted">({entries.length})</span>
      </h3>
      {runtime.history.notSaved ? (
        <p className="field-error" role="alert" data-testid="history-not-saved">
          {runtime.history.notSaved}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p className="muted">{noCallsYet(runtime.history.persistent)}</p>
      ) : (
        <>
          <ol className="exec-history-list" aria-label="Call history">
            {entries.map((entry) => (
              <li key={entry.id} className={`exec-history-item exec-history-${entry.status}`}>
                <div className="exec-history-main">
                  <span className={`exec-history-status exec-history-status-${entry.status}`}>
                    {STATUS_LABELS[entry.status]}
                  </span>
                  <code className="exec-history-tool">{entry.tool}</code>
                  <span className="exec-history-summary">{entry.summary}</span>
                </div>
                <div className="exec-history-meta muted">
                  <time dateTime={new Date(entry.startedAt).toISOString()}>
                    {new Date(entry.startedAt).toLocaleString()}
                  </time>
                  {' · '}
                  {formatDuration(entry.durationMs)}
                  {entry.errorCode && entry.status === 'failed' ? ` · ${entry.errorCode}` : ''}
                </div>
                <details className="exec-history-args">
                  <summary>Arguments</summary>
                  <pre className="pre-block">{JSON.stringify(entry.args, null, 2)}</pre>
                </details>
                <div className="exec-history-actions">
                  <button
                    type="button"
                    className="button button-small"
                    disabled={rerunDisabled}
                    onClick={() => onRerun(entry)}
                    aria-label={`Re-run ${entry.tool}: ${entry.summary}`}
                  >
                    Re-run
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => loadArguments(entry)}
                    aria-label={`Load the arguments of ${entry.tool}: ${entry.summary} into the playground`}
                  >
                    Load arguments
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <button type="button" className="button button-small" onClick={() => runtime.history.clear()}>
            Clear history
          </button>
        </>
      )}
    </section>
  );
}
