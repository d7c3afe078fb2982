/** Offline scoring: a suite graded against calls already made, with no model and no key. */
import type { CheckContext } from '../calls/check';
import { failedRunGrade, gradeCase } from './grade-case';
import type { ResultProblem, ResultRecord } from './results-file';
import type { CaseRun, EvalSuite } from './types';

export function scoreRecords(suite: EvalSuite, records: readonly ResultRecord[], context: CheckContext): { runs: CaseRun[]; problems: ResultProblem[] } {
  const cases = new Map(suite.cases.map((evalCase) => [evalCase.id, evalCase]));
  const counters = new Map<string, number>();
  const runs: CaseRun[] = [];
  const problems: ResultProblem[] = [];
  for (const record of records) {
    const caseId = record.case ?? (suite.cases.length === 1 ? suite.cases[0]!.id : null);
    if (caseId === null) {
      problems.push({ line: record.line, message: `the record names no case, and the suite has ${suite.cases.length}: give each record a "case" field` });
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
    runs.push({
      case: caseId,
      model: record.model,
      ...(version !== undefined ? { toolsetVersion: version } : {}),
      repetition,
      calls: record.calls,
      grade: record.error !== undefined ? failedRunGrade(evalCase, record.error) : gradeCase(evalCase, record.calls, context),
      ...(record.error !== undefined ? { error: record.error } : {}),
      ...(record.usage !== undefined ? { usage: record.usage } : {}),
    });
  }
  return { runs, problems };
}
