import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNameIndex, levenshtein, namesWithin, OsaPattern, suggestName, suggestNameIn } from './suggest';

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

  it('counts a swap of two letters as one edit', () => {
    expect(suggestName('prot', ['host', 'port'])).toBe('port');
    expect(suggestName('nmae', ['name', 'mode'])).toBe('name');
    expect(suggestName('ecnoding', readFile)).toBe('encoding');
  });

  it('then a unique prefix in whole words, or of at least 4 letters of the first word', () => {
    const executeCommand = ['command', 'working_directory', 'timeout_seconds', 'env'];
    expect(suggestName('timeout', executeCommand)).toBe('timeout_seconds');
    expect(suggestName('time', executeCommand)).toBe('timeout_seconds');
    expect(suggestName('working', executeCommand)).toBe('working_directory');
    expect(suggestName('recur', ['path', 'recursive', 'max_depth'])).toBe('recursive');
    expect(suggestName('start', ['path', 'start_line'])).toBe('start_line');
  });

  it('keeps wrong suggestions out', () => {
    // Two edits apart but short: a different word, not a typo.
    expect(suggestName('name', ['mode', 'path'])).toBeUndefined();
    expect(suggestName('line', readFile)).toBeUndefined();
    // A prefix shared by two names is a guess.
    expect(suggestName('start', ['start_line', 'start_column'])).toBeUndefined();
    expect(suggestName('fish', ['bash', 'powershell', 'python'])).toBeUndefined();
    // A known name that starts the unknown one means something else.
    expect(suggestName('content_type', ['path', 'content', 'encoding'])).toBeUndefined();
    // Too short to be a prefix of anything.
    expect(suggestName('ti', ['timeout_seconds'])).toBeUndefined();
    expect(suggestName('tim', ['timeout_seconds'])).toBeUndefined();
    expect(suggestName('pattern', ['path'])).toBeUndefined();
  });

  it('is safe with names that exist on Object.prototype', () => {
    expect(suggestName('constructor', ['path', 'query'])).toBeUndefined();
    expect(suggestName('__proto__', ['path', 'query'])).toBeUndefined();
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
    expect(levenshtein('prot', 'port')).toBe(1);
    expect(levenshtein('ab', 'ba')).toBe(1);
    expect(levenshtein('abc', 'ca')).toBe(3);
  });
});

describe('the bit-parallel distance and the name index', () => {
  it('OsaPattern gives the table’s distance on generated strings (both capped at limit + 1)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_', 'A'), maxLength: 31 });
    fc.assert(
      fc.property(
        text,
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_', 'A'), maxLength: 40 }),
        fc.integer({ min: 0, max: 8 }),
        (left, right, limit) => {
          expect(new OsaPattern(left).distance(right, limit)).toBe(
            Math.min(levenshtein(left, right, limit), limit + 1),
          );
        },
      ),
      { numRuns: 20000 },
    );
  });

  it('suggestNameIn answers as suggestName, and namesWithin lists the near names nearest first', () => {
    const index = createNameIndex(['read_file', 'write_file', 'list_directory', 'ReadFile', 'read_file_2']);
    expect(suggestNameIn(index, 'read_fiel')).toBe('read_file');
    expect(suggestNameIn(index, 'readfile')).toBe('read_file');
    expect(namesWithin(index, 'read_fiel', 3)).toEqual(['read_file', 'ReadFile', 'read_file_2']);
    expect(namesWithin(index, 'zzzzzz', 2)).toEqual([]);
  });
});
