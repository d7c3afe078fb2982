import { describe, expect, it } from 'vitest';
import type { JsonSchema, ToolDefinition } from '../toolset/types';
import { MAX_NESTING_DEPTH, toLlmContext } from './validator';
import { MAX_REPORTED_ERRORS } from './limits';
import { validator, makeTool, readFile, everything, errorsOf } from './validator.test-support';

describe('validator.validate: robustness', () => {
  it.each([
    [null, 'null'],
    [[1, 2], 'array'],
    ['{"path":"a"}', 'string'],
    [42, 'number'],
    [true, 'boolean'],
    [undefined, 'nothing'],
  ])('non-object arguments %j give one clear error', (args, typeName) => {
    expect(validator.validate(readFile, args)).toEqual({
      valid: false,
      errors: [
        {
          parameter: '',
          code: 'type_mismatch',
          message: `Arguments must be a JSON object, got ${typeName}`,
          expected: 'object',
          actual: typeName,
        },
      ],
      warnings: [],
    });
  });

  it('reports __proto__ and constructor keys as unknown without polluting anything', () => {
    const args = JSON.parse(
      '{"path":"a","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    ) as unknown;
    const result = validator.validate(readFile, args);
    expect(result.errors.map((error) => [error.parameter, error.code])).toEqual([
      ['__proto__', 'invalid_value'],
      ['constructor', 'invalid_value'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(validator.validate(readFile, args, { lenient: true }).valid).toBe(true);
  });

  it('does not count inherited properties as present', () => {
    const tool = makeTool('proto', {
      type: 'object',
      properties: { constructor: { type: 'string' } },
      required: ['constructor'],
    });
    expect(errorsOf(tool, {})).toEqual([{ parameter: 'constructor', code: 'required' }]);
  });

  it(`refuses values nested deeper than ${MAX_NESTING_DEPTH} levels without overflowing the stack`, () => {
    const depth = 100_000;
    const text = `{"env":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const result = validator.validateText(everything, text);
    expect(result.errors).toEqual([
      {
        parameter: 'env',
        code: 'invalid_value',
        message: `Parameter 'env' is nested more than ${MAX_NESTING_DEPTH} levels deep`,
        expected: `At most ${MAX_NESTING_DEPTH} levels of nesting`,
      },
    ]);
    let shallow: unknown = 'leaf';
    for (let level = 0; level < 60; level++) shallow = { level: shallow };
    expect(errorsOf(everything, { env: shallow })).toEqual([{ parameter: 'env.level', code: 'type_mismatch' }]);
  });

  it('rejects a 5 MB string without echoing it (its time is in npm run bench)', () => {
    const huge = 'A'.repeat(5 * 1024 * 1024);
    const result = validator.validate(readFile, { path: huge });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ parameter: 'path', code: 'string_too_long' });
    expect(JSON.stringify(result).length).toBeLessThan(500);
    expect(toLlmContext(result).length).toBeLessThan(500);
  });

  it('truncates echoed values and keys to about 60 characters', () => {
    const longValue = 'v'.repeat(10_000);
    const longKey = 'k'.repeat(10_000);
    const result = validator.validate(readFile, { path: 'a', encoding: longValue, [longKey]: 1 });
    for (const error of result.errors) {
      expect(error.message.length).toBeLessThan(300);
      expect(error.parameter.length).toBeLessThan(70);
    }
    expect(result.errors.find((error) => error.code === 'invalid_enum')?.actual).toBe(`'${'v'.repeat(60)}…'`);
  });

  it('caps the number of reported errors', () => {
    const args: Record<string, number> = { path: 1 };
    for (let index = 0; index < 10_000; index++) args[`unknown_${index}`] = index;
    const result = validator.validate(readFile, args);
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    expect(result.errors[MAX_REPORTED_ERRORS]).toEqual({
      parameter: '',
      code: 'invalid_value',
      message: `${10_001 - MAX_REPORTED_ERRORS} more errors not shown; fix the ones above first`,
    });
  });

  it('never throws, even for a broken tool definition', () => {
    const broken = { name: 'broken' } as unknown as ToolDefinition;
    expect(validator.validate(broken, { a: 1 })).toMatchObject({
      valid: false,
      errors: [{ parameter: '', code: 'invalid_value' }],
    });
    const hostile = makeTool('hostile', { type: 'object' });
    Object.defineProperty(hostile, 'relationships', {
      get() {
        throw new Error('internal detail at /secret/path');
      },
    });
    const result = validator.validate(hostile, {});
    expect(result.valid).toBe(false);
    expect(result.errors[0].code).toBe('invalid_value');
    expect(result.errors[0].message).not.toContain('/secret');
  });

  it('reports a schema that does not compile instead of throwing', () => {
    const typo = makeTool('typo', { type: 'object', properties: { count: { type: 'integer', maximum: 'five' } } });
    const result = validator.validate(typo, { count: 1 });
    expect(result.valid).toBe(false);
    expect(result.errors[0].message).toContain("The input schema of 'typo' does not compile");
    expect(result.errors[0].message).toContain('maximum');
    expect(validator.precompile(typo)).toMatchObject({ ok: false });
  });

  it('never includes Ajv internals or stack traces in messages', () => {
    const result = validator.validate(everything, { name: 5, count: 'x', tags: [1, 1], options: 3, extra: 1 });
    for (const error of result.errors) {
      expect(error.message).not.toMatch(/instancePath|schemaPath|#\/|\bat .*:\d+/);
      expect(error.message).not.toMatch(/must be (string|integer|object) *$/);
    }
  });
});

describe('compile cache', () => {
  it('compiles each schema once and reuses it', () => {
    validator.reset();
    const first = validator.precompile(readFile);
    expect(first.ok).toBe(true);
    const second = validator.precompile(readFile);
    expect(second).toEqual(first);
  });

  it('reuses the compiled schema for an equal copy with the same $id', () => {
    validator.reset();
    const original = validator.precompile(readFile);
    const copy = makeTool('read_file', structuredClone(readFile.inputSchema));
    expect(validator.precompile(copy)).toEqual(original);
  });

  it('recompiles a changed schema that keeps its $id', () => {
    validator.reset();
    expect(validator.validate(readFile, { path: 'a', start_line: 0 }).valid).toBe(false);
    const edited = structuredClone(readFile.inputSchema) as JsonSchema & { properties: Record<string, JsonSchema> };
    edited.properties.start_line = { type: 'integer', minimum: 0 };
    expect(validator.validate(makeTool('read_file', edited), { path: 'a', start_line: 0 }).valid).toBe(true);
    expect(validator.validate(readFile, { path: 'a', start_line: 0 }).valid).toBe(false);
  });

  it('compiles a corrected schema after a broken one with the same $id', () => {
    const broken = makeTool('fixed', {
      $id: 'urn:test:fixed',
      type: 'object',
      properties: { n: { type: 'integer', maximum: 'five' } },
    });
    expect(validator.precompile(broken).ok).toBe(false);
    const fixed = makeTool('fixed', {
      $id: 'urn:test:fixed',
      type: 'object',
      properties: { n: { type: 'integer', maximum: 5 } },
    });
    expect(validator.precompile(fixed).ok).toBe(true);
    expect(errorsOf(fixed, { n: 6 })).toEqual([{ parameter: 'n', code: 'out_of_range' }]);
  });

  it('accepts draft-07 schemas by reading them as 2020-12', () => {
    const imported = makeTool('imported', {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { q: { type: 'string' } },
      required: ['q'],
    });
    expect(errorsOf(imported, {})).toEqual([{ parameter: 'q', code: 'required' }]);
  });
});
