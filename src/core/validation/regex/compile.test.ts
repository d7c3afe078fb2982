import { describe, expect, it } from 'vitest';
import { compileLinear } from '../linear-regex';
import {
  analysePattern,
  compileBacktracking as compilePattern,
  compilePattern as compilePatternWith,
  maxPatternInput,
} from './index';

/** As the validator compiles a pattern, with RE2 given. */
const compileForValidation = (pattern: string) => compilePatternWith(pattern, compileLinear);

const verdict = (pattern: string) => {
  const compiled = compilePattern(pattern);
  return compiled.ok ? compiled.degree : 'refused';
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
});

/** The refusal as search_files reads it (no `u` flag; `i` unless case-sensitive), or null when allowed. */
const problem = (pattern: string, flags = '') => {
  const verdict = analysePattern(pattern, flags);
  return verdict.ok ? null : verdict.problem;
};

describe('nested repetition', () => {
  it('refuses repeated groups that contain a repetition with nothing ending each iteration', () => {
    for (const pattern of ['(a+)+!', '(\\w*\\s?)*$', '(x{1,9})+', '(?:a|b+)*']) {
      expect(problem(pattern), pattern).not.toBeNull();
    }
    expect(problem('(a+)+!')).toContain("'(a+)+'");
    expect(problem('(a+)+!')).toMatch(/^the repeated group '/);
  });

  it('accepts a nested repetition whose iterations end on a required character it cannot match, and the match ends (it does not backtrack)', () => {
    // `c` ends every iteration of `((ab)*c)+` and `(ab)*` cannot take it, so each text splits one way only.
    expect(problem('((ab)*c)+')).toBeNull();
    const worst = `${`${'ab'.repeat(20)}c`.repeat(2000)}ab!`;
    // Were it to backtrack, this match would not end within the test's time limit.
    expect(/^((ab)*c)+$/.test(worst)).toBe(false);
  });

  it('accepts ordinary patterns', () => {
    for (const pattern of [
      '^import.*React',
      '(foo|bar)+',
      'a+b*c?',
      '(\\d+)?x',
      '[(+*)]+',
      '\\(a+\\)+',
      'x{2}',
      '(ab){2}',
      'TODO:?\\s+\\w+',
    ]) {
      expect(problem(pattern), pattern).toBeNull();
    }
  });
});

describe('repeated choices the next character cannot settle', () => {
  it.each([
    ['(x|x)*y', "'x' and 'x'"],
    ['(\\w|\\d)+!', "'\\w' and '\\d'"],
    ['(a|[ab])+c', "'a' and '[ab]'"],
    ['((a|a)b)+c', "'a' and 'a'"],
    ['(?:a|ab|b)+c', "'a' and 'a'"],
    ['(a|.)*z', "'a' and '.'"],
    ['(?:x(?:|))*y', 'nothing in more than one way'],
    ['(a?a?)+b', "optional part 'a?'"],
    ['(?:ab?a?)+c', "optional part 'a?'"],
    ['(?:a|a?)+b', 'same character'],
    ['(?:(a)|\\1)+', 'back-reference'],
    ['(?=(x|x)*y)', "'x' and 'x'"],
  ])('refuses %s, naming the clash', (pattern, named) => {
    const found = problem(pattern);
    expect(found, pattern).not.toBeNull();
    expect(found).toContain(named);
    expect(found).toMatch(/^the repeated group '/);
    // The schema keyword (`u` flag) gives the same verdict.
    expect(compilePattern(pattern).ok, pattern).toBe(false);
  });

  it('sees that the i flag makes a and A the same character', () => {
    expect(problem('(a|A)+b')).toBeNull();
    expect(problem('(a|A)+b', 'i')).toContain("'a' and 'A'");
  });

  it('sees a clash between escaped code points outside the sample characters', () => {
    expect(problem('(\\u0500|[\\u04ff-\\u0600])+x')).toContain('same character');
    expect(problem('(\\u0501|[^\\u0400-\\u0500])+x')).toContain('same character');
    expect(problem('(\\u0500|[^\\u0400-\\u0500])+x')).toBeNull();
  });

  it.each([
    '(foo|bar)',
    '(foo|bar)+',
    '(?:foo|fab)*',
    '(?:a|ab)+c',
    '(?:a|)+b',
    '(a|b)+',
    '(?:[a-f]|[0-9])+',
    '(ab?)+c',
    '(-?\\d)+',
    '(\\s?\\w)+',
    '(?:x|y|z){2,5}',
    '(a|a)',
    'x(a|a)y',
    '(a|b)*?c',
    '(?:\\.[a-z])+',
    '[(|)]+',
    '\\(a|a\\)+',
    '(?:^|,)(\\w)+',
  ])('accepts %s', (pattern) => expect(problem(pattern), pattern).toBeNull());
});

describe('refusal messages', () => {
  it('explain the rule and how to rewrite', () => {
    const reason = (pattern: string) => {
      const compiled = compilePattern(pattern);
      return compiled.ok ? null : compiled.reason;
    };
    expect(reason('(x|x)*y')).toMatch(
      /backtrack exponentially.*; make each alternative start with a different character/,
    );
    expect(reason('(a+)+')).toMatch(/without nested repetition/);
    expect(reason('(foo|bar)+\\d')).toBeNull();
  });

  it('refuses every pattern that takes seconds in V8 on a short line', () => {
    // Each of these takes 0.5–200 s on 24 characters (measured in Node); none may reach the engine.
    const slow = ['(x|x)*y', '(a?a?)+b', '(?:a|a?)+b', '((a|a)b)+c', '(a|[ab])+c', '(\\w|\\d)+!'];
    for (const pattern of slow) {
      expect(problem(pattern), pattern).not.toBeNull();
      expect(problem(pattern, 'i'), pattern).not.toBeNull();
    }
  });
});

describe('the validator runs patterns on RE2 where RE2 can express them', () => {
  it('accepts exponential shapes and answers at once on long inputs (linear time)', () => {
    for (const pattern of ['^(a+)+$', '(a*)*b', '^(\\w+\\s?)*$', '^(a|aa)+$']) {
      const compiled = compileForValidation(pattern);
      expect(compiled.ok, pattern).toBe(true);
      if (!compiled.ok) continue;
      expect(compiled.engine).toBe('re2');
      expect(compiled.maxInput).toBe(Infinity);
    }
    const nested = compileForValidation('^(a+)+$');
    if (!nested.ok) throw new Error(nested.reason);
    expect(nested.expression.test(`${'a'.repeat(100_000)}!`)).toBe(false);
    expect(nested.expression.test('a'.repeat(100_000))).toBe(true);
  });

  it('falls back to the backtracking guard only for lookaround and backreferences', () => {
    const lookahead = compileForValidation('^(?!/)[a-z/]+$');
    expect(lookahead).toMatchObject({ ok: true, engine: 'backtracking' });
    const backreference = compileForValidation('^(a+)+\\1$');
    expect(backreference.ok).toBe(false);
  });

  it('still refuses an invalid expression with the reason', () => {
    const compiled = compileForValidation('([a-z');
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.reason).toMatch(/not a valid regular expression/);
  });
});
