import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scoreRecords } from './offline';
import { readResults } from './results-file';
import { buildReport } from './report';
import { parseSuite } from './suite-format';
import { testContext } from './context.test-support';
import type { EvalSuite } from './types';

const read = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const parsed = parseSuite(read('weather-suite.yaml'), 'weather-suite.yaml');
if (!parsed.ok) throw new Error('fixture suite unreadable');
const suite: EvalSuite = parsed.suite;

describe('offline scoring of logged runs', () => {
  const { records, problems: readProblems } = readResults(read('weather-results.jsonl'));
  const { runs, problems } = scoreRecords(suite, records, testContext());
  const verdicts = runs.map((run) => [run.case, run.repetition, run.grade.pass, run.grade.reason]);

  it('reads each record in the shape it was logged in, and says which lines it could not use', () => {
    expect(readProblems).toEqual([{ line: 12, message: expect.stringMatching(/^not JSON/) }]);
    expect(problems).toEqual([{ line: 11, message: "case 'no-such-case' is not in suite 'Weather assistant'" }]);
    expect(runs).toHaveLength(10);
  });

  it('grades every case by its matchers', () => {
    expect(verdicts).toEqual([
      ['paris-weather', 1, true, 'all 1 expected call made'],
      ['paris-weather', 2, false, '1 of 1 expected call not made: get_weather: unit must be absent, got "celsius"'],
      ['two-cities', 1, true, 'all 2 expected calls made'],
      ['two-cities', 2, false, expect.stringMatching(/^1 of 2 expected calls not made: get_weather: days: /)],
      ['email-then-nothing-else', 1, true, 'all 2 expected calls made in order; none of delete_account was called'],
      [
        'email-then-nothing-else',
        2,
        false,
        '1 of 2 expected calls not made in order: get_weather or get_forecast was called, but not in the expected order',
      ],
      ['email-then-nothing-else', 3, false, '1 call beyond the expected ones'],
      ['small-talk', 1, true, 'no tool was called'],
      ['small-talk', 2, false, 'no call was expected, got 1: get_weather'],
      ['small-talk', 3, false, 'the run failed: HTTP 500 from the provider'],
    ]);
  });

  it('scores: call-level F1, zero for a broken negative rule, validity, missing and invented parameters', () => {
    const grades = runs.map((run) => run.grade);
    expect(grades[1]!.score).toBe(0);
    // One of two calls fits: precision = recall = F1 = 1/2.
    expect(grades[3]!.score).toBe(0.5);
    expect(grades[3]!.validCalls).toBe(1);
    expect(grades[3]!.errorCodes).toEqual({ out_of_range: 1 });
    // Extra and forbidden call: 0 despite two good calls.
    expect(grades[6]!.score).toBe(0);
    expect(grades[6]!.hallucinated).toEqual(['send_email.cc']);
    expect(grades[6]!.toolsCorrect).toBe(false);
    expect(grades[4]!.toolsCorrect).toBe(true);
  });

  it('reports per case and per suite with intervals', () => {
    const report = buildReport(suite.name, runs);
    expect(report.cases.map((entry) => [entry.case, entry.passes, entry.runs])).toEqual([
      ['paris-weather', 1, 2],
      ['two-cities', 1, 2],
      ['email-then-nothing-else', 1, 3],
      ['small-talk', 1, 3],
    ]);
    expect(report.groups).toHaveLength(1);
    const group = report.groups[0]!;
    expect(group).toMatchObject({ model: 'model-a', toolsetVersion: '1.0.0', runs: 10, passes: 4, failedRuns: 1 });
    expect(group.passRate.low).toBeLessThan(0.4);
    expect(group.passRate.high).toBeGreaterThan(0.4);
    expect(group.hallucinated).toEqual({ 'send_email.cc': 1 });
  });

  it('reads an exported conversation (one JSON document) as one run of a one-case suite', () => {
    const single: EvalSuite = { ...suite, cases: [suite.cases[0]!] };
    const conversation = JSON.stringify(
      {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'weather in Paris?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
            ],
          },
        ],
      },
      null,
      2,
    );
    const result = scoreRecords(single, readResults(conversation).records, testContext());
    expect(result.runs.map((run) => [run.case, run.grade.reason])).toEqual([
      ['paris-weather', '1 of 1 expected call not made: get_weather: unit must be absent, got "celsius"'],
    ]);
  });

  it('reads a bare transcript as one run of a one-case suite', () => {
    const single: EvalSuite = { ...suite, cases: [suite.cases[0]!] };
    const transcript = [
      JSON.stringify({ role: 'user', content: 'weather in Paris?' }),
      JSON.stringify({
        role: 'assistant',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      }),
    ].join('\n');
    const result = scoreRecords(single, readResults(transcript).records, testContext());
    expect(result.runs.map((run) => [run.case, run.grade.pass])).toEqual([['paris-weather', true]]);
  });
});
