import { CALL_FORMAT_LABELS, type CallSummary } from '../../../core/calls/types';
import { DataTable, type Column } from '../../components/DataTable';

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const count = (value: number) => value.toLocaleString('en');

/** Which format and layout the checker saw, in words. */
export function formatSeen(summary: Pick<CallSummary, 'formats' | 'layout'>): string {
  if (summary.formats.length === 0) return 'No tool calls found';
  const names = summary.formats.map((entry) => CALL_FORMAT_LABELS[entry.format]).join(' + ');
  return `${names}${summary.layout === 'json-document' ? ', one JSON document' : summary.layout === 'json-lines' ? ', JSON Lines' : ''}`;
}

export function SummaryCards({ summary }: { summary: CallSummary }) {
  const cards = [
    { key: 'calls', label: 'Calls', value: summary.calls },
    { key: 'valid', label: 'Valid', value: summary.valid },
    { key: 'invalid', label: 'Invalid', value: summary.invalid },
    { key: 'unknown', label: 'Unknown tool', value: summary.unknownTool },
    { key: 'unparseable', label: 'Unparseable', value: summary.unparseable },
  ];
  return (
    <div className="call-summary">
      <dl className="call-cards">
        {cards.map((card) => (
          <div key={card.key} className={`call-card call-card-${card.key}`} data-testid={`summary-${card.key}`}>
            <dt>{card.label}</dt>
            <dd>{count(card.value)}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        {percent(summary.invalidRate)} of calls not valid.
        {summary.skipped > 0
          ? ` ${count(summary.skipped)} records held no tool call (user turns, tool results, other methods) and were skipped.`
          : ''}
      </p>
    </div>
  );
}

const FIX_COLUMNS: Column<CallSummary['fixes'][number]>[] = [
  { header: 'Tool', cell: (fix) => <code>{fix.tool}</code>, sortValue: (fix) => fix.tool },
  { header: 'Model wrote', cell: (fix) => <code>{fix.from}</code> },
  { header: 'Schema wants', cell: (fix) => <code>{fix.to}</code> },
  { header: 'Seen', cell: (fix) => count(fix.count), sortValue: (fix) => fix.count },
];

const PARAMETER_COLUMNS: Column<CallSummary['parameters'][number]>[] = [
  {
    header: 'Parameter',
    cell: (entry) => (
      <code>
        {entry.tool}.{entry.parameter || '(arguments)'}
      </code>
    ),
    sortValue: (entry) => `${entry.tool}.${entry.parameter}`,
  },
  { header: 'Errors', cell: (entry) => count(entry.count), sortValue: (entry) => entry.count },
  {
    header: 'Codes',
    cell: (entry) =>
      Object.entries(entry.codes)
        .map(([code, times]) => `${code} ${count(times)}`)
        .join(', '),
  },
];

const UNKNOWN_COLUMNS: Column<CallSummary['unknownTools'][number]>[] = [
  { header: 'Name the model used', cell: (entry) => <code>{entry.tool}</code>, sortValue: (entry) => entry.tool },
  { header: 'Calls', cell: (entry) => count(entry.count), sortValue: (entry) => entry.count },
  {
    header: 'Closest names',
    cell: (entry) =>
      entry.suggestions.length > 0 ? entry.suggestions.join(', ') : <span className="muted">none close</span>,
  },
];

export function FixTables({ summary }: { summary: CallSummary }) {
  return (
    <div className="call-fix-tables">
      <section aria-labelledby="fixes-title">
        <h2 id="fixes-title">Suggested fixes</h2>
        {summary.fixes.length === 0 ? (
          <p className="muted">The validator proposed no renames.</p>
        ) : (
          <DataTable
            label="Suggested fixes"
            wrapClassName={null}
            className="call-table-plain"
            columns={FIX_COLUMNS}
            rows={summary.fixes.slice(0, 20)}
            rowKey={(fix) => `${fix.tool}/${fix.from}/${fix.to}`}
          />
        )}
      </section>
      <section aria-labelledby="parameters-title">
        <h2 id="parameters-title">Parameters most often wrong</h2>
        {summary.parameters.length === 0 ? (
          <p className="muted">No parameter errors.</p>
        ) : (
          <DataTable
            label="Parameters most often wrong"
            wrapClassName={null}
            className="call-table-plain"
            columns={PARAMETER_COLUMNS}
            rows={summary.parameters.slice(0, 20)}
            rowKey={(entry) => `${entry.tool}/${entry.parameter}`}
          />
        )}
      </section>
      {summary.unknownTools.length > 0 ? (
        <section aria-labelledby="unknown-title">
          <h2 id="unknown-title">Unknown tools</h2>
          <DataTable
            label="Unknown tools"
            wrapClassName={null}
            className="call-table-plain"
            columns={UNKNOWN_COLUMNS}
            rows={summary.unknownTools.slice(0, 20)}
            rowKey={(entry) => entry.tool}
          />
        </section>
      ) : null}
    </div>
  );
}
