import { describe, expect, it } from 'vitest';
import { levenshtein, suggestName } from './suggest';

describe('suggestName', () => {
  const readFile = ['path', 'start_line', 'end_line', 'encoding'];

  it('matches ignoring case and separators first', () => {
    expect(suggestName('startLine', readFile)).toBe('start_line');
    expect(suggestName('END-LINE', readFile)).toBe('end_line');
    expect(suggestName('Path', readFile)).toBe('path');
  });

  it('then accepts an edit distance of at most 2', () => {
    expect(suggestName('encodng', readFile)).toBe('encoding');
    expect(suggestName('pth', readFile)).toBe('path');
    expect(suggestName('encryption', readFile)).toBeUndefined();
  });

  it('then known aliases', () => {
    expect(suggestName('filepath', readFile)).toBe('path');
    expect(suggestName('filename', readFile)).toBe('path');
    expect(suggestName('file', readFile)).toBe('path');
    expect(suggestName('cmd', ['command', 'timeout_seconds'])).toBe('command');
    expect(suggestName('filepath', ['query'])).toBeUndefined();
  });

  it('is safe with names that exist on Object.prototype', () => {
    expect(suggestName('constructor', ['constructor_name'])).toBeUndefined();
    expect(suggestName('x', ['constructor', 'toString'])).toBeUndefined();
  });

  it('gives up on unreasonably long names', () => {
    expect(suggestName('p'.repeat(10_000), readFile)).toBeUndefined();
  });
});

describe('levenshtein', () => {
  it('counts edits up to the limit', () => {
    expect(levenshtein('kitten', 'sitten')).toBe(1);
    expect(levenshtein('abc', 'abc')).toBe(0);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('a', 'abcdef')).toBe(3);
  });
});
