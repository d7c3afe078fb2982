import { describe, expect, it } from 'vitest';
import { createGlobMatcher } from './glob';

/** Whether a relative path matches the pattern. */
const matches = (pattern: string, path: string) => createGlobMatcher(pattern).matches(path);

describe('glob', () => {
  it('matches * within one segment only', () => {
    expect(matches('src/*.cs', 'src/Program.cs')).toBe(true);
    expect(matches('src/*.cs', 'src/lib/Program.cs')).toBe(false);
    expect(matches('*.cs', 'Program.csx')).toBe(false);
  });

  it('matches ** across segments, including none', () => {
    expect(matches('src/**/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'src/deep/er/a.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'lib/a.ts')).toBe(false);
    expect(matches('docs/**', 'docs/a/b.md')).toBe(true);
  });

  it('matches ? as exactly one character', () => {
    expect(matches('file?.txt', 'file1.txt')).toBe(true);
    expect(matches('file?.txt', 'file10.txt')).toBe(false);
  });

  it('expands {a,b} alternatives, nested ones too', () => {
    const pattern = '*.{ts,tsx,{js,mjs}}';
    for (const name of ['a.ts', 'a.tsx', 'a.js', 'a.mjs']) expect(matches(pattern, name)).toBe(true);
    expect(matches(pattern, 'a.py')).toBe(false);
  });

  it('supports character classes and escapes regex characters', () => {
    expect(matches('[ab].txt', 'a.txt')).toBe(true);
    expect(matches('[!ab].txt', 'a.txt')).toBe(false);
    expect(matches('a+b(1).txt', 'a+b(1).txt')).toBe(true);
    expect(matches('a.txt', 'abtxt')).toBe(false);
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
