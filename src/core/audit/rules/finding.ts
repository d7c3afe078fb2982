import type { AuditContext, AuditFinding, AuditSeverity } from '../types';

/** Builds findings for one rule so every rule reports the same shape. */
export const reporter = (context: AuditContext, rule: string) => {
  const findings: AuditFinding[] = [];
  const report = (severity: AuditSeverity, message: string, parameter?: string, pointer?: string) => {
    const finding: AuditFinding =
      parameter === undefined
        ? { tool: context.tool.name, rule, severity, message }
        : { tool: context.tool.name, parameter, rule, severity, message };
    if (pointer !== undefined) finding.pointer = pointer;
    findings.push(finding);
  };
  return { findings, report };
};
