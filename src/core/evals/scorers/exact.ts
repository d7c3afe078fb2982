/** Exact match: the share of runs whose case grade passed (every expected call, every rule). */
import type { Grade } from '../types';

export interface PassRate {
  passes: number;
  runs: number;
  /** 0 when there are no runs. */
  rate: number;
}

export function exactMatch(grades: readonly Pick<Grade, 'pass'>[]): PassRate {
  const passes = grades.filter((grade) => grade.pass).length;
  return { passes, runs: grades.length, rate: grades.length > 0 ? passes / grades.length : 0 };
}
