import { describe, expect, it } from 'vitest';
import { portabilityOf } from './portability';

const codes = (pattern: string) => portabilityOf(pattern).map((finding) => finding.code);

describe('portabilityOf', () => {
  it.each([
    ['^(?!/)[a-z/]+$', ['lookahead']],
    ['(?<=@)\\w+', ['lookbehind']],
    ['^(a)\\1$', ['backreference']],
    ['^(?<word>\\w+) \\k<word>$', ['named-group', 'backreference']],
    ['^\\p{L}+$', ['unicode-property']],
    ['^[\\p{Lu}\\d]+$', ['unicode-property']],
    ['\\u{1F600}', ['unicode-brace-escape']],
    ['^\\u00e9$', ['unicode-escape']],
    ['\\cJ', ['control-escape']],
    ['^[^]*$', ['any-character-class']],
    ['(?P<name>\\w+)', ['python-only']],
    ['\\Aabc\\Z', ['python-only']],
    ['(?i)abc', ['python-only']],
    ['a*+b', ['python-only']],
    ['(?>ab)c', ['python-only']],
  ])('%s → %j', (pattern, expected) => expect(codes(pattern)).toEqual(expected));

  it.each([
    '^[a-z_][a-z0-9_]*$',
    '^\\d{4}-\\d{2}-\\d{2}$',
    '^(?:[a-z0-9-]+\\.)+[a-z]{2,}$',
    '[(?=)]',
    '[\\1]',
    '^a+b?$',
    '\\\\p{L}',
    '^[\\]]+$',
  ])('%s is portable', (pattern) => {
    expect(codes(pattern)).toEqual([]);
  });

  it('agrees with the engines it speaks for: what it calls Python-only, JavaScript refuses with the u flag', () => {
    for (const pattern of ['(?P<name>\\w+)', '\\Aabc\\Z', '(?i)abc', 'a*+b', '(?>ab)c'])
      expect(() => new RegExp(pattern, 'u'), pattern).toThrow();
    // And what it names for Python's re is valid JavaScript (the schema is not broken, only not portable).
    for (const pattern of ['^(?<word>\\w+)$', '^\\p{L}+$', '\\u{1F600}', '^[^]*$'])
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
  });
});
