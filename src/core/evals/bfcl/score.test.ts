import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readAnswers, readBfclResults, readQuestions } from './files';
import { scoreBfcl } from './score';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

interface CheckerVerdict {
  valid: boolean;
  error_type?: string;
  error?: string[];
  sub_error_types?: string[];
}
const expected = fixture('bfcl-sample-verdicts.jsonl')
  .trim()
  .split('\n')
  .map(
    (line) =>
      JSON.parse(line) as { id: string; variant: string; plain: CheckerVerdict; underscore_to_dot: CheckerVerdict },
  );

const questions = readQuestions(fixture('bfcl-sample-questions.json'));
const answers = readAnswers(fixture('bfcl-sample-possible-answer.json'));
const results = readBfclResults(fixture('bfcl-sample-results.jsonl'));

const asChecker = (verdict: ReturnType<typeof scoreBfcl>['verdicts'][number]): CheckerVerdict => ({
  valid: verdict.valid,
  ...(verdict.valid ? {} : { error_type: verdict.errorType, error: verdict.errors }),
  ...(verdict.subErrorTypes ? { sub_error_types: verdict.subErrorTypes } : {}),
});

describe("the BFCL sample against BFCL's own checker", () => {
  it('reads the sample whole', () => {
    expect([questions.problems, answers.problems, results.problems]).toEqual([[], [], []]);
    expect(results.results).toHaveLength(expected.length);
    expect(expected.length).toBeGreaterThanOrEqual(40);
  });

  for (const [mode, options] of [
    ['plain', {}],
    ['underscore_to_dot', { underscoreToDot: true }],
  ] as const) {
    it(`gives the checker's verdict, error type and messages on every entry (${mode})`, () => {
      const score = scoreBfcl(questions.questions, answers.answers, results.results, options);
      expect(score.problems).toEqual([]);
      const ours = score.verdicts.map((verdict) => ({
        id: verdict.id,
        variant: verdict.variant,
        ...asChecker(verdict),
      }));
      const theirs = expected.map((entry) => ({ id: entry.id, variant: entry.variant, ...entry[mode] }));
      expect(ours).toEqual(theirs);
    });
  }

  it('has right and wrong entries in every category, and accuracy per category', () => {
    const score = scoreBfcl(questions.questions, answers.answers, results.results);
    expect(score.categories.map((entry) => entry.category)).toEqual([
      'simple_python',
      'multiple',
      'parallel',
      'parallel_multiple',
    ]);
    for (const entry of score.categories) {
      expect(entry.correct).toBeGreaterThan(0);
      expect(entry.correct).toBeLessThan(entry.total);
    }
    expect(score.overall.correct).toBe(expected.filter((entry) => entry.plain.valid).length);
  });
});
