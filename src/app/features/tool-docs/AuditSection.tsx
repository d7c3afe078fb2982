import { use, useEffect, useMemo, useState } from 'react';
import { useValidator } from '../../lib/ValidatorContext';
import { lintNeedsLinearEngine, lintTool, sortFindings, type AuditFinding } from '../../../core/audit';
import { AUDIT_SEVERITIES } from '../../../core/audit/types';
import type { NamingConvention, ToolDefinition } from '../../../core/toolset/types';
import { createPrecompiledLoads } from '../../lib/precompiledValidators';
import { createSchemaChecks } from '../../lib/schemaWorker';
import { DataTable } from '../../components/DataTable';
import { useHydrated } from '../../lib/hydrated';
import type { RegexEngine } from '../../../core/validation/linear-engine';
import { usePage } from '../../lib/page';

/** Each regex engine's load, settled either way, as this page has asked for it. */
const createSettledLoads = () => new WeakMap<RegexEngine, Promise<unknown>>();

/** The engine's load, settled either way (one promise per engine, as `use` wants): a takeover waits for it, then goes on. */
function engineSettled(settledLoads: WeakMap<RegexEngine, Promise<unknown>>, engine: RegexEngine): Promise<unknown> {
  let settled = settledLoads.get(engine);
  if (settled === undefined) {
    settled = engine.load().catch(() => undefined);
    settledLoads.set(engine, settled);
  }
  return settled;
}

/**
 * The lint checks examples against the schema: a schema without a generated validator is audited off the page.
 * A tool whose warning rules or patterns need RE2 is audited once the page has loaded it (most tools never do); the
 * build has it from the start, so a prerendered page already holds those findings.
 */
function useFindings(tool: ToolDefinition, naming?: NamingConvention): AuditFinding[] | string | null {
  const validator = useValidator();
  const page = usePage();
  const settledLoads = page.part(createSettledLoads);
  const checks = page.part(createSchemaChecks);
  const elsewhere = checks.elsewhere(validator, tool, page.part(createPrecompiledLoads));
  const [engineLoads, setEngineLoads] = useState(0);
  // The build audits with RE2 (ssr.tsx): taking its markup over waits for RE2 too, the build's findings shown meanwhile.
  const hydrated = useHydrated();
  const waiting = !elsewhere && lintNeedsLinearEngine(tool, validator.regexEngine);
  if (waiting && !hydrated) use(engineSettled(settledLoads, validator.regexEngine));
  // `engineLoads` counts RE2's arrivals: the findings are worked out again once it has loaded.
  const here = useMemo(
    () => (elsewhere || waiting ? null : sortFindings(lintTool(tool, { naming, validator }))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [elsewhere, waiting, tool, naming, engineLoads, validator],
  );
  const [remote, setRemote] = useState<{ tool: ToolDefinition; findings: AuditFinding[] | string } | null>(null);
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    validator.regexEngine.load().then(
      () => current && setEngineLoads((count) => count + 1),
      (error: unknown) =>
        current &&
        setRemote({
          tool,
          findings: `The audit could not run: the pattern engine did not load (${error instanceof Error ? error.message : String(error)}).`,
        }),
    );
    return () => {
      current = false;
    };
  }, [waiting, tool, validator]);
  useEffect(() => {
    if (!elsewhere) return;
    let current = true;
    checks.audit(tool, naming).then(
      (findings) => current && setRemote({ tool, findings }),
      (error: unknown) =>
        current &&
        setRemote({
          tool,
          findings: `The audit could not run: ${error instanceof Error ? error.message : String(error)}`,
        }),
    );
    return () => {
      current = false;
    };
  }, [elsewhere, tool, naming, checks]);
  return here ?? (remote?.tool === tool ? remote.findings : null);
}

const severityLabel = { error: 'Error', warning: 'Warning', info: 'Info' } as const;

export function AuditSection({ tool, naming }: { tool: ToolDefinition; naming?: NamingConvention }) {
  const findings = useFindings(tool, naming);
  if (findings === null) {
    return (
      <p className="muted" role="status">
        <span className="spinner" aria-hidden="true" /> Auditing…
      </p>
    );
  }
  if (typeof findings === 'string') return <p role="alert">{findings}</p>;
  if (findings.length === 0) {
    return (
      <p className="audit-clean" data-testid="audit-clean">
        <span aria-hidden="true">✓</span> No findings: this definition passes every audit rule.
      </p>
    );
  }
  return (
    <DataTable
      label="Audit findings table"
      className="audit-table"
      testId="audit-table"
      rows={findings}
      rowKey={(finding, index) => `${finding.rule}-${finding.parameter ?? ''}-${index}`}
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
          header: 'Parameter',
          className: 'audit-parameter',
          label: 'Parameter',
          cell: (finding) => (
            <>
              {finding.parameter ? <code>{finding.parameter}</code> : <span className="muted">tool</span>}
              {/* Poisoning findings point at the exact text: a description, an enum value, a default. */}
              {finding.pointer ? (
                <span className="audit-pointer" title="JSON pointer into the definition">
                  <code className="muted-code">{finding.pointer}</code>
                </span>
              ) : null}
            </>
          ),
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
  );
}
