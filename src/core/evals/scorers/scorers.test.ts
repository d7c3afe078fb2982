import { describe, expect, it } from 'vitest';
import { comparePassRates, fisherExact, normalCdf, wilsonInterval } from './confidence';
import { parameterFindings } from './parameters';
import { callF1, toolNameF1 } from './tool-call-f1';
import { errorCodeCounts, validityRate } from './validity';
import { testContext } from '../context.test-support';

describe('tool-call F1', () => {
  it("toolNameF1 is promptfoo's: name sets, frequency and order ignored", () => {
    // promptfoo's worked example: expected [a, b], called [a, c] → P = R = F1 = 0.5.
    expect(toolNameF1(['a', 'b'], ['a', 'c'])).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(toolNameF1(['a'], ['a', 'a', 'a'])).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(toolNameF1(['a', 'b'], [])).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(toolNameF1([], [])).toEqual({ precision: 1, recall: 1, f1: 1 });
  });
  it('callF1 counts calls, so a repeated call lowers precision', () => {
    expect(callF1(1, 1, 3).precision).toBeCloseTo(1 / 3);
    expect(callF1(1, 1, 3).f1).toBeCloseTo(0.5);
    expect(callF1(2, 4, 2)).toEqual({ precision: 1, recall: 0.5, f1: 2 / 3 });
    expect(callF1(0, 0, 0).f1).toBe(1);
    expect(callF1(0, 0, 2).f1).toBe(0);
  });
});

describe('confidence', () => {
  it('Wilson interval matches worked values', () => {
    // 8 of 10 at 95%: [0.4902, 0.9433] (Wilson 1927; as statsmodels proportion_confint method="wilson").
    const interval = wilsonInterval(8, 10);
    expect(interval.low).toBeCloseTo(0.4902, 4);
    expect(interval.high).toBeCloseTo(0.9433, 4);
    // 0 of 5 is not a zero-width interval.
    expect(wilsonInterval(0, 5).high).toBeCloseTo(0.4345, 4);
    expect(wilsonInterval(0, 0)).toEqual({ rate: 0, low: 0, high: 1 });
  });
  it('normal CDF is accurate to the approximation', () => {
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });
  it('Fisher exact matches the two-sided p-values computed with Python math.comb', () => {
    expect(fisherExact(10, 0, 3, 7)).toBeCloseTo(0.0030959752321981426, 12);
    expect(fisherExact(8, 2, 4, 6)).toBeCloseTo(0.1698023338890212, 12);
    expect(fisherExact(1, 9, 6, 4)).toBeCloseTo(0.05727554179566564, 12);
    expect(fisherExact(5, 5, 5, 5)).toBe(1);
  });
  it('small runs use Fisher; 10/10 against 3/10 is real, 8/10 against 6/10 is not', () => {
    const real = comparePassRates(10, 10, 3, 10);
    expect(real.method).toBe('Fisher exact test');
    expect(real.distinguishable).toBe(true);
    expect(real.difference).toBeCloseTo(0.7);
    const noise = comparePassRates(8, 10, 6, 10);
    expect(noise.distinguishable).toBe(false);
    expect(noise.intervalsOverlap).toBe(true);
  });
  it('large runs use the two-proportion z-test', () => {
    // 90/100 against 80/100: pooled p = 0.85, z = 1.98, two-sided p = 0.0477.
    const result = comparePassRates(90, 100, 80, 100);
    expect(result.method).toBe('two-proportion z-test');
    expect(result.pValue).toBeCloseTo(0.0477, 3);
    expect(result.distinguishable).toBe(true);
  });
});

describe('validity, error codes, missing and hallucinated parameters', () => {
  const context = testContext();
  it('counts codes per call, an unknown tool under its own code', () => {
    const counts = errorCodeCounts([
      { tool: 'a', errors: [{ parameter: 'x', code: 'required', message: '' }] },
      { tool: 'b', errors: null },
      {
        tool: 'a',
        errors: [
          { parameter: 'x', code: 'required', message: '' },
          { parameter: 'y', code: 'type_mismatch', message: '' },
        ],
      },
    ]);
    expect(counts).toEqual({ required: 2, unknown_tool: 1, type_mismatch: 1 });
    expect(validityRate(3, 4)).toBe(0.75);
    expect(validityRate(0, 0)).toBe(1);
  });
  it("reads missing and invented names off the tool's schema", () => {
    const findings = parameterFindings(
      [
        { tool: 'send_email', arguments: { to: ['a@b.c'], cc: 'x', priority: 1 } },
        { tool: 'nope', arguments: { any: 1 } },
      ],
      context,
    );
    expect(findings).toEqual({
      missing: ['send_email.subject'],
      hallucinated: ['send_email.cc', 'send_email.priority'],
    });
  });
});
