import { describe, expect, it } from 'vitest';
import { parseArguments, verboseTrace } from './validator';
import { validator, readFile } from './validator.test-support';

describe('text arguments', () => {
  it('parses valid JSON', () => {
    expect(parseArguments('{"path": "a"}')).toEqual({ ok: true, value: { path: 'a' } });
  });

  it('reports an empty text clearly', () => {
    const parsed = parseArguments('   \n ');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.error).toEqual({
        message: 'Arguments are empty: expected a JSON object, for example {}',
        line: 1,
        column: 1,
        offset: 0,
      });
  });

  it('validateArgumentsText carries the parse error and an error result', () => {
    const result = validator.validateText(readFile, '{\n  "path": "a",\n}');
    expect(result.valid).toBe(false);
    expect(result.parseError).toMatchObject({ line: 3, column: 1, offset: 17 });
    expect(result.errors[0]).toMatchObject({ parameter: '', code: 'invalid_value' });
    expect(result.errors[0].message).toContain('line 3, column 1');
  });

  it('validates parsed text like an object', () => {
    expect(validator.validateText(readFile, '{"path": "README.md"}')).toEqual({
      valid: true,
      errors: [],
      warnings: [],
    });
    expect(validator.validateText(readFile, '[]').errors[0].message).toBe('Arguments must be a JSON object, got array');
  });
});

describe('duplicate parameters in argument text', () => {
  it('validateArgumentsText reports a repeated parameter as invalid_value with its place', () => {
    const result = validator.validateText(readFile, '{"path":"x","path":"y"}');
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      {
        parameter: 'path',
        code: 'invalid_value',
        message: "Parameter 'path' appears twice (line 1, column 13); JSON keeps only the last value",
        expected: "'path' given once",
        actual: '2 times',
      },
    ]);
  });

  it('the page’s path — parseArguments, then validator.validate on the value with its duplicate keys — reports it too', () => {
    const parsed = parseArguments('{\n  "path": "a",\n  "start_line": 1,\n  "path": "b"\n}');
    if (!parsed.ok) throw new Error('expected the text to parse');
    const result = validator.validate(readFile, parsed.value, { duplicateKeys: parsed.duplicateKeys });
    expect(result.errors.map((error) => [error.parameter, error.code, error.message])).toEqual([
      ['path', 'invalid_value', "Parameter 'path' appears twice (line 4, column 3); JSON keeps only the last value"],
    ]);
    // The same arguments built in code (the form) have no text, so nothing is reported.
    expect(validator.validate(readFile, { path: 'b', start_line: 1 }).valid).toBe(true);
  });

  it('lists the repeat next to the schema’s own errors, and in the verbose trace', () => {
    const text = '{"path": "a", "start_line": "ten", "path": "b"}';
    const result = validator.validateText(readFile, text);
    expect(result.errors.map((error) => [error.parameter, error.code])).toEqual([
      ['path', 'invalid_value'],
      ['start_line', 'type_mismatch'],
    ]);
    const parsed = parseArguments(text);
    expect(verboseTrace(readFile, parsed.ok ? parsed.value : null, result).join('\n')).toContain(
      "✗ path: Parameter 'path' appears twice (line 1, column 36)",
    );
  });
});
