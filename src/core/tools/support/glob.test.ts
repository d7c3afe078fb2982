import { describe, expect, it } from 'vitest';
import { createGlobMatcher, globToRegExp } from './glob';

describe('glob', () => {
  it('matches * within one segment only', () => {
    expect(globToRegExp('*.cs').test('Program.cs')).toBe(true);
    expect(globToRegExp('*.cs').test('src/Program.cs')).toBe(false);
    expect(globToRegExp('*.cs').test('Program.csx')).toBe(false);
  });

  it('matches ** across segments, including none', () => {
    const expression = globToRegExp('src/**/*.ts');
    expect(expression.test('src/a.ts')).toBe(true);
    expect(expression.test('src/deep/er/a.ts')).toBe(true);
    expect(expression.test('lib/a.ts')).toBe(false);
    expect(globToRegExp('docs/**').test('docs/a/b.md')).toBe(true);
  });

  it('matches ? as exactly one character', () => {
    expect(globToRegExp('file?.txt').test('file1.txt')).toBe(true);
    expect(globToRegExp('file?.txt').test('file10.txt')).toBe(false);
  });

  it('expands {a,b} alternatives, nested ones too', () => {
    const expression = globToRegExp('*.{ts,tsx,{js,mjs}}');
    for (const name of ['a.ts', 'a.tsx', 'a.js', 'a.mjs']) expect(expression.test(name)).toBe(true);
    expect(expression.test('a.py')).toBe(false);
  });

  it('supports character classes and escapes regex characters', () => {
    expect(globToRegExp('[ab].txt').test('a.txt')).toBe(true);
    expect(globToRegExp('[!ab].txt').test('a.txt')).toBe(false);
    expect(globToRegExp('a+b(1).txt').test('a+b(1).txt')).toBe(true);
    expect(globToRegExp('a.txt').test('abtxt')).toBe(false);
  });

  it('matches names at any depth when the pattern has no slash, paths otherwise', () => {
    expect(createGlobMatcher('*.cs').matches('src/deep/Program.cs')).toBe(true);
    expect(createGlobMatcher('README*').matches('docs/README.md')).toBe(true);
    expect(createGlobMatcher('src/*.cs').matches('src/deep/Program.cs')).toBe(false);
    expect(createGlobMatcher('src/**/*.cs').matches('src/deep/Program.cs')).toBe(true);
  });
});

describe('glob edge cases picomatch settles', () => {
  it('matches dot files like other names, and a pattern of many stars stays fast on a long name', () => {
    expect(createGlobMatcher('*.env').matches('config/.env')).toBe(true);
    expect(createGlobMatcher('*a*a*a*a*a*a*a*a*a*a*a*b').matches('a'.repeat(5000))).toBe(false);
  });
});
