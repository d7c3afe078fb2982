/** A run as it streams and after: each step's text, calls and verdicts, errors, usage, latency, the raw exchange. */
import { useState } from 'react';
import { STOP_REASON_TEXT } from '../../../core/model/agent/stop';
import { totalsOf } from '../../../core/model/agent/trace';
import { renderCurl } from '../../../core/model/curl';
import { costOf, costText } from '../../../core/model/prices';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import { transcriptOf } from '../../../core/model/transcript';
import type { ModelError } from '../../../core/model/spec';
import { copyText } from '../../lib/clipboard';
import { downloadFile } from '../../lib/download';
import { VERDICT_LABELS, type OpenHere } from './CallCard';
import { CallList } from './CallList';
import type { LiveRun, LiveStep } from './useModelRun';

function ErrorBox({ error }: { error: ModelError }) {
  return (
    <div className="model-error" role="alert" data-testid="model-error" data-code={error.code}>
      <p>{error.message}</p>
      {error.providerMessage && error.providerMessage !== error.message ? (
        <p className="muted">The provider said: {error.providerMessage}</p>
      ) : null}
    </div>
  );
}

function RawExchange({ step, run }: { step: LiveStep; run: LiveRun }) {
  const [copied, setCopied] = useState(false);
  const trace = step.record?.trace;
  if (!trace) return null;
  const adapter = PROVIDER_ADAPTERS[run.record.provider];
  const curl = renderCurl(adapter, {
    url: trace.url,
    method: trace.method === 'GET' ? 'GET' : 'POST',
    headers: trace.headers,
    ...(trace.body && typeof trace.body === 'object' && !Array.isArray(trace.body) ? { body: trace.body } : {}),
  });
  return (
    <details className="model-raw">
      <summary>Raw request and response (key redacted)</summary>
      <div className="model-raw-actions">
        <button type="button" className="button button-small" onClick={() => void copyText(curl).then(setCopied)}>
          {copied ? 'Copied' : 'Copy as curl'}
        </button>
      </div>
      <pre data-testid="model-raw-request">
        {JSON.stringify({ url: trace.url, method: trace.method, headers: trace.headers, body: trace.body }, null, 2)}
      </pre>
      <pre data-testid="model-raw-response">{`HTTP ${trace.status ?? '—'}\n${trace.responseText}`}</pre>
    </details>
  );
}

function StepView({
  step,
  run,
  toolsetId,
  here,
}: {
  step: LiveStep;
  run: LiveRun;
  toolsetId: string;
  here?: OpenHere | undefined;
}) {
  const record = step.record;
  const usage = record?.usage;
  return (
    <section className="model-step" aria-label={`Step ${step.step}`} data-testid="model-step">
      <h3 className="model-step-title">Step {step.step}</h3>
      {step.text !== '' ? (
        <div className="model-text" data-testid="model-text">
          {step.text}
        </div>
      ) : null}
      <CallList calls={step.calls} toolsetId={toolsetId} here={here} />
      {record?.error ? <ErrorBox error={record.error} /> : null}
      {record ? (
        <p className="model-step-facts muted">
          Finish: {record.rawFinishReason ?? record.finishReason} · {Math.round(record.latencyMs)} ms
          {record.firstByteMs !== undefined ? ` (first byte ${Math.round(record.firstByteMs)} ms)` : ''}
          {usage?.inputTokens !== undefined ? ` · ${usage.inputTokens} in / ${usage.outputTokens ?? 0} out tokens` : ''}
          {usage?.inputTokens !== undefined || usage?.cost !== undefined
            ? ` · ${costText(costOf(run.record.provider, run.record.model, usage))}`
            : ''}
        </p>
      ) : null}
      <RawExchange step={step} run={run} />
    </section>
  );
}

/** `statusInBar`: the page shows the run's progress and Stop in its own bar, so the view draws no streaming line. */
export function RunView({
  run,
  toolsetId,
  here,
  statusInBar = false,
}: {
  run: LiveRun;
  toolsetId: string;
  here?: OpenHere;
  statusInBar?: boolean;
}) {
  const totals = totalsOf(run.record);
  const counts = new Map<string, number>();
  for (const step of run.record.steps)
    for (const call of step.calls) counts.set(call.verdict.status, (counts.get(call.verdict.status) ?? 0) + 1);
  const exportTranscript = () => {
    const adapter = PROVIDER_ADAPTERS[run.record.provider];
    const transcript = transcriptOf(adapter, run.record);
    downloadFile(`model-run-${run.record.id}.json`, JSON.stringify(transcript, null, 2), 'application/json');
  };
  return (
    <div className="model-run" data-testid="model-run" aria-live="polite" aria-busy={run.running}>
      <div className="model-run-head">
        <p className="model-run-summary">
          <strong>{run.record.model}</strong>{' '}
          <span className="muted">· {PROVIDER_ADAPTERS[run.record.provider].label}</span>
          {totals.calls > 0 ? (
            <span data-testid="model-call-counts">
              {' '}
              · {totals.calls} call{totals.calls === 1 ? '' : 's'}:{' '}
              {[...counts.entries()]
                .map(
                  ([status, count]) =>
                    `${count} ${VERDICT_LABELS[status as keyof typeof VERDICT_LABELS].toLowerCase()}`,
                )
                .join(', ')}
            </span>
          ) : null}
          {totals.inputTokens > 0 ? ` · ${totals.inputTokens + totals.outputTokens} tokens` : ''}
          {totals.inputTokens > 0 || totals.cost !== undefined ? (
            <span data-testid="model-cost">{` · ${costText(costOf(run.record.provider, run.record.model, totals))}`}</span>
          ) : null}
        </p>
        {!run.running ? (
          <button type="button" className="button button-small" onClick={exportTranscript}>
            Export transcript
          </button>
        ) : null}
      </div>
      {/* How the run ended is said above its calls: "each call is judged below" then reads in order. */}
      {!run.running && run.record.stopReason ? (
        <p className="model-stop muted" data-testid="model-stop" data-reason={run.record.stopReason}>
          {STOP_REASON_TEXT[run.record.stopReason]}
        </p>
      ) : null}
      {run.steps.map((step) => (
        <StepView key={step.step} step={step} run={run} toolsetId={toolsetId} here={here} />
      ))}
      {run.running && !statusInBar ? (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> Streaming…
        </p>
      ) : null}
    </div>
  );
}
