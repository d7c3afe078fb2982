// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Aggregate, CaseReport, GroupReport, SuiteReport } from '../../../core/evals';
import { ResultsView } from './ResultsView';
import { mountRootPerTest } from '../../lib/mountedRoot.test-support';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const scores = (passes: number, runs: number): Aggregate => ({
  runs,
  passes,
  passRate: { rate: passes / runs, low: 0, high: 1 },
  meanScore: passes / runs,
  toolSelection: 1,
  validity: 1,
  precision: 1,
  recall: 1,
  f1: 1,
  missing: {},
  hallucinated: {},
  errorCodes: {},
  failedRuns: 0,
  inputTokens: 0,
  outputTokens: 0,
  meanLatencyMs: null,
  costUsd: 0,
});
const group = (model: string, passes: number): GroupReport => ({ model, toolsetVersion: null, ...scores(passes, 4) });
// The last case is the only failure.
const cases: CaseReport[] = ['b-read', 'a-list', 'c-write'].map((name, index) => ({
  case: name,
  model: 'openai:large',
  toolsetVersion: null,
  reasons: [],
  ...scores(index === 2 ? 0 : 1, 1),
}));
const groups = [group('openai:large', 2), group('openai:small', 4), group('anthropic:mid', 1)];
const report = (caseList: CaseReport[]): SuiteReport => ({
  suite: 'sorting',
  groups,
  cases: caseList,
  overall: scores(3, 4),
});

const mounted = mountRootPerTest();

const table = (testId: string) => mounted.container.querySelector(`[data-testid="${testId}"]`)!;
const firstCells = (testId: string) =>
  [...table(testId).querySelectorAll('tbody tr')].map((row) => row.children[0]!.textContent);
const header = (testId: string, name: string) =>
  [...table(testId).querySelectorAll('th')].find((cell) => cell.textContent?.startsWith(name))!;
const show = (caseList: CaseReport[]) => act(() => mounted.root.render(<ResultsView report={report(caseList)} />));
const sortBy = (testId: string, name: string) => act(() => header(testId, name).querySelector('button')!.click());

describe('ResultsView sorting', () => {
  it('sorts the models by accuracy: a real button in the header, its order in aria-sort', () => {
    show(cases);
    expect(firstCells('eval-groups')).toEqual(['openai:large', 'openai:small', 'anthropic:mid']);
    const button = header('eval-groups', 'Accuracy').querySelector('button')!;
    expect(button.type).toBe('button');
    expect(header('eval-groups', 'Accuracy').getAttribute('aria-sort')).toBe('none');
    sortBy('eval-groups', 'Accuracy');
    expect(firstCells('eval-groups')).toEqual(['anthropic:mid', 'openai:large', 'openai:small']);
    expect(header('eval-groups', 'Accuracy').getAttribute('aria-sort')).toBe('ascending');
    sortBy('eval-groups', 'Accuracy');
    expect(firstCells('eval-groups')).toEqual(['openai:small', 'openai:large', 'anthropic:mid']);
    expect(header('eval-groups', 'Accuracy').getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts the cases (all of them, before the first rows are cut: sortByColumn), the sort shown on the header', () => {
    show(cases);
    expect(firstCells('eval-cases')).toEqual(['b-read', 'a-list', 'c-write']);
    sortBy('eval-cases', 'Accuracy');
    expect(firstCells('eval-cases')).toEqual(['c-write', 'b-read', 'a-list']);
    expect(header('eval-cases', 'Accuracy').getAttribute('aria-sort')).toBe('ascending');
    sortBy('eval-cases', 'Case');
    expect(firstCells('eval-cases')).toEqual(['a-list', 'b-read', 'c-write']);
    expect(header('eval-cases', 'Accuracy').getAttribute('aria-sort')).toBe('none');
    expect(header('eval-cases', 'Case').getAttribute('aria-sort')).toBe('ascending');
  });
});
