import { describe, expect, it } from 'vitest';
import { lineAndColumn, locateJsonError, parseArguments } from './json-text';

function failure(text: string) {
  const parsed = parseArguments(text);
  if (parsed.ok) throw new Error('expected a parse failure');
  return parsed.error;
}

describe('parseArguments', () => {
  it('parses any JSON value', () => {
    expect(parseArguments('{"a": [1, true, null, "x"]}')).toEqual({ ok: true, value: { a: [1, true, null, 'x'] } });
    expect(parseArguments(' [] ')).toEqual({ ok: true, value: [] });
  });

  it('tolerates a byte order mark', () => {
    expect(parseArguments('\uFEFF{"path": "a"}')).toEqual({ ok: true, value: { path: 'a' } });
  });

  it('refuses empty text with a clear message', () => {
    for (const text of ['', '  ', '\n\t']) {
      expect(failure(text)).toEqual({
        message: 'Arguments are empty: expected a JSON object, for example {}',
        line: 1,
        column: 1,
        offset: 0,
      });
    }
  });

  it.each([
    ['{"path": "a",}', 1, 14, "trailing comma before '}' is not allowed"],
    ['{\n  "path": "a"\n  "start_line": 1\n}', 3, 3, "expected ',' or '}', found '\"'"],
    ["{'path': 'a'}", 1, 2, 'property names need double quotes, not single quotes'],
    ['{"path": \'a\'}', 1, 10, 'strings need double quotes, not single quotes'],
    ['{"path": "a}', 1, 10, 'unterminated string: the closing double quote is missing'],
    ['{"path" "a"}', 1, 9, "expected ':' after the property name, found '\"'"],
    ['{"path": "a"} x', 1, 15, "unexpected 'x' after the end of the JSON value"],
    ['{"path": "a\nb"}', 1, 12, 'unescaped control character (such as a line break) in string'],
    ['{"path": "\\q"}', 1, 11, 'invalid escape sequence in string'],
    ['{"count": 01}', 1, 12, "expected ',' or '}', found '1'"],
    ['{"count": -}', 1, 11, 'invalid number'],
    ['{"flag": tru}', 1, 10, "unexpected 't': expected a value (object, array, string, number, true, false or null)"],
    ['[1, 2,]', 1, 7, "trailing comma before ']' is not allowed"],
    ['{"path": "a"', 1, 13, "unexpected end of input: '}' is missing"],
  ])('locates the error in %j at line %i, column %i', (text, line, column, reason) => {
    const error = failure(text);
    expect(error).toMatchObject({ line, column });
    expect(error.message).toBe(`Invalid JSON at line ${line}, column ${column}: ${reason}`);
  });

  it('counts the offset from the start of the text', () => {
    expect(failure('{\n  "a": 1,\n}')).toMatchObject({ offset: 12, line: 3, column: 1 });
  });

  it('handles very deep nesting without overflowing', () => {
    const depth = 200_000;
    const error = failure('['.repeat(depth));
    expect(error.offset).toBe(depth);
    expect(error.message).toContain("']' is missing");
  });

  it('does not echo the text of a huge argument', () => {
    const error = failure(`{"content": "${'x'.repeat(1_000_000)}`);
    expect(error.message.length).toBeLessThan(200);
  });
});

describe('helpers', () => {
  it('lineAndColumn is 1-based', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });

  it('locateJsonError finds nothing in valid JSON', () => {
    expect(locateJsonError('{"a": [1, {"b": "\\u00e9"}], "c": -1.5e3}')).toBeNull();
  });
});

describe('duplicate property names', () => {
  it('reports a name given twice with where the repeat starts, and keeps JSON.parse’s value', () => {
    const parsed = parseArguments('{"path":"x","path":"y"}');
    expect(parsed).toEqual({
      ok: true,
      value: { path: 'y' },
      duplicateKeys: [{ parameter: 'path', repeats: [{ line: 1, column: 13, offset: 12 }] }],
    });
  });

  it('names nested parameters by path and finds repeats on later lines', () => {
    const text = '{\n  "env": {"A": "1",\n    "A": "2"},\n  "files": [{"n": 1}, {"n": 2, "n": 3}]\n}';
    const parsed = parseArguments(text);
    expect(parsed.ok && parsed.duplicateKeys).toEqual([
      { parameter: 'env.A', repeats: [{ line: 3, column: 5, offset: 26 }] },
      { parameter: 'files[1].n', repeats: [{ line: 4, column: 32, offset: 68 }] },
    ]);
  });

  it('compares names after unescaping, and does not confuse values, other objects or strings with keys', () => {
    expect((parseArguments('{"path": "a", "pa\\u0074h": "b"}') as { duplicateKeys?: unknown }).duplicateKeys).toEqual([
      { parameter: 'path', repeats: [{ line: 1, column: 15, offset: 14 }] },
    ]);
    for (const text of [
      '{"a": {"x": 1}, "b": {"x": 2}}',
      '{"a": "a", "b": "\\"a\\": 1"}',
      '[{"a": 1}, {"a": 2}]',
      '{"a": ["a", "a"]}',
    ]) {
      const parsed = parseArguments(text);
      expect(parsed.ok && 'duplicateKeys' in parsed, text).toBe(false);
    }
  });

  it('counts every repeat', () => {
    const parsed = parseArguments('{"a":1,"a":2,"a":3}');
    expect(parsed.ok && parsed.duplicateKeys?.[0]?.repeats.map((repeat) => repeat.column)).toEqual([8, 14]);
  });

  it('finds a repeated key after a 5 MB value', () => {
    const text = `{"content": "${'x'.repeat(5_000_000)}", "content": "y"}`;
    const parsed = parseArguments(text);
    expect(parsed.ok && parsed.duplicateKeys?.[0]?.parameter).toBe('content');
  });
});
