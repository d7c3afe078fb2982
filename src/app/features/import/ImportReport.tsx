import { IMPORT_FORMAT_LABELS, type ImportProblem, type ImportResult } from '../../../core/import';
import { DataTable, type Column } from '../../components/DataTable';
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
        <DataTable
          label="Problems"
          className="import-problems"
          columns={PROBLEM_COLUMNS}
          rows={[...errors, ...warnings]}
          rowKey={(_problem, index) => index}
          rowClassName={(problem) => `import-problem import-problem-${problem.severity}`}
        />
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

const PROBLEM_COLUMNS: Column<ImportProblem>[] = [
  {
    header: 'Tool',
    cell: (problem) => (
      <>
        <span className="import-severity">{problem.severity === 'error' ? 'Refused' : problem.rule === 'schema_note' ? 'Note' : 'Warning'}</span>{' '}
        {problem.toolName ? <code>{problem.toolName}</code> : problem.toolIndex !== undefined ? `#${problem.toolIndex + 1}` : 'the text'}
      </>
    ),
  },
  { header: 'Where', cell: (problem) => <code className="import-pointer">{problem.pointer || '/'}</code> },
  { header: 'Rule', cell: (problem) => <code>{problem.rule}</code> },
  { header: 'What to do', cell: (problem) => problem.message },
];
