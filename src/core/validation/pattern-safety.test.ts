import { describe, expect, it } from 'vitest';
import { compilePattern, maxPatternInput } from './pattern-safety';

const verdict = (pattern: string) => {
  const compiled = compilePattern(pattern);
  return compiled.ok ? compiled.degree : 'refused';
};

/** Milliseconds for one test of the native expression (what the guard lets run). */
const timeTest = (pattern: string, value: string) => {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) throw new Error(compiled.reason);
  const started = performance.now();
  compiled.expression.test(value);
  return performance.now() - started;
};

describe('pattern safety analysis', () => {
  it.each([
    ['^(a+)+$'],
    ['(a*)*b'],
    ['^(\\w+\\s?)*$'],
    ['^(a|a)*$'],
    ['^(a|aa)+$'],
    ['^(\\w|\\d)+$'],
    ['^((ab)+)+$'],
    ['^([^/\\s]+/?)*$'],
  ])('refuses the exponential shape %s with the reason', (pattern) => {
    const compiled = compilePattern(pattern);
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.reason).toMatch(/backtrack exponentially/);
  });

  it.each([
    ['^[a-z_]+$', 1],
    ['^[a-z]+(_[a-z]+)*$', 1],
    ['^([a-z0-9-]+\\.)+[a-z]{2,}$', 1],
    ['^(\\d{1,3}\\.){3}\\d{1,3}$', 1],
    ['^(foo|bar)+$', 1],
    ['^(a+b+)+$', 1],
    ['^[^\\u0000]*$', 1],
    ['^v?\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$', 1],
    ['[^\\u0000]*$', 2],
    ['^\\d*[a-z]*\\d*x$', 2],
    ['^\\S+@\\S+\\.\\S+$', 3],
    ['a.*b.*c', 3],
  ])('accepts %s as degree %i', (pattern, degree) => {
    expect(verdict(pattern)).toBe(degree);
  });

  it('refuses an invalid expression with the engine’s reason', () => {
    const compiled = compilePattern('([a-z');
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.reason).toMatch(/not a valid regular expression/);
  });

  it('caps the input length by degree so the worst case stays near 10^8 steps', () => {
    expect(maxPatternInput(1)).toBe(Infinity);
    expect(maxPatternInput(2)).toBe(10_000);
    expect(maxPatternInput(3)).toBe(464);
  });

  it('keeps the worst inputs of accepted polynomial patterns fast at their cap', () => {
    // The inputs that make these shapes backtrack the most, at the longest length the guard allows.
    expect(timeTest('[^\\u0000]*$', `${'a'.repeat(maxPatternInput(2) - 2)}\u0000x`)).toBeLessThan(1000);
    expect(timeTest('^\\S+@\\S+\\.\\S+$', `${'@.'.repeat(Math.floor(maxPatternInput(3) / 2) - 1)} `)).toBeLessThan(1000);
    expect(timeTest('a.*b.*c', 'ab'.repeat(Math.floor(maxPatternInput(3) / 2)))).toBeLessThan(1000);
  });
});
