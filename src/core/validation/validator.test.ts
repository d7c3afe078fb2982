import { describe, expect, it } from 'vitest';
import { validator, makeTool, readFile, everything, errorsOf } from './validator.test-support';

describe('validator.validate: schema rules', () => {
  it('ValidateAgainstSchema_ValidParameters_ReturnsValid', () => {
    expect(
      validator.validate(readFile, { path: 'src/main.ts', start_line: 1, end_line: 10, encoding: 'ascii' }),
    ).toEqual({
      valid: true,
      errors: [],
      warnings: [],
    });
  });

  it('ValidateAgainstSchema_MissingRequired_ReturnsError', () => {
    const result = validator.validate(readFile, {});
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      { parameter: 'path', code: 'required', message: "Missing required property 'path'", expected: 'A string value' },
    ]);
  });

  it('ValidateAgainstSchema_WrongType_ReturnsError', () => {
    const result = validator.validate(readFile, { path: 'test.txt', start_line: 'ten' });
    expect(result.errors).toEqual([
      {
        parameter: 'start_line',
        code: 'type_mismatch',
        message: "Property 'start_line' must be integer, got string",
        expected: 'integer',
        actual: 'string',
      },
    ]);
  });

  it('reports a fractional number given for an integer as a number', () => {
    expect(validator.validate(readFile, { path: 'a', start_line: 1.5 }).errors[0].message).toBe(
      "Property 'start_line' must be integer, got number",
    );
  });

  it('ValidateAgainstSchema_UnknownProperty_ReturnsError', () => {
    const result = validator.validate(readFile, { path: 'a', lines: '1-2' });
    expect(result.errors).toEqual([
      {
        parameter: 'lines',
        code: 'invalid_value',
        message: "Unknown parameter 'lines'",
        expected: 'Only the known parameters: path, start_line, end_line, encoding',
      },
    ]);
  });

  it('ValidateParameter_String_ValidatesLength', () => {
    expect(errorsOf(everything, { name: 'a' })).toEqual([{ parameter: 'name', code: 'string_too_short' }]);
    expect(errorsOf(everything, { name: 'abcdef' })).toEqual([{ parameter: 'name', code: 'string_too_long' }]);
    const short = validator.validate(everything, { name: 'a' }).errors[0];
    expect(short.message).toBe("Parameter 'name' is below minLength 2 (actual: 1)");
    expect(short.expected).toBe('At least 2 characters');
  });

  it('names the parameter and the rule for an overlong path', () => {
    const error = validator.validate(readFile, { path: 'p'.repeat(4523) }).errors[0];
    expect(error).toMatchObject({
      parameter: 'path',
      code: 'string_too_long',
      message: "Parameter 'path' exceeds maxLength 4096 (actual: 4523)",
      expected: 'At most 4096 characters',
      actual: '4523 characters',
    });
  });

  it('ValidateParameter_String_ValidatesPattern', () => {
    const error = validator.validate(everything, { branch: 'Feature X' }).errors[0];
    expect(error).toMatchObject({
      parameter: 'branch',
      code: 'pattern_mismatch',
      expected: 'Pattern: ^[a-z-]+$',
      actual: "'Feature X'",
    });
    expect(error.message).toBe("Parameter 'branch' does not match the required pattern ^[a-z-]+$ (got 'Feature X')");
  });

  it('ValidateParameter_String_ValidatesEnum', () => {
    const error = validator.validate(readFile, { path: 'a', encoding: 'utf-32' }).errors[0];
    expect(error).toMatchObject({
      parameter: 'encoding',
      code: 'invalid_enum',
      expected: 'One of: utf-8, ascii, utf-16',
      actual: "'utf-32'",
    });
    expect(error.message).toContain(
      "Parameter 'encoding' must be one of the enum values: utf-8, ascii, utf-16 (got 'utf-32')",
    );
  });

  it('suggests the enum value that differs only in case or separators', () => {
    expect(validator.validate(readFile, { path: 'a', encoding: 'UTF8' }).errors[0].message).toContain(
      "Did you mean 'utf-8'?",
    );
    expect(validator.validate(readFile, { path: 'a', encoding: 'latin-1' }).errors[0].message).not.toContain(
      'Did you mean',
    );
  });

  it('reports const as invalid_enum', () => {
    const error = validator.validate(everything, { confirm: false }).errors[0];
    expect(error).toMatchObject({ parameter: 'confirm', code: 'invalid_enum', expected: 'Exactly true' });
    expect(error.message).toBe("Parameter 'confirm' must be the constant value true (got false)");
  });

  it('ValidateParameter_Integer_ValidatesRange', () => {
    const below = validator.validate(everything, { count: 0 }).errors[0];
    expect(below).toMatchObject({
      parameter: 'count',
      code: 'out_of_range',
      message: "Parameter 'count' is below minimum 1 (actual: 0)",
      expected: 'Between 1 and 100',
      actual: '0',
    });
    const above = validator.validate(everything, { count: 500 }).errors[0];
    expect(above).toMatchObject({
      code: 'out_of_range',
      message: "Parameter 'count' exceeds maximum 100 (actual: 500)",
    });
    expect(validator.validate(everything, { count: 1 }).valid).toBe(true);
    expect(validator.validate(everything, { count: 100 }).valid).toBe(true);
  });

  it('ValidateParameter_Number_ValidatesRange', () => {
    expect(errorsOf(everything, { ratio: 1.5 })).toEqual([{ parameter: 'ratio', code: 'out_of_range' }]);
    expect(errorsOf(everything, { ratio: -0.1 })).toEqual([{ parameter: 'ratio', code: 'out_of_range' }]);
    expect(validator.validate(everything, { ratio: 0.5 }).valid).toBe(true);
    const exclusive = validator.validate(everything, { above: 0 }).errors[0];
    expect(exclusive).toMatchObject({ code: 'out_of_range', expected: 'Greater than 0' });
    expect(exclusive.message).toContain('exclusiveMinimum 0');
  });

  it('ValidateParameter_Array_ValidatesItemCount', () => {
    expect(validator.validate(everything, { tags: [] }).errors[0]).toMatchObject({
      parameter: 'tags',
      code: 'array_too_few',
      message: "Parameter 'tags' has fewer items than minItems 1 (actual: 0)",
    });
    expect(validator.validate(everything, { tags: ['a', 'b', 'c', 'd'] }).errors[0]).toMatchObject({
      parameter: 'tags',
      code: 'array_too_many',
      message: "Parameter 'tags' has more items than maxItems 3 (actual: 4)",
    });
  });

  it('ValidateParameter_Array_ValidatesUniqueItems', () => {
    const error = validator.validate(everything, { tags: ['a', 'b', 'a'] }).errors[0];
    expect(error).toMatchObject({ parameter: 'tags', code: 'items_not_unique', expected: 'All items must be unique' });
    expect(error.message).toContain("items 0 and 2 are both 'a'");
  });

  it('ValidateParameter_Array_ValidatesItemTypes', () => {
    expect(errorsOf(everything, { tags: ['a', 2, 'c'] })).toEqual([{ parameter: 'tags[1]', code: 'type_mismatch' }]);
  });

  it('ValidateParameter_Object_ValidatesNestedRequired', () => {
    const result = validator.validate(everything, { options: { depth: 2 } });
    expect(result.errors).toEqual([
      {
        parameter: 'options.recursive',
        code: 'required',
        message: "Missing required property 'options.recursive'",
        expected: 'A boolean value',
      },
    ]);
  });

  it('ValidateParameter_Object_ValidatesNestedProperties', () => {
    const errors = errorsOf(everything, { options: { recursive: 'yes', depth: -1, extra: 1 } });
    expect(errors).toHaveLength(3);
    expect(errors).toEqual(
      expect.arrayContaining([
        { parameter: 'options.recursive', code: 'type_mismatch' },
        { parameter: 'options.depth', code: 'out_of_range' },
        { parameter: 'options.extra', code: 'invalid_value' },
      ]),
    );
  });

  it('names map entries with dots: env.PORT', () => {
    expect(errorsOf(everything, { env: { NODE_ENV: 'test', PORT: 8080 } })).toEqual([
      { parameter: 'env.PORT', code: 'type_mismatch' },
    ]);
    expect(errorsOf(everything, { env: { 'my.key': 1 } })).toEqual([
      { parameter: 'env["my.key"]', code: 'type_mismatch' },
    ]);
  });

  it('reports formats as invalid_value', () => {
    expect(errorsOf(everything, { url: 'not a uri' })).toEqual([{ parameter: 'url', code: 'invalid_value' }]);
    expect(validator.validate(everything, { url: 'https://example.com/a' }).valid).toBe(true);
  });

  it('reports one error per cause: a wrong type hides the value rules at the same place', () => {
    expect(errorsOf(readFile, { path: 'a', encoding: 5 })).toEqual([{ parameter: 'encoding', code: 'type_mismatch' }]);
    expect(errorsOf(everything, { tags: 'a' })).toEqual([{ parameter: 'tags', code: 'type_mismatch' }]);
  });

  it('reports every independent cause at once', () => {
    expect(errorsOf(readFile, { start_line: 0, encoding: 'x', extra: true })).toEqual(
      expect.arrayContaining([
        { parameter: 'path', code: 'required' },
        { parameter: 'start_line', code: 'out_of_range' },
        { parameter: 'encoding', code: 'invalid_enum' },
        { parameter: 'extra', code: 'invalid_value' },
      ]),
    );
  });

  it('uses the words the verification scenarios look for', () => {
    const messages = (args: unknown) =>
      validator
        .validate(readFile, args)
        .errors.map((error) => error.message)
        .join('\n');
    expect(messages({})).toMatch(/path.*required|required.*path/);
    expect(messages({ path: 'a', start_line: 'ten' })).toMatch(/start_line.*integer/);
    expect(messages({ path: 'a', encoding: 'utf-32' })).toMatch(/encoding.*enum/);
    expect(messages({ path: 'a', start_line: 0 })).toMatch(/start_line.*minimum/);
    expect(validator.validate(everything, { count: 5000 }).errors[0].message).toMatch(/maximum/);
    expect(validator.validate(everything, { name: '' }).errors[0].message).toMatch(/minLength/);
    expect(validator.validate(everything, { name: 'toolong' }).errors[0].message).toMatch(/maxLength/);
  });
});

describe('validator.validate: combinators', () => {
  const either = makeTool('either', {
    type: 'object',
    properties: { path: { type: 'string' }, pattern: { type: 'string' }, mode: { type: 'string' } },
    anyOf: [{ required: ['path'] }, { required: ['pattern'] }],
    if: { properties: { mode: { const: 'strict' } }, required: ['mode'] },
    then: { required: ['path'] },
    additionalProperties: false,
  });

  it('folds anyOf branches into one error that names the allowed forms', () => {
    const result = validator.validate(either, {});
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ parameter: '', code: 'invalid_value' });
    expect(result.errors[0].message).toContain(
      "Missing required property 'path'; or Missing required property 'pattern'",
    );
  });

  it('folds alternative types into one type mismatch', () => {
    const tool = makeTool('alternatives', {
      type: 'object',
      properties: { limit: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
    });
    expect(validator.validate(tool, { limit: true }).errors).toEqual([
      {
        parameter: 'limit',
        code: 'type_mismatch',
        message: "Property 'limit' must be string or integer, got boolean",
        expected: 'string or integer',
        actual: 'boolean',
      },
    ]);
    expect(validator.validate(tool, { limit: 3 }).valid).toBe(true);
  });

  it('drops the if wrapper and keeps the then cause', () => {
    expect(errorsOf(either, { pattern: '*.ts', mode: 'strict' })).toEqual([{ parameter: 'path', code: 'required' }]);
  });
});

describe('validator.validate: error order', () => {
  it('lists errors in the order the schema declares the parameters, unknown parameters last', () => {
    const args = { zzz: 1, encoding: 'utf-32', start_line: 'ten', end_line: 0 };
    expect(errorsOf(readFile, args)).toEqual([
      { parameter: 'path', code: 'required' },
      { parameter: 'start_line', code: 'type_mismatch' },
      { parameter: 'end_line', code: 'out_of_range' },
      { parameter: 'encoding', code: 'invalid_enum' },
      { parameter: 'zzz', code: 'invalid_value' },
    ]);
  });

  it('orders nested errors by their top-level parameter', () => {
    expect(errorsOf(everything, { url: 'x', tags: ['a', 1], name: 'n' }).map((error) => error.parameter)).toEqual([
      'name',
      'tags[1]',
      'url',
    ]);
  });
});
