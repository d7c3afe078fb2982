import { useMemo } from 'react';
import { lintTool, sortFindings } from '../../../core/audit';
import type { NamingConvention, ToolDefinition } from '../../../core/toolset/types';

const severityLabel = { error: 'Error', warning: 'Warning', info: 'Info' } as const;

export function AuditSection({ tool, naming }: { tool: ToolDefinition; naming?: NamingConvention }) {
  const findings = useMemo(() => sortFindings(lintTool(tool, { naming })), [tool, naming]);
  if (findings.length === 0) {
    return (
      <p className="audit-clean" data-testid="audit-clean">
        <span aria-hidden="true">✓</span> No findings: this definition passes every audit rule.
      </p>
    );
  }
  return (
    <div className="table-scroll" role="region" aria-label="Audit findings table" tabIndex={0}>
      <table className="audit-table" data-testid="audit-table">
        <thead>
          <tr>
            <th scope="col">Severity</th>
            <th scope="col">Parameter</th>
            <th scope="col">Rule</th>
            <th scope="col">Finding</th>
          </tr>
        </thead>
        <tbody>
          {findings.map((finding, index) => (
            <tr key={`${finding.rule}-${finding.parameter ?? ''}-${index}`}>
              <td className="audit-severity">
                <span className={`severity severity-${finding.severity}`}>{severityLabel[finding.severity]}</span>
              </td>
              <td className="audit-parameter" data-label="Parameter">
                {finding.parameter ? <code>{finding.parameter}</code> : <span className="muted">tool</span>}
              </td>
              <td className="audit-rule" data-label="Rule">
                <code className="muted-code">{finding.rule}</code>
              </td>
              <td className="audit-message">{finding.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
