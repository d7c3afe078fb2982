import { IMPORT_FORMAT_LABELS, type ImportProblem, type ImportResult } from '../../../core/import';
import { DataTable, type Column } from '../../components/DataTable';
import { RiskBadge } from '../../components/RiskBadge';
import { firstSentence } from '../../lib/firstSentence';
import { groupCounts, groupFindings } from './findingGroups';

/** The verdict in one line: the format, how many tools are ready, how many refused, and the name they import under. */
export function ImportVerdict({ result }: { result: ImportResult }) {
  const refused = result.found - result.toolset.tools.length;
  return (
    <p className="import-summary" data-testid="import-summary">
      {result.format ? (
        <>
          Recognised <strong>{IMPORT_FORMAT_LABELS[result.format]}</strong>: {result.found}{' '}
          {result.found === 1 ? 'tool' : 'tools'} found, <strong>{result.toolset.tools.length}</strong> ready to import
          {refused > 0 ? <>, {refused} refused</> : null}.
          {result.toolset.tools.length > 0 ? (
            <>
              {' '}
              They import as <strong data-testid="import-toolset-name">{result.toolset.manifest.name}</strong>.
            </>
          ) : null}
        </>
      ) : (
        'Nothing can be imported from this text yet.'
      )}
    </p>
  );
}

/** Every finding, grouped by rule with its counts and folded, each row naming the tool, the pointer and what to do. */
export function ImportFindings({ result }: { result: ImportResult }) {
  if (result.problems.length === 0) return null;
  const groups = groupFindings(result.problems);
  return (
    <section className="import-report" aria-labelledby="import-findings-title">
      <h2 id="import-findings-title">
        Findings <span className="muted import-findings-total">({result.problems.length})</span>
      </h2>
      <div className="import-groups">
        {groups.map((group) => (
          <details
            key={group.rule}
            className={`import-group ${group.errors > 0 ? 'import-group-error' : 'import-group-warning'}`}
            data-rule={group.rule}
          >
            <summary>
              <span className="import-group-title">{group.title}</span>{' '}
              <code className="import-group-rule">{group.rule}</code>{' '}
              <span className="import-group-count" data-testid="import-group-count">
                {groupCounts(group)}
              </span>
            </summary>
            <DataTable
              label={`Findings: ${group.rule}`}
              className="import-problems"
              columns={PROBLEM_COLUMNS}
              rows={group.problems}
              rowKey={(_problem, index) => index}
              rowClassName={(problem) => `import-problem import-problem-${problem.severity}`}
            />
          </details>
        ))}
      </div>
    </section>
  );
}

/** The tools the import takes, with their risk and the first sentence of their description. */
export function ImportTools({ result }: { result: ImportResult }) {
  if (result.toolset.tools.length === 0) return null;
  return (
    <section className="import-report" aria-labelledby="import-tools-title">
      <h2 id="import-tools-title">Tools to import</h2>
      <ul className="import-tools" aria-labelledby="import-tools-title">
        {result.toolset.tools.map((tool) => (
          <li key={tool.name}>
            <code className="tool-name">{tool.name}</code>
            <RiskBadge level={tool.riskLevel} />
            <span className="muted">{firstSentence(tool.description) || 'No description'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const PROBLEM_COLUMNS: Column<ImportProblem>[] = [
  {
    header: 'Tool',
    cell: (problem) => (
      <>
        <span className="import-severity">
          {problem.severity === 'error' ? 'Refused' : problem.rule === 'schema_note' ? 'Note' : 'Warning'}
        </span>{' '}
        {problem.toolName ? (
          <code>{problem.toolName}</code>
        ) : problem.toolIndex !== undefined ? (
          `#${problem.toolIndex + 1}`
        ) : (
          'the text'
        )}
      </>
    ),
  },
  { header: 'Where', cell: (problem) => <code className="import-pointer">{problem.pointer || '/'}</code> },
  { header: 'What to do', cell: (problem) => problem.message },
];
