import { describe, expect, it } from 'vitest';
import { locateParameter, offsetToLineColumn, parseWithOffsets, splitParameterPath } from './jsonLocator';

const text = `{
  "path": 5,
  "env": { "PORT": "80", "HOST": "x" },
  "files": ["a.txt", "b.txt", "c.txt"]
}`;

const slice = (range: { start: number; end: number }) => text.slice(range.start, range.end);

describe('splitParameterPath', () => {
  it('splits dotted and indexed paths', () => {
    expect(splitParameterPath('env.PORT')).toEqual(['env', 'PORT']);
    expect(splitParameterPath('files[2]')).toEqual(['files', 2]);
    expect(splitParameterPath('')).toEqual([]);
  });
});

describe('locateParameter', () => {
  it('finds a top-level property from key to value', () => {
    const located = locateParameter(text, 'path');
    expect(located?.found).toBe(true);
    expect(slice(located!.range)).toBe('"path": 5');
  });

  it('finds a nested map entry and an array item', () => {
    expect(slice(locateParameter(text, 'env.HOST')!.range)).toBe('"HOST": "x"');
    expect(slice(locateParameter(text, 'files[2]')!.range)).toBe('"c.txt"');
  });

  it('marks the opening brace of the enclosing object for a missing member', () => {
    const located = locateParameter(text, 'command');
    expect(located?.found).toBe(false);
    expect(located?.range).toEqual({ start: 0, end: 1 });
    const nested = locateParameter(text, 'env.USER');
    expect(nested?.found).toBe(false);
    expect(slice(nested!.range)).toBe('{');
    expect(nested!.range.start).toBe(text.indexOf('{ "PORT"'));
  });

  it('gives the whole document for the empty path', () => {
    expect(locateParameter(text, '')?.range).toEqual({ start: 0, end: text.length });
  });

  it('returns null for malformed JSON rather than throwing', () => {
    expect(locateParameter('{"path": ', 'path')).toBeNull();
    expect(parseWithOffsets('{"a": 1} trailing')).toBeNull();
    expect(parseWithOffsets('"unterminated')).toBeNull();
  });

  it('keeps string keys with escapes and the last duplicate key', () => {
    const duplicate = '{"a": 1, "a": 22}';
    expect(duplicate.slice(...(Object.values(locateParameter(duplicate, 'a')!.range) as [number, number]))).toBe(
      '"a": 22',
    );
    expect(locateParameter('{"a\\"b": true}', 'a"b')?.found).toBe(true);
  });
});

describe('offsetToLineColumn', () => {
  it('counts lines and columns from 1', () => {
    expect(offsetToLineColumn(text, 0)).toEqual({ line: 1, column: 1 });
    expect(offsetToLineColumn(text, text.indexOf('"path"'))).toEqual({ line: 2, column: 3 });
  });
});
