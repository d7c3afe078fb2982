import { Fragment, use, useMemo, useState } from 'react';
import { auditToolset, type ToolsetFinding } from '../../../core/audit/toolset';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { AUDIT_SEVERITIES } from '../../../core/audit/types';
import { DataTable } from '../../components/DataTable';
import { toolHref } from '../../lib/hrefs';
import type { Toolsets } from '../../services/toolsets';
import { useToolsetStore } from '../../services/useToolsets';

const severityLabel = { error: 'Error', warning: 'Warning', info: 'Info' } as const;

/** Rows drawn at first: a toolset of thousands of near-copies has tens of thousands of findings, and a table of them all takes seconds to lay out. */
const FIRST_ROWS = 500;

/** This toolset and every other one loaded beside it (bundled and imported), made once while the toolsets stay as they are. */
function loadAll(toolsets: Toolsets, toolsetId: string): Promise<ToolsetBundle[]> {
  const ids = [
    toolsetId,
    ...toolsets
      .entries()
      .map((entry) => entry.toolset.manifest.id)
      .filter((id) => id !== toolsetId),
  ];
  return toolsets.cached(`beside\n${ids.join('\n')}`, () =>
    Promise.all(ids.map((id) => toolsets.loadToolset(id))).then((bundles) =>
      bundles.filter((bundle): bundle is ToolsetBundle => bundle !== null),
    ),
  );
}

function ToolLinks({ finding, toolsetId }: { finding: ToolsetFinding; toolsetId: string }) {
  return (
    <span className="toolset-audit-tools">
      {finding.tools.map((ref, index) => (
        <Fragment key={`${ref.toolset}/${ref.tool}`}>
          {index > 0 ? ', ' : null}
          <a href={toolHref(ref.toolset, ref.tool)}>
            <code>{ref.toolset === toolsetId ? ref.tool : `${ref.toolset}/${ref.tool}`}</code>
          </a>
        </Fragment>
      ))}
    </span>
  );
}

export function ToolsetAuditReport({ toolsetId }: { toolsetId: string }) {
  const all = use(loadAll(useToolsetStore(), toolsetId));
  const toolset = all[0];
  const findings = useMemo(() => (all[0] ? auditToolset(all[0], all.slice(1)) : []), [all]);
  const [showAll, setShowAll] = useState(false);
  if (!toolset) return <p role="alert">The toolset '{toolsetId}' could not be loaded.</p>;
  if (findings.length === 0) {
    return (
      <p className="audit-clean" data-testid="toolset-audit-clean">
        <span aria-hidden="true">✓</span> No findings across tools: no look-alikes, no shadowed names, no references to
        other toolsets, no risky combination.
      </p>
    );
  }
  const shown = showAll || findings.length <= FIRST_ROWS ? findings : findings.slice(0, FIRST_ROWS);
  return (
    <>
      {shown.length < findings.length ? (
        <p className="muted small" data-testid="toolset-audit-first-rows">
          The first {FIRST_ROWS.toLocaleString('en')} of {findings.length.toLocaleString('en')} findings, most severe
          first.{' '}
          <button type="button" className="button button-small" onClick={() => setShowAll(true)}>
            Show all {findings.length.toLocaleString('en')}
          </button>
        </p>
      ) : null}
      <DataTable
        label="Findings across tools"
        className="audit-table toolset-audit-table"
        testId="toolset-audit-table"
        rows={shown}
        rowKey={(finding, index) => `${finding.rule}-${index}`}
        columns={[
          // Ascending puts the most severe first (the order the audit gives).
          {
            header: 'Severity',
            className: 'audit-severity',
            cell: (finding) => (
              <span className={`severity severity-${finding.severity}`}>{severityLabel[finding.severity]}</span>
            ),
            sortValue: (finding) => AUDIT_SEVERITIES.indexOf(finding.severity),
          },
          {
            header: 'Tools',
            className: 'audit-parameter',
            label: 'Tools',
            cell: (finding) => <ToolLinks finding={finding} toolsetId={toolset.manifest.id} />,
          },
          {
            header: 'Rule',
            className: 'audit-rule',
            label: 'Rule',
            cell: (finding) => <code className="muted-code">{finding.rule}</code>,
            sortValue: (finding) => finding.rule,
          },
          { header: 'Finding', className: 'audit-message', cell: (finding) => finding.message },
        ]}
      />
    </>
  );
}
