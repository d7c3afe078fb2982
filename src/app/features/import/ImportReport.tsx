import { IMPORT_FORMAT_LABELS, type ImportProblem, type ImportResult } from '../../../core/import';
import { RiskBadge } from '../../components/RiskBadge';
import { firstSentence } from '../../lib/firstSentence';

/** What the check found: the format, the tools that will import, and every problem by tool, pointer and rule. */
export function ImportReport({ result }: { result: ImportResult }) {
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  const warnings = result.problems.filter((problem) => problem.severity === 'warning');
  const refused = result.found - result.toolset.tools.length;
  return (
    <section className="import-report" aria-labelledby="import-report-title">
      <h2 id="import-report-title">Check</h2>
      <p className="import-summary" data-testid="import-summary">
        {result.format ? (
          <>
            Recognised <strong>{IMPORT_FORMAT_LABELS[result.format]}</strong>: {result.found} {result.found === 1 ? 'tool' : 'tools'} found,{' '}
            <strong>{result.toolset.tools.length}</strong> ready to import
            {refused > 0 ? <>, {refused} refused</> : null}.
          </>
        ) : (
          'Nothing can be imported from this text yet.'
        )}
      </p>
      {result.problems.length > 0 ? (
        <div className="table-scroll">
          <table className="import-problems" aria-label="Problems">
            <thead>
              <tr>
                <th scope="col">Tool</th>
                <th scope="col">Where</th>
                <th scope="col">Rule</th>
                <th scope="col">What to do</th>
              </tr>
            </thead>
            <tbody>
              {[...errors, ...warnings].map((problem, index) => (
                <ProblemRow key={index} problem={problem} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.toolset.tools.length > 0 ? (
        <ul className="import-tools" aria-label="Tools to import">
          {result.toolset.tools.map((tool) => (
            <li key={tool.name}>
              <code className="tool-name">{tool.name}</code>
              <RiskBadge level={tool.riskLevel} />
              <span className="muted">{firstSentence(tool.description) || 'No description'}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ProblemRow({ problem }: { problem: ImportProblem }) {
  return (
    <tr className={`import-problem import-problem-${problem.severity}`}>
      <td>
        <span className="import-severity">{problem.severity === 'error' ? 'Refused' : problem.rule === 'schema_note' ? 'Note' : 'Warning'}</span>{' '}
        {problem.toolName ? <code>{problem.toolName}</code> : problem.toolIndex !== undefined ? `#${problem.toolIndex + 1}` : 'the text'}
      </td>
      <td>
        <code className="import-pointer">{problem.pointer || '/'}</code>
      </td>
      <td>
        <code>{problem.rule}</code>
      </td>
      <td>{problem.message}</td>
    </tr>
  );
}
