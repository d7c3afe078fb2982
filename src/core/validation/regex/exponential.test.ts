import { describe, expect, it } from 'vitest';
import { analysePattern } from './analyse';
import { type Atom, parse } from './parse';

/**
 * Counts, without the automaton and without a clock, the ways a backtracking engine can read `text`
 * from its start: a recursive matcher over the parsed pattern with ECMAScript's repeat rules (an
 * iteration beyond the minimum may not match empty), counting each distinct path at the moment it
 * reads the last character. A failing match tries every one of them.
 */
function countPaths(pattern: string, text: string, flags = 'u'): number {
  const characters = Array.from(text);
  const tests = new Map<string, RegExp>();
  const matches = (atom: Atom, character: string) => {
    const source =
      atom.kind === 'char' ? atom.text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&') : atom.kind === 'set' ? atom.source : '';
    let expression = tests.get(source);
    if (!expression) tests.set(source, (expression = new RegExp(`^(?:${source})$`, flags)));
    return expression.test(character);
  };
  let count = 0;
  let steps = 0;
  type Next = (position: number) => void;
  const sequence = (atoms: readonly Atom[], index: number, position: number, next: Next): void => {
    if (++steps > 5_000_000) throw new Error('too many steps');
    if (index === atoms.length) return next(position);
    const atom = atoms[index]!;
    repeat(atom, atom.min, atom.max, position, (after) => sequence(atoms, index + 1, after, next));
  };
  const repeat = (atom: Atom, min: number, max: number, position: number, next: Next): void => {
    if (max === 0) return next(position);
    once(atom, position, (after) => {
      if (min === 0 && after === position) return;
      repeat(atom, Math.max(0, min - 1), max - 1, after, next);
    });
    if (min === 0) next(position);
  };
  const once = (atom: Atom, position: number, next: Next): void => {
    if (atom.kind === 'assertion' || atom.kind === 'backreference') return next(position);
    if (atom.kind === 'group') {
      if (atom.lookaround) return next(position);
      for (const alternative of atom.alternatives) sequence(alternative, 0, position, next);
      return;
    }
    if (position >= characters.length || !matches(atom, characters[position]!)) return;
    if (position === characters.length - 1) count++;
    next(position + 1);
  };
  for (const alternative of parse(pattern)) sequence(alternative, 0, 0, () => undefined);
  return count;
}

describe('exponential verdicts are real ambiguity, checked by counting paths', () => {
  it.each([
    '^(a+)+$',
    '(a|a)*',
    '(a|ab|b)*c',
    '^(\\w+\\s?)*$',
    '^(a|aa)+$',
    '^((ab)+)+$',
    '(a?a?)+b',
    '(?:ab?a?)+c',
    '(x{1,3})+',
    '(\\w|\\d)+!',
    '((a|a)b)+c',
    '(?:x(?:|))*y',
    '^([^/\\s]+/?)*$',
  ])('%s: its witness text is read in at least 2^k ways after k repetitions', (pattern) => {
    const verdict = analysePattern(pattern);
    expect(verdict.ok).toBe(false);
    if (verdict.ok || !verdict.finding) throw new Error('no finding');
    const { prefix, pump } = verdict.finding.witness;
    expect(pump.length).toBeGreaterThan(0);
    for (const times of [4, 6])
      expect(countPaths(pattern, prefix + pump.repeat(times))).toBeGreaterThanOrEqual(2 ** times);
  });

  it.each([
    // firecrawl_search's includeDomains: each repetition ends with a required '.', read one way only.
    ['^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$', ['a.', 'a-a.', 'ab.', 'a--b.']],
    ['(?:foo|fab)*', ['foo', 'fab']],
    ['(?:a|ab)+c', ['a', 'ab']],
    ['(?:a|)+b', ['a']],
    ['^[a-z]+(_[a-z]+)*$', ['a_a', '_a']],
  ])('%s is not exponential: accepted, and its paths stay few however often a piece repeats', (pattern, pieces) => {
    const verdict = analysePattern(pattern);
    expect(verdict).toMatchObject({ ok: true });
    for (const piece of pieces) {
      // Exponential growth would give at least 2^12 paths at 24 repetitions; these stay polynomial.
      expect(countPaths(pattern, piece.repeat(24)), piece).toBeLessThan(2 ** 12);
    }
  });

  it('judges a bounded repeat of a group as a loop: twenty iterations that split a text many ways are millions of paths', () => {
    // The automaton with every copy of {1,20} unrolled is acyclic, yet a backtracking engine still tries every split.
    expect(analysePattern('^(\\w{1,20}\\s?){1,20}$')).toMatchObject({ ok: false, code: 'exponential' });
    expect(countPaths('^(\\w{1,20}\\s?){1,20}$', 'a'.repeat(16))).toBeGreaterThan(2 ** 14);
    // A bounded repeat whose iterations split one way only stays accepted.
    expect(analysePattern('^(\\d{1,3}\\.){3}\\d{1,3}$')).toMatchObject({ ok: true });
  });

  it('the counter itself sees exponential growth where there is some (so the check above can fail)', () => {
    expect(countPaths('^(a+)+$', 'a'.repeat(12))).toBe(2 ** 11);
    expect(countPaths('^(a|a)*$', 'a'.repeat(10))).toBe(2 ** 10);
  });

  it('names the codes, not only the words', () => {
    const code = (pattern: string) => {
      const verdict = analysePattern(pattern);
      return verdict.ok ? 'ok' : (verdict.finding?.code ?? verdict.code);
    };
    expect(code('(a+)+')).toBe('nested-repeat');
    expect(code('(a|a)+')).toBe('overlapping-alternatives');
    expect(code('(a?a?)+')).toBe('optional-overlap');
    expect(code('(?:x(?:|))*')).toBe('ambiguous-empty');
    expect(code('([a-z')).toBe('unreadable');
  });
});
