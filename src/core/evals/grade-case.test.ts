import { describe, expect, it } from 'vitest';
import { gradeCase } from './grade-case';
import { testContext } from './context.test-support';
import type { EvalCase } from './types';

const twice: EvalCase = {
  id: 'twice',
  messages: [{ role: 'user', content: 'Oslo, twice' }],
  expect: {
    calls: [{ tool: 'get_weather' }, { tool: 'get_weather' }],
    order: 'any',
    noCall: false,
    mustNotCall: [],
    allowExtraCalls: false,
  },
};

describe('grading one run', () => {
  it('says a fitting call was made fewer times than expected', () => {
    const grade = gradeCase(twice, [{ tool: 'get_weather', arguments: { city: 'Oslo' } }], testContext());
    expect(grade.pass).toBe(false);
    expect(grade.reason).toBe('1 of 2 expected calls not made: get_weather was called fewer times than expected');
    // P = 1/1, R = 1/2.
    expect(grade.score).toBeCloseTo(2 / 3);
  });
  it('reads arguments sent as JSON text, and fails text that is not an object', () => {
    const context = testContext();
    expect(
      gradeCase(
        twice,
        [
          { tool: 'get_weather', arguments: '{"city":"Oslo"}' },
          { tool: 'get_weather', arguments: '' },
        ],
        context,
      ).pass,
    ).toBe(true);
    const withArgs: EvalCase = {
      ...twice,
      expect: { ...twice.expect, calls: [{ tool: 'get_weather', arguments: { city: { typed: true } } }] },
    };
    const grade = gradeCase(withArgs, [{ tool: 'get_weather', arguments: '{"city":' }], context);
    expect(grade.reason).toBe('1 of 1 expected call not made: get_weather: the arguments are not a JSON object');
    expect(grade.validCalls).toBe(0);
  });

  it('noOtherArguments fails a call with an argument the expectation does not name', () => {
    const strict: EvalCase = {
      ...twice,
      expect: {
        ...twice.expect,
        calls: [{ tool: 'get_weather', arguments: { city: { equals: 'Oslo' } }, noOtherArguments: true }],
      },
    };
    const context = testContext();
    expect(gradeCase(strict, [{ tool: 'get_weather', arguments: { city: 'Oslo' } }], context).pass).toBe(true);
    expect(
      gradeCase(strict, [{ tool: 'get_weather', arguments: { city: 'Oslo', unit: 'celsius' } }], context).reason,
    ).toBe("1 of 1 expected call not made: get_weather: argument 'unit' is not expected");
  });
});
