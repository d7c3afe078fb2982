import { useMemo } from 'react';
import { checkCompatibility, COMPAT_PROVIDER_LABELS, COMPAT_PROVIDERS, type CompatReport } from '../../../core/compat';
import type { ToolDefinition } from '../../../core/toolset/types';
import { CodeBlock } from '../../components/CodeBlock';
import './evolution.css';
import { DataTable } from '../../components/DataTable';

const SEVERITY = { error: 'Error', warning: 'Warning', info: 'Info' } as const;

function Verdict({ report }: { report: CompatReport }) {
  if (report.compatible)
    return (
      <p className="version-verdict is-ok" data-testid="compat-verdict">
        ✓ Accepted as it is.
      </p>
    );
  if (report.converted.compatible)
    return (
      <p className="version-verdict is-partial" data-testid="compat-verdict">
        ✗ Not accepted as it is; the converted form below is.
      </p>
    );
  return (
    <p className="version-verdict is-wrong" data-testid="compat-verdict">
      ✗ Not accepted, and no conversion can fix it without changing what the tool accepts.
    </p>
  );
}

function ReportPanel({ report }: { report: CompatReport }) {
  return (
    <div className="compat-report" data-provider={report.provider}>
      <Verdict report={report} />
      {report.findings.length > 0 ? (
        <DataTable
          label={`${COMPAT_PROVIDER_LABELS[report.provider]} findings`}
          className="change-table"
          testId="compat-findings"
          rows={report.findings}
          rowKey={(finding, index) => `${finding.rule}-${finding.pointer}-${index}`}
          columns={[
            {
              header: 'Severity',
              cell: (finding) => (
                <span className={`severity severity-${finding.severity}`}>{SEVERITY[finding.severity]}</span>
              ),
            },
            { header: 'Keyword', cell: (finding) => <code>{finding.keyword}</code> },
            { header: 'Where', cell: (finding) => <code className="change-pointer">{finding.pointer}</code> },
            { header: 'Finding', cell: (finding) => finding.message },
          ]}
        />
      ) : null}
      {!report.compatible ? (
        <>
          <h3>Converted form</h3>
          <CodeBlock
            code={JSON.stringify(report.converted.value, null, 2)}
            label={`${COMPAT_PROVIDER_LABELS[report.provider]}: converted definition`}
            maxHeight={360}
          />
          <ul className="format-notes" aria-label="What the conversion changed">
            {report.converted.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

const summaryVerdict = (report: CompatReport): string =>
  report.compatible
    ? '✓ accepted as it is'
    : report.converted.compatible
      ? '✗ converted form accepted'
      : '✗ not accepted';

/**
 * Per provider: is the definition accepted, finding by finding, and the converted form that is. One disclosure
 * per provider, so every verdict reads at a glance; the first opens by itself.
 */
export function CompatibilitySection({ tool }: { tool: ToolDefinition }) {
  const reports = useMemo(() => COMPAT_PROVIDERS.map((provider) => checkCompatibility(tool, provider)), [tool]);
  return (
    <div className="compat-list">
      {reports.map((report, index) => (
        <details
          key={report.provider}
          className="compat-provider"
          data-testid={`compat-${report.provider}`}
          open={index === 0}
        >
          <summary>
            <span className="compat-provider-name">{COMPAT_PROVIDER_LABELS[report.provider]}</span>
            <span
              className={`compat-summary ${report.compatible ? 'is-ok' : report.converted.compatible ? 'is-partial' : 'is-wrong'}`}
            >
              {summaryVerdict(report)}
            </span>
            <span className="muted">
              {' '}
              · {report.findings.length} finding{report.findings.length === 1 ? '' : 's'}
            </span>
          </summary>
          <ReportPanel report={report} />
        </details>
      ))}
    </div>
  );
}
