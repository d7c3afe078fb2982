/** Runs side by side: each column's model, usage, latency and outcome; then the calls aligned, same position in one row. */
import { alignCalls, rowAgreement, type AlignedRow } from '../../../core/model/agent/compare';
import { STOP_REASON_TEXT } from '../../../core/model/agent/stop';
import { totalsOf } from '../../../core/model/agent/trace';
import { costOf, costText } from '../../../core/model/prices';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import { CallCard, VERDICT_LABELS } from './CallCard';
import type { LiveCall, LiveRun } from './useModelRun';
import { VirtualList } from './VirtualList';
import './side-by-side.css';

export interface Column {
  label: string;
  live: LiveRun;
  /** The toolset id the column's playground links open in. */
  toolsetId: string;
}

function ColumnHead({ column }: { column: Column }) {
  const { live } = column;
  const totals = totalsOf(live.record);
  const counts = new Map<string, number>();
  for (const step of live.record.steps)
    for (const call of step.calls) counts.set(call.verdict.status, (counts.get(call.verdict.status) ?? 0) + 1);
  const text = live.steps.map((step) => step.text).join('');
  const error = live.record.error;
  return (
    <div className="model-column-head" data-testid="compare-head">
      <p className="model-column-label">
        <strong>{column.label}</strong>
        <br />
        <span className="muted">
          {live.record.model} · {PROVIDER_ADAPTERS[live.record.provider].label}
        </span>
      </p>
      <p className="model-column-facts muted" data-testid="compare-facts">
        {live.running ? (
          <>
            <span className="spinner" aria-hidden="true" /> Streaming…
          </>
        ) : (
          <>
            {totals.calls} call{totals.calls === 1 ? '' : 's'}
            {totals.calls > 0
              ? `: ${[...counts.entries()].map(([status, count]) => `${count} ${VERDICT_LABELS[status as keyof typeof VERDICT_LABELS].toLowerCase()}`).join(', ')}`
              : ''}
            {` · ${Math.round(totals.latencyMs)} ms`}
            {totals.inputTokens > 0 ? ` · ${totals.inputTokens} in / ${totals.outputTokens} out tokens` : ''}
            {totals.inputTokens > 0 || totals.cost !== undefined
              ? ` · ${costText(costOf(live.record.provider, live.record.model, totals))}`
              : ''}
          </>
        )}
      </p>
      {text !== '' ? (
        <div className="model-text model-column-text" data-testid="compare-text">
          {text}
        </div>
      ) : null}
      {error ? (
        <div className="model-error" role="alert" data-testid="model-error" data-code={error.code}>
          <p>{error.message}</p>
        </div>
      ) : null}
      {!live.running && live.record.stopReason ? (
        <p className="muted" data-testid="compare-stop" data-reason={live.record.stopReason}>
          {STOP_REASON_TEXT[live.record.stopReason]}
        </p>
      ) : null}
    </div>
  );
}

const keyOf = (call: LiveCall | undefined) =>
  call ? { name: call.name, ...(call.record ? { status: call.record.verdict.status } : {}) } : undefined;

/** A row's height before it is measured: a title over one valid call with one line of arguments. */
const ESTIMATED_ROW_HEIGHT = 190;

type Row = AlignedRow<LiveCall>;

function CompareRow({ row, columns, grid }: { row: Row; columns: Column[]; grid: string }) {
  const agreement = rowAgreement(row.cells.map(keyOf));
  return (
    <section
      className={`model-compare-row is-${agreement}`}
      data-testid="compare-row"
      data-agreement={agreement}
      aria-label={`Call ${row.position + 1}`}
    >
      <h3 className="model-compare-row-title">
        Call {row.position + 1}
        {row.step > 1 ? `, step ${row.step}` : ''}{' '}
        <span className="muted">
          —{' '}
          {agreement === 'same' ? 'same tool, same verdict' : agreement === 'pending' ? 'arriving' : 'the runs differ'}
        </span>
      </h3>
      <div className={grid}>
        {row.cells.map((call, index) => (
          <div key={index} className="model-compare-cell" data-testid="compare-cell">
            <p className="model-compare-cell-label muted">{columns[index]!.label}</p>
            {call ? (
              <CallCard call={call} toolsetId={columns[index]!.toolsetId} />
            ) : (
              <p className="muted model-compare-none">No call here.</p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

export function SideBySide({ columns }: { columns: Column[] }) {
  const rows = alignCalls(columns.map((column) => column.live.steps));
  const running = columns.some((column) => column.live.running);
  const grid = `model-compare-grid cols-${columns.length}`;
  return (
    <div className="model-compare-view" data-testid="compare-view" aria-live="polite" aria-busy={running}>
      <div className={grid}>
        {columns.map((column, index) => (
          <ColumnHead key={index} column={column} />
        ))}
      </div>
      <VirtualList
        items={rows}
        keyOf={(row) => `${row.step}-${row.position}`}
        render={(row) => <CompareRow row={row} columns={columns} grid={grid} />}
        estimatedHeight={ESTIMATED_ROW_HEIGHT}
        testId="compare-rows-scroll"
      />
    </div>
  );
}
