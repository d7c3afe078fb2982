import { CALL_FORMAT_LABELS, type CallSummary } from '../../../core/calls/types';

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
        {summary.skipped > 0 ? ` ${count(summary.skipped)} records held no tool call (user turns, tool results, other methods) and were skipped.` : ''}
      </p>
    </div>
  );
}

export function FixTables({ summary }: { summary: CallSummary }) {
  return (
    <div className="call-fix-tables">
      <section aria-labelledby="fixes-title">
        <h2 id="fixes-title">Suggested fixes</h2>
        {summary.fixes.length === 0 ? (
          <p className="muted">The validator proposed no renames.</p>
        ) : (
          <table className="call-table-plain">
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col">Model wrote</th>
                <th scope="col">Schema wants</th>
                <th scope="col">Seen</th>
              </tr>
            </thead>
            <tbody>
              {summary.fixes.slice(0, 20).map((fix) => (
                <tr key={`${fix.tool}/${fix.from}/${fix.to}`}>
                  <td>
                    <code>{fix.tool}</code>
                  </td>
                  <td>
                    <code>{fix.from}</code>
                  </td>
                  <td>
                    <code>{fix.to}</code>
                  </td>
                  <td>{count(fix.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="parameters-title">
        <h2 id="parameters-title">Parameters most often wrong</h2>
        {summary.parameters.length === 0 ? (
          <p className="muted">No parameter errors.</p>
        ) : (
          <table className="call-table-plain">
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">Errors</th>
                <th scope="col">Codes</th>
              </tr>
            </thead>
            <tbody>
              {summary.parameters.slice(0, 20).map((entry) => (
                <tr key={`${entry.tool}/${entry.parameter}`}>
                  <td>
                    <code>
                      {entry.tool}.{entry.parameter || '(arguments)'}
                    </code>
                  </td>
                  <td>{count(entry.count)}</td>
                  <td>
                    {Object.entries(entry.codes)
                      .map(([code, times]) => `${code} ${count(times)}`)
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {summary.unknownTools.length > 0 ? (
        <section aria-labelledby="unknown-title">
          <h2 id="unknown-title">Unknown tools</h2>
          <table className="call-table-plain">
            <thead>
              <tr>
                <th scope="col">Name the model used</th>
                <th scope="col">Calls</th>
                <th scope="col">Closest names</th>
              </tr>
            </thead>
            <tbody>
              {summary.unknownTools.slice(0, 20).map((entry) => (
                <tr key={entry.tool}>
                  <td>
                    <code>{entry.tool}</code>
                  </td>
                  <td>{count(entry.count)}</td>
                  <td>{entry.suggestions.length > 0 ? entry.suggestions.join(', ') : <span className="muted">none close</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
