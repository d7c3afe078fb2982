// The error mapping's short cuts (top-level pointers, surrogate counting, remembered suggestions) give the
// messages the long way gave: these pin the cases each short cut must not get wrong.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, ToolDefinition } from '../toolset/types';
import { pointerToParameter } from './ajv-errors';
import { createCompilingValidator } from './compile';
import { appendPath, ownValue } from './describe';

const validator = createCompilingValidator();

function toolWith(name: string, inputSchema: JsonSchema): ToolDefinition {
  return {
    name,
    title: name,
    description: name,
    version: '1.0.0',
    category: 'test',
    riskLevel: 'low',
    tags: [],
    inputSchema,
    examples: [],
    invalidExamples: [],
  };
}

const errorsOf = (tool: ToolDefinition, args: unknown) =>
  validator
    .validate(tool, args)
    .errors.map(({ parameter, code, message, expected, actual }) => ({ parameter, code, message, expected, actual }));

describe('string lengths count code points, as Ajv does', () => {
  const tool = toolWith('lengths', { type: 'object', properties: { s: { type: 'string', maxLength: 2 } } });

  it('a surrogate pair is one character; a lone surrogate is one too', () => {
    expect(validator.validate(tool, { s: '😀😀' }).valid).toBe(true);
    expect(errorsOf(tool, { s: '😀😀😀' })[0]).toMatchObject({
      code: 'string_too_long',
      actual: '3 characters',
      message: "Parameter 's' exceeds maxLength 2 (actual: 3)",
    });
    expect(errorsOf(tool, { s: '\uD83Da\uDE00' })[0]).toMatchObject({ actual: '3 characters' });
    expect(errorsOf(tool, { s: 'a\uDE00\uD83D' })[0]).toMatchObject({ actual: '3 characters' });
    expect(errorsOf(tool, { s: 'abc' })[0]).toMatchObject({ actual: '3 characters' });
  });
});

describe('parameters named from the error pointer', () => {
  const tool = toolWith('names', {
    type: 'object',
    properties: {
      'a.b': { type: 'string' },
      'x/y': { type: 'string' },
      't~n': { type: 'string' },
      list: { type: 'array', items: { type: 'string' } },
      map: { type: 'object', properties: { '0': { type: 'string' } } },
    },
  });

  it('top-level keys with dots, slashes and tildes, array indexes and numeric keys', () => {
    const parameters = errorsOf(tool, { 'a.b': 1, 'x/y': 1, 't~n': 1, list: ['a', 2], map: { '0': 3 } }).map(
      (error) => error.parameter,
    );
    expect([...parameters].sort()).toEqual(['["a.b"]', 'list[1]', 'map.0', 't~n', 'x/y']);
  });

  it('the same names again, once remembered, and escapes and indexes below the top level', () => {
    const nested = toolWith('nested', {
      type: 'object',
      properties: {
        obj: { type: 'object', additionalProperties: { type: 'string' } },
        list: { type: 'array', items: { type: 'string' } },
      },
    });
    const args = { obj: { 'x/y': 1, 't~n': 2, '10': 3 }, list: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 11] };
    for (let round = 0; round < 3; round++) {
      expect(
        errorsOf(nested, args)
          .map((error) => error.parameter)
          .sort(),
      ).toEqual(['list[10]', 'obj.10', 'obj.t~n', 'obj.x/y']);
      expect(
        errorsOf(tool, { 'x/y': 1, 't~n': 1 })
          .map((error) => error.parameter)
          .sort(),
      ).toEqual(['t~n', 'x/y']);
    }
  });
});

describe('a pointer read segment by segment', () => {
  /** The plain reading: split at every slash, unescape, an index where the data holds an array. */
  function reference(pointer: string, data: unknown): string {
    if (pointer === '') return '';
    let parameter = '';
    let current = data;
    for (const raw of pointer.slice(1).split('/')) {
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment)) {
        parameter = appendPath(parameter, Number(segment));
        current = current[Number(segment)];
      } else {
        parameter = appendPath(parameter, segment);
        current = ownValue(current, segment);
      }
    }
    return parameter;
  }

  it('names what the plain reading names, empty segments and a trailing slash included', () => {
    const segment = fc.constantFrom('', 'a', 'a.b', '0', '1', '01', '10', 'x~1y', 't~0n', '~01');
    const pointer = fc.array(segment, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`);
    fc.assert(
      fc.property(pointer, fc.jsonValue({ maxDepth: 4 }), (given, data) => {
        expect(pointerToParameter(given, data)).toBe(reference(given, data));
      }),
      { numRuns: 2000 },
    );
    expect(pointerToParameter('/obj/', { obj: { '': 1 } })).toBe(reference('/obj/', { obj: { '': 1 } }));
    expect(pointerToParameter('/list//1', { list: { '': ['a', 'b'] } })).toBe('list[""][1]');
  });
});

describe('suggestions, remembered per schema part', () => {
  const tool = toolWith('suggestions', {
    type: 'object',
    properties: {
      path: { type: 'string' },
      paths: { type: 'array' },
      mode: { enum: ['alpha', 'beta'] },
      kind: { enum: ['alphz'] },
    },
    additionalProperties: false,
  });
  const unknownMessage = (args: Record<string, unknown>) =>
    validator.validate(tool, args).errors.find((error) => error.parameter === 'paht')?.message;

  it('an unknown name is asked about again when the names given with it change', () => {
    expect(unknownMessage({ paht: 'a' })).toBe("Unknown parameter 'paht'. Did you mean 'path'?");
    // `path` given: it is no candidate, and `paths` is two edits away.
    expect(unknownMessage({ path: 'a', paht: 'b' })).toBe("Unknown parameter 'paht'");
    expect(unknownMessage({ paht: 'c' })).toBe("Unknown parameter 'paht'. Did you mean 'path'?");
  });

  it('the same, for a schema of more names than the memo marks one bit each', () => {
    const many = toolWith('many', {
      type: 'object',
      properties: Object.fromEntries([
        ...Array.from({ length: 31 }, (_, index) => [`option${index}`, { type: 'string' }]),
        ['path', { type: 'string' }],
      ]),
      additionalProperties: false,
    });
    const message = (args: Record<string, unknown>) =>
      validator.validate(many, args).errors.find((error) => error.parameter === 'paht')?.message;
    for (let round = 0; round < 2; round++) {
      expect(message({ paht: 'a' })).toBe("Unknown parameter 'paht'. Did you mean 'path'?");
      expect(message({ path: 'a', paht: 'b' })).toBe("Unknown parameter 'paht'");
      expect(message({ option30: 'a', paht: 'b' })).toBe("Unknown parameter 'paht'. Did you mean 'path'?");
    }
  });

  it('the same typed value gets each enum’s own suggestion', () => {
    const messages = validator.validate(tool, { mode: 'alphx', kind: 'alphx' }).errors.map((error) => error.message);
    expect(messages).toEqual([
      "Parameter 'mode' must be one of the enum values: alpha, beta (got 'alphx'). Did you mean 'alpha'?",
      "Parameter 'kind' must be one of the enum values: alphz (got 'alphx'). Did you mean 'alphz'?",
    ]);
  });
});

describe('suggestions once a schema part has remembered all it may', () => {
  const tool = toolWith('full', {
    type: 'object',
    properties: { path: { type: 'string' }, mode: { enum: ['alpha', 'beta'] } },
    additionalProperties: false,
  });

  it('a new mistake still gets its suggestion, written when read, the same words as before', () => {
    // Fills the schema's memo of questions (256) with distinct unknown names.
    for (let index = 0; index < 300; index++)
      validator.validate(tool, { [`unknown${index}`]: 1, mode: `value${index}` });
    const [enumError, unknownError] = validator.validate(tool, { paht: 'a', mode: 'alpah' }).errors;
    expect(Object.getOwnPropertyDescriptor(enumError, 'message')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(unknownError, 'message')?.get).toBeTypeOf('function');
    expect(unknownError!.message).toBe("Unknown parameter 'paht'. Did you mean 'path'?");
    expect({ ...enumError }.message).toBe(
      "Parameter 'mode' must be one of the enum values: alpha, beta (got 'alpah'). Did you mean 'alpha'?",
    );
    expect(JSON.parse(JSON.stringify(unknownError))).toMatchObject({
      parameter: 'paht',
      code: 'invalid_value',
      message: "Unknown parameter 'paht'. Did you mean 'path'?",
    });
  });

  it('a mistake asked about before the memo filled is written at once', () => {
    const fresh = toolWith('fresh', {
      type: 'object',
      properties: { path: { type: 'string' } },
      additionalProperties: false,
    });
    const [error] = validator.validate(fresh, { paht: 'a' }).errors;
    expect(Object.getOwnPropertyDescriptor(error, 'message')).toMatchObject({
      value: "Unknown parameter 'paht'. Did you mean 'path'?",
      enumerable: true,
    });
  });
});
