import { describe, expect, it } from 'vitest';
import { testContext } from '../context.test-support';
import { checkCalls } from '../grade-case';
import { absent } from './absent';
import { anyOf } from './any-of';
import { jsonEqual } from '../../json/json-equal';
import { equals } from './arguments-equal';
import { matchMustNotCall } from './must-not-call';
import { matchNoCall } from './no-call';
import { matchOrder, pairCalls } from './order';
import { pattern, patternProblem } from './pattern';
import { matchToolName } from './tool-name';
import { typed } from './typed';

describe('tool-name', () => {
  it('accepts the name or any of a set, and says what was expected', () => {
    expect(matchToolName({ expected: 'get_weather', actual: 'get_weather' }).pass).toBe(true);
    expect(matchToolName({ expected: ['search', 'web_search'], actual: 'web_search' }).pass).toBe(true);
    const miss = matchToolName({ expected: ['search', 'web_search'], actual: 'browse' });
    expect(miss).toEqual({ pass: false, score: 0, reason: 'called browse, expected one of search, web_search' });
  });
});

describe('arguments-equal', () => {
  it('compares objects without regard to key order, arrays in order', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
  });
  it('fails a missing or different argument with both values in the reason', () => {
    expect(equals.match({ name: 'city', expected: 'Paris', actual: 'Paris', errors: null }).pass).toBe(true);
    expect(equals.match({ name: 'city', expected: 'Paris', actual: 'Lyon', errors: null }).reason).toBe(
      'city is "Lyon", expected "Paris"',
    );
    expect(equals.match({ name: 'city', expected: 'Paris', actual: undefined, errors: null }).reason).toBe(
      'city is missing, expected "Paris"',
    );
  });
});

describe('any-of', () => {
  it('accepts any listed value, including objects', () => {
    expect(anyOf.match({ name: 'unit', expected: ['celsius', 'C'], actual: 'C', errors: null }).pass).toBe(true);
    expect(anyOf.match({ name: 'range', expected: [{ from: 1 }], actual: { from: 1 }, errors: null }).pass).toBe(true);
    expect(anyOf.match({ name: 'unit', expected: ['celsius', 'C'], actual: 'kelvin', errors: null }).pass).toBe(false);
  });
});

describe('pattern', () => {
  it('matches strings on RE2 and refuses non-strings', () => {
    expect(pattern.match({ name: 'path', expected: '^src/.*\\.ts$', actual: 'src/a.ts', errors: null }).pass).toBe(
      true,
    );
    expect(pattern.match({ name: 'path', expected: '^src/', actual: 'lib/a.ts', errors: null }).pass).toBe(false);
    expect(pattern.match({ name: 'path', expected: '^1', actual: 12, errors: null }).pass).toBe(false);
  });
  it('names patterns RE2 cannot run', () => {
    expect(patternProblem('(a)\\1')).toMatch(/backreferences/);
    expect(patternProblem('^a+$')).toBeUndefined();
  });
});

describe('typed', () => {
  const context = testContext();
  it("judges the value with the tool's schema through the validator", () => {
    const [good, bad] = checkCalls(
      [
        { tool: 'get_weather', arguments: { city: 'Oslo', days: 3 } },
        { tool: 'get_weather', arguments: { city: 'Oslo', days: 30 } },
      ],
      context,
    );
    expect(typed.match({ name: 'days', expected: true, actual: 3, errors: good!.errors }).pass).toBe(true);
    const failedGrade = typed.match({ name: 'days', expected: true, actual: 30, errors: bad!.errors });
    expect(failedGrade.pass).toBe(false);
    expect(failedGrade.reason).toMatch(/^days: /);
    // The city is fine in the bad call: only errors under the argument count.
    expect(typed.match({ name: 'city', expected: true, actual: 'Oslo', errors: bad!.errors }).pass).toBe(true);
  });
  it('fails a missing argument and an unknown tool', () => {
    expect(typed.match({ name: 'days', expected: true, actual: undefined, errors: [] }).pass).toBe(false);
    expect(typed.match({ name: 'days', expected: true, actual: 3, errors: null }).reason).toMatch(/not in the toolset/);
  });
});

describe('absent', () => {
  it('passes only when the argument is left out', () => {
    expect(absent.match({ name: 'unit', expected: true, actual: undefined, errors: null }).pass).toBe(true);
    expect(absent.match({ name: 'unit', expected: true, actual: 'celsius', errors: null }).reason).toBe(
      'unit must be absent, got "celsius"',
    );
  });
});

describe('no-call and must-not-call', () => {
  it('no-call fails on any call, naming it', () => {
    expect(matchNoCall({ actual: [] }).pass).toBe(true);
    expect(matchNoCall({ actual: [{ tool: 'get_weather', arguments: {} }] }).reason).toBe(
      'no call was expected, got 1: get_weather',
    );
  });
  it('must-not-call names the forbidden tools called', () => {
    const calls = [
      { tool: 'get_weather', arguments: {} },
      { tool: 'delete_account', arguments: {} },
    ];
    expect(matchMustNotCall({ forbidden: ['delete_account'], actual: calls }).reason).toBe(
      'called delete_account, which must not be called',
    );
    expect(matchMustNotCall({ forbidden: ['send_email'], actual: calls }).pass).toBe(true);
  });
});

describe('order', () => {
  // Expected e fits actual a when their letters agree.
  const pair = (expected: string, actual: string, order: 'any' | 'sequence') =>
    pairCalls(expected.length, actual.length, order, (e, a) => expected[e] === actual[a]);

  it('any order pairs parallel calls whatever their order', () => {
    expect(pair('ab', 'ba', 'any').unmatchedExpected).toEqual([]);
  });
  it('any order finds the maximum pairing where a greedy pick would not', () => {
    // Expected 0 fits actual 0 and 1; expected 1 fits only actual 0.
    const pairing = pairCalls(2, 2, 'any', (e, a) => (e === 0 ? true : a === 0));
    expect(pairing.pairs).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });
  it('sequence leaves out-of-order calls unpaired', () => {
    const pairing = pair('ab', 'ba', 'sequence');
    expect(pairing.pairs).toHaveLength(1);
    expect(pairing.unmatchedExpected).toHaveLength(1);
    expect(pair('abc', 'xaybzc', 'sequence').unmatchedExpected).toEqual([]);
  });
  it('the order grade fails missing calls and extra calls unless allowed', () => {
    const describe = (index: number) => `call ${index}`;
    expect(
      matchOrder({ pairing: pair('ab', 'a', 'any'), order: 'any', allowExtraCalls: false, describeExpected: describe }),
    ).toEqual({ pass: false, score: 0.5, reason: '1 of 2 expected calls not made: call 1' });
    expect(
      matchOrder({ pairing: pair('a', 'ab', 'any'), order: 'any', allowExtraCalls: false, describeExpected: describe })
        .reason,
    ).toBe('1 call beyond the expected ones');
    expect(
      matchOrder({ pairing: pair('a', 'ab', 'any'), order: 'any', allowExtraCalls: true, describeExpected: describe })
        .pass,
    ).toBe(true);
  });
});
