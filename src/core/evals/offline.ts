/** Offline scoring: a suite graded against calls already made, with no model and no key. */
import type { CheckContext } from '../calls/check';
import { failedRunGrade, gradeCase } from './grade-case';
import type { ResultProblem, ResultRecord } from './results-file';
import type { CaseRun, EvalSuite } from './types';

export function scoreRecords(
  suite: EvalSuite,
  records: readonly ResultRecord[],
  context: CheckContext,
): { runs: CaseRun[]; problems: ResultProblem[] } {
  const cases = new Map(suite.cases.map((evalCase) => [evalCase.id, evalCase]));
  const counters = new Map<string, number>();
  const runs: CaseRun[] = [];
  const problems: ResultProblem[] = [];
  for (const record of records) {
    const caseId = record.case ?? (suite.cases.length === 1 ? suite.cases[0]!.id : null);
    if (caseId === null) {
      problems.push({
        line: record.line,
        message: `the record names no case, and the suite has ${suite.cases.length}: give each record a "case" field`,
      });
      continue;
    }
    const evalCase = cases.get(caseId);
    if (evalCase === undefined) {
      problems.push({ line: record.line, message: `case '${caseId}' is not in suite '${suite.name}'` });
      continue;
    }
    const version = record.toolsetVersion ?? suite.toolsetVersion;
    const key = `${caseId}\u0000${record.model}\u0000${version ?? ''}`;
    const repetition = record.repetition ?? (counters.get(key) ?? 0) + 1;
    counters.set(key, repetition);
    // Built field by field: object spreads here cost more than the grading (measured with npm run bench).
    const run: CaseRun = {
      case: caseId,
      model: record.model,
      repetition,
      calls: record.calls,
      grade:
        record.error !== undefined
          ? failedRunGrade(evalCase, record.error)
          : gradeCase(evalCase, record.calls, context),
    };
    if (version !== undefined) run.toolsetVersion = version;
    if (record.error !== undefined) run.error = record.error;
    if (record.usage !== undefined) run.usage = record.usage;
    runs.push(run);
  }
  return { runs, problems };
}
