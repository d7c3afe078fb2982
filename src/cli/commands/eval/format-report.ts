/** A suite report as text: per case, per model × toolset version, and each variant against the first. */
import { compareGroups, type Aggregate, type SuiteReport } from '../../../core/evals';
import { createStyle } from '../../style';
import { percent } from './shared';

const groupName = (entry: { model: string; toolsetVersion: string | null }): string =>
  entry.toolsetVersion === null ? entry.model : `${entry.model} @ ${entry.toolsetVersion}`;
const interval = (aggregate: Aggregate): string =>
  `[${percent(aggregate.passRate.low)}, ${percent(aggregate.passRate.high)}]`;
const counts = (record: Record<string, number>): string =>
  Object.entries(record)
    .sort((left, right) => right[1] - left[1])
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');

export function formatReport(report: SuiteReport, color: boolean): string[] {
  const style = createStyle(color);
  const out: string[] = [];
  const caseWidth = Math.min(40, Math.max(4, ...report.cases.map((entry) => entry.case.length)));
  const groupWidth = Math.min(40, Math.max(5, ...report.cases.map((entry) => groupName(entry).length)));
  out.push(
    style.bold(`${'  Case'.padEnd(caseWidth + 2)}  ${'Model'.padEnd(groupWidth)}  Passed  Rate    95% interval`),
  );
  for (const entry of report.cases) {
    const mark = entry.passes === entry.runs ? style.green('✓') : style.red('✗');
    const head = `${mark} ${entry.case.padEnd(caseWidth)}  ${groupName(entry).padEnd(groupWidth)}  ${`${entry.passes}/${entry.runs}`.padEnd(6)}  ${percent(entry.passRate.rate).padEnd(6)}  ${interval(entry)}`;
    out.push(head);
    for (const reason of entry.reasons) out.push(style.dim(`      ${reason}`));
  }
  out.push('', style.bold('By model and toolset version'));
  for (const group of report.groups) {
    out.push(
      `  ${style.bold(groupName(group))}: passed ${group.passes}/${group.runs} = ${percent(group.passRate.rate)} ${interval(group)}`,
    );
    out.push(
      `    tool selection ${percent(group.toolSelection)} · valid arguments ${percent(group.validity)} · precision ${group.precision.toFixed(2)} recall ${group.recall.toFixed(2)} F1 ${group.f1.toFixed(2)} · mean score ${group.meanScore.toFixed(2)}`,
    );
    const extras = [
      Object.keys(group.missing).length > 0 ? `missing: ${counts(group.missing)}` : '',
      Object.keys(group.hallucinated).length > 0 ? `hallucinated: ${counts(group.hallucinated)}` : '',
      Object.keys(group.errorCodes).length > 0 ? `error codes: ${counts(group.errorCodes)}` : '',
      group.failedRuns > 0 ? `failed runs: ${group.failedRuns}` : '',
      group.inputTokens + group.outputTokens > 0 ? `tokens ${group.inputTokens} in, ${group.outputTokens} out` : '',
      group.meanLatencyMs !== null ? `latency ${Math.round(group.meanLatencyMs)} ms mean` : '',
      group.costUsd > 0 ? `cost $${group.costUsd.toFixed(4)}` : '',
    ].filter((text) => text !== '');
    for (const extra of extras) out.push(`    ${extra}`);
  }
  if (report.groups.length > 1) {
    const [first, ...others] = report.groups;
    out.push('', style.bold(`Compared with ${groupName(first!)}`));
    for (const other of others) {
      const comparison = compareGroups(other, first!);
      const points = `${comparison.difference >= 0 ? '+' : ''}${(comparison.difference * 100).toFixed(1)} points`;
      const verdict = comparison.distinguishable ? style.bold('a real difference') : 'could be noise';
      out.push(
        `  ${groupName(other)}: ${points} (p = ${comparison.pValue.toFixed(3)}, ${comparison.method}): ${verdict}`,
      );
    }
  }
  return out;
}
