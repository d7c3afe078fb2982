/**
 * Runs summed up: per case × model × toolset version, and per suite (model × toolset version), each
 * with its pass rate's Wilson interval; and the comparison of two groups with its test of noise.
 */
import { comparePassRates, wilsonInterval, type Comparison, type Interval } from './scorers/confidence';
import { callF1 } from './scorers/tool-call-f1';
import { addCounts, validityRate } from './scorers/validity';
import type { CaseRun } from './types';

export interface Aggregate {
  runs: number;
  passes: number;
  /** Exact match: share of runs that passed, with its 95% Wilson interval. */
  passRate: Interval;
  meanScore: number;
  /** Runs whose tools were the expected ones. */
  toolSelection: number;
  /** Calls the validator accepts, over all calls. */
  validity: number;
  /** Call-level, micro-averaged over the runs. */
  precision: number;
  recall: number;
  f1: number;
  missing: Record<string, number>;
  hallucinated: Record<string, number>;
  errorCodes: Record<string, number>;
  /** Runs that failed before the model answered. */
  failedRuns: number;
  inputTokens: number;
  outputTokens: number;
  /** Mean over the runs that reported it; null when none did. */
  meanLatencyMs: number | null;
  costUsd: number;
}

interface GroupKey {
  model: string;
  toolsetVersion: string | null;
}

export interface CaseReport extends GroupKey, Aggregate {
  case: string;
  /** Distinct reasons the failed runs gave, most frequent first (at most 3). */
  reasons: string[];
}

export interface GroupReport extends GroupKey, Aggregate {}

export interface SuiteReport {
  suite: string;
  cases: CaseReport[];
  groups: GroupReport[];
  overall: Aggregate;
}

const tally = (names: readonly string[], into: Record<string, number>): void => {
  for (const name of names) into[name] = (into[name] ?? 0) + 1;
};

function aggregate(runs: readonly CaseRun[]): Aggregate {
  let passes = 0;
  let scoreSum = 0;
  let toolsCorrect = 0;
  let valid = 0;
  let actual = 0;
  let expected = 0;
  let matched = 0;
  let failedRuns = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let latencySum = 0;
  let latencyRuns = 0;
  let costUsd = 0;
  const missing: Record<string, number> = {};
  const hallucinated: Record<string, number> = {};
  const errorCodes: Record<string, number> = {};
  for (const run of runs) {
    const { grade } = run;
    if (grade.pass) passes++;
    if (grade.toolsCorrect) toolsCorrect++;
    if (run.error !== undefined) failedRuns++;
    scoreSum += grade.score;
    valid += grade.validCalls;
    actual += grade.actualCalls;
    expected += grade.expectedCalls;
    matched += grade.matched;
    tally(grade.missing, missing);
    tally(grade.hallucinated, hallucinated);
    addCounts(errorCodes, grade.errorCodes);
    inputTokens += run.usage?.inputTokens ?? 0;
    outputTokens += run.usage?.outputTokens ?? 0;
    costUsd += run.usage?.costUsd ?? 0;
    if (run.usage?.latencyMs !== undefined) {
      latencySum += run.usage.latencyMs;
      latencyRuns++;
    }
  }
  const count = runs.length;
  const { precision, recall, f1 } = callF1(matched, expected, actual);
  return {
    runs: count,
    passes,
    passRate: wilsonInterval(passes, count),
    meanScore: count > 0 ? scoreSum / count : 0,
    toolSelection: count > 0 ? toolsCorrect / count : 0,
    validity: validityRate(valid, actual),
    precision,
    recall,
    f1,
    missing,
    hallucinated,
    errorCodes,
    failedRuns,
    inputTokens,
    outputTokens,
    meanLatencyMs: latencyRuns > 0 ? latencySum / latencyRuns : null,
    costUsd,
  };
}

const groupKeyOf = (run: CaseRun): string => `${run.model}\u0000${run.toolsetVersion ?? ''}`;

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}

function reasonsOf(runs: readonly CaseRun[]): string[] {
  const counts = new Map<string, number>();
  for (const run of runs) if (!run.grade.pass) counts.set(run.grade.reason, (counts.get(run.grade.reason) ?? 0) + 1);
  return [...counts]
    .sort((left, right) => right[1] - left[1])
    .slice(0, 3)
    .map(([reason]) => reason);
}

/** Groups appear in the order their first run does, so a report reads in suite order. */
export function buildReport(suite: string, runs: readonly CaseRun[]): SuiteReport {
  const cases = [...groupBy(runs, (run) => `${run.case}\u0000${groupKeyOf(run)}`).values()].map(
    (group): CaseReport => ({
      case: group[0]!.case,
      model: group[0]!.model,
      toolsetVersion: group[0]!.toolsetVersion ?? null,
      ...aggregate(group),
      reasons: reasonsOf(group),
    }),
  );
  const groups = [...groupBy(runs, groupKeyOf).values()].map((group): GroupReport => ({
    model: group[0]!.model,
    toolsetVersion: group[0]!.toolsetVersion ?? null,
    ...aggregate(group),
  }));
  return { suite, cases, groups, overall: aggregate(runs) };
}

/** Group A against group B (two models, or two toolset versions of one model). */
export function compareGroups(a: Aggregate, b: Aggregate): Comparison {
  return comparePassRates(a.passes, a.runs, b.passes, b.runs);
}
