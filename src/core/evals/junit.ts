/** JUnit XML for CI: one test suite per model × toolset version, one test case per eval case. */
import type { CaseReport, SuiteReport } from './report';

const xml = (text: string): string =>
  // Control characters are not allowed in XML 1.0 at all; a model's text may hold them.
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const groupName = (report: { model: string; toolsetVersion: string | null }): string =>
  report.toolsetVersion === null ? report.model : `${report.model} @ ${report.toolsetVersion}`;

/** A case fails when its pass rate over the repetitions is below `bar`. */
export function toJunit(report: SuiteReport, bar: number): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(report.suite)}" tests="${report.cases.length}">`,
  ];
  for (const group of report.groups) {
    const cases = report.cases.filter(
      (entry) => entry.model === group.model && entry.toolsetVersion === group.toolsetVersion,
    );
    const failing = (entry: CaseReport) => entry.passRate.rate < bar;
    out.push(
      `  <testsuite name="${xml(`${report.suite} · ${groupName(group)}`)}" tests="${cases.length}" failures="${cases.filter(failing).length}">`,
    );
    for (const entry of cases) {
      const name = `<testcase classname="${xml(groupName(group))}" name="${xml(entry.case)}"`;
      if (!failing(entry)) out.push(`    ${name}/>`);
      else {
        const message = `passed ${entry.passes} of ${entry.runs}: ${entry.reasons.join(' | ')}`;
        out.push(`    ${name}>`, `      <failure message="${xml(message)}"/>`, '    </testcase>');
      }
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}
