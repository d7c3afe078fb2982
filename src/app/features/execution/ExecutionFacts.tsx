import type { ToolResult } from '../../../core/runtime/types';
import '../../components/bounded-text.css';

const STATUS_TEXT = {
  completed: 'Completed',
  failed: 'Failed',
  denied: 'Denied',
  timed_out: 'Timed out',
  cancelled: 'Cancelled',
} as const;

/** A wait shorter than this reads as 0.0 s: a call that waited no longer than that did not wait for a slot. */
const SHOWN_QUEUE_MS = 50;

/**
 * What the execution service recorded beside the tool's result (the runtime model's execution record): status, approval (and the
 * arguments as edited in the approval dialog), time queued, session; and, when the data is longer than
 * a model is given, what is cut and how to get the rest.
 */
export function ExecutionFacts({ result }: { result: ToolResult }) {
  const record = result.execution;
  const truncation = result.shouldTruncate ? result.truncation : undefined;
  if (!record && !truncation) return null;
  return (
    <div className="exec-facts">
      {record ? (
        <dl className="exec-record" data-testid="execution-record">
          <div>
            <dt>Status</dt>
            <dd data-testid="execution-status">{STATUS_TEXT[record.status]}</dd>
          </div>
          <div>
            <dt>Approval</dt>
            <dd data-testid="execution-approval">
              {!record.approvalRequired
                ? 'not needed'
                : record.approved
                  ? record.modifiedArgs
                    ? 'approved with edited arguments'
                    : 'approved'
                  : 'not given'}
            </dd>
          </div>
          {record.queuedMs >= SHOWN_QUEUE_MS ? (
            <div>
              <dt>Queued</dt>
              <dd data-testid="execution-queued-time">
                {(record.queuedMs / 1000).toFixed(1)} s waiting for a free slot
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Session</dt>
            <dd>
              <code>{record.sessionId}</code>
            </dd>
          </div>
        </dl>
      ) : null}
      {record?.modifiedArgs ? (
        <details className="exec-edited-args" open>
          <summary>Arguments as edited at approval</summary>
          <pre className="pre-block" data-testid="execution-edited-args">
            {JSON.stringify(record.modifiedArgs, null, 2)}
          </pre>
        </details>
      ) : null}
      {truncation ? (
        <p className="exec-truncation" role="note" data-testid="execution-truncation">
          <strong>Truncated for the model:</strong> it gets {truncation.keptChars} of {truncation.totalChars} characters
          (max {result.maxDataLength}); cut: {truncation.cut}. To get the rest, {truncation.rest}. The whole data is
          here: a long output shows its first and last lines, more on request, and downloads whole.
        </p>
      ) : null}
    </div>
  );
}
