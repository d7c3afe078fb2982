import { describe, expect, it } from 'vitest';
import { ambiguousRepetition, nestedQuantifier, regexHazard } from './regex-safety';

describe('nestedQuantifier', () => {
  it('finds repeated groups that contain a repetition', () => {
    for (const pattern of ['(a+)+!', '(\\w*\\s?)*$', '(x{1,9})+', '((ab)*c)+', '(?:a|b+)*']) {
      expect(nestedQuantifier(pattern), pattern).not.toBeNull();
    }
    expect(nestedQuantifier('(a+)+!')).toContain("'(a+)+'");
  });

  it('accepts ordinary patterns', () => {
    for (const pattern of ['^import.*React', '(foo|bar)+', 'a+b*c?', '(\\d+)?x', '[(+*)]+', '\\(a+\\)+', 'x{2}', '(ab){2}', 'TODO:?\\s+\\w+']) {
      expect(nestedQuantifier(pattern), pattern).toBeNull();
    }
  });
});

describe('ambiguousRepetition', () => {
  it.each([
    ['(x|x)*y', "'x' and 'x'"],
    ['(\\w|\\d)+!', "'\\w' and '\\d'"],
    ['(a|[ab])+c', "'a' and '[ab]'"],
    ['((a|a)b)+c', "'a' and 'a'"],
    ['(?:a|ab)+c', "'a' and 'a'"],
    ['(?:foo|fab)*', "'f' and 'f'"],
    ['(a|.)*z', "'a' and '.'"],
    ['(?:a|)+b', 'same character'],
    ['(a?a?)+b', "optional part 'a?'"],
    ['(?:ab?a?)+c', "optional part 'a?'"],
    ['(?:a|a?)+b', 'same character'],
    ['(?:(a)|\\1)+', 'back-reference'],
    ['(?=(x|x)*y)', "'x' and 'x'"],
  ])('refuses %s, naming the clash', (pattern, named) => {
    const problem = ambiguousRepetition(pattern);
    expect(problem, pattern).not.toBeNull();
    expect(problem).toContain(named);
    expect(problem).toMatch(/^the repeated group '/);
  });

  it('sees that the i flag makes a and A the same character', () => {
    expect(ambiguousRepetition('(a|A)+b')).toBeNull();
    expect(ambiguousRepetition('(a|A)+b', 'i')).toContain("'a' and 'A'");
  });

  it.each(['(foo|bar)', '(foo|bar)+', '(a|b)+', '(?:[a-f]|[0-9])+', '(ab?)+c', '(-?\\d)+', '(\\s?\\w)+', '(?:x|y|z){2,5}', '(a|a)', 'x(a|a)y', '(a|b)*?c', '(?:\\.[a-z])+', '[(|)]+', '\\(a|a\\)+', '(?:^|,)(\\w)+'])(
    'accepts %s',
    (pattern) => expect(ambiguousRepetition(pattern), pattern).toBeNull(),
  );
});

describe('regexHazard', () => {
  it('explains the rule and how to rewrite', () => {
    expect(regexHazard('(x|x)*y')).toMatch(/exponential time; make each alternative start with a different character/);
    expect(regexHazard('(a+)+')).toMatch(/without nested repetition/);
    expect(regexHazard('(foo|bar)+\\d')).toBeNull();
  });

  it('refuses every pattern that takes seconds in V8 on a short line, and the check itself is quick', () => {
    // Each of these takes 0.5–200 s on 24 characters (measured in Node); none may reach the engine.
    const slow = ['(x|x)*y', '(a?a?)+b', '(?:a|a?)+b', '((a|a)b)+c', '(a|[ab])+c', '(\\w|\\d)+!'];
    const started = performance.now();
    for (const pattern of slow) expect(regexHazard(pattern), pattern).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
