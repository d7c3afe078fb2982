import { createCompilingValidator } from '../validation/compile';
/**
 * Schemas real servers publish are imported and judged as JSON Schema says: each case is a shape that could be
 * refused, misjudged, or hang.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../toolset/types';
import { pointerToParameter } from '../validation/ajv-errors';
import { importToolset } from './import';
import type { ImportOptions } from './types';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const imported = (schema: unknown, options: Omit<ImportOptions, 'validator'> = {}) => {
  const result = importToolset(
    JSON.stringify({ tools: [{ name: 't', description: 'A tool.', inputSchema: schema }] }),
    { validator, ...options },
  );
  return {
    result,
    tool: result.toolset.tools[0] as ToolDefinition | undefined,
    errors: result.problems.filter((problem) => problem.severity === 'error'),
    notes: result.problems.filter((problem) => problem.rule === 'schema_note'),
  };
};
const accepted = (schema: unknown) => {
  const { tool, errors } = imported(schema);
  expect(errors).toEqual([]);
  return tool!;
};
const errorsOf = (tool: ToolDefinition, args: unknown) =>
  validator.validate(tool, args).errors.map(({ parameter, code }) => ({ parameter, code }));
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('1. every regex a schema holds is guarded', () => {
  it('a patternProperties key that backtracks exponentially gives its verdict at once on a 28-character key', () => {
    const tool = accepted(
      object({}, { patternProperties: { '^(a+)+$': { type: 'string' } }, additionalProperties: false }),
    );
    // With a native backtracking RegExp this one key took ~18 s; its verdict: not matched, so not allowed.
    expect(errorsOf(tool, { [`${'a'.repeat(27)}!`]: 'x' })).toEqual([
      { parameter: `${'a'.repeat(27)}!`, code: 'invalid_value' },
    ]);
    expect(errorsOf(tool, { aaaa: 1 })).toEqual([{ parameter: 'aaaa', code: 'type_mismatch' }]);
    expect(errorsOf(tool, { aaaa: 'x' })).toEqual([]);
  });

  it('refuses, with the pointer of the key, a patternProperties key or a nested propertyNames pattern no engine can run safely', () => {
    const { errors } = imported(
      object(
        { env: { type: 'object', patternProperties: { '^(a+)+(?!b)$': {} } } },
        { $defs: { names: { type: 'object', propertyNames: { pattern: '^(\\w+\\s?)+(?=x)$' } } } },
      ),
    );
    expect(errors.map((problem) => [problem.rule, problem.pointer])).toEqual([
      ['unsafe_pattern', '/tools/0/inputSchema/properties/env/patternProperties/^(a+)+(?!b)$'],
      ['unsafe_pattern', '/tools/0/inputSchema/$defs/names/propertyNames/pattern'],
    ]);
  });
});

describe('2. unknown formats are annotations', () => {
  it('accepts format "json" and the standard formats Ajv has no checker for, each with a note that does not say "ignored"', () => {
    for (const format of ['json', 'idn-email', 'idn-hostname', 'iri', 'iri-reference']) {
      const { tool, errors, notes } = imported(object({ value: { type: 'string', format, description: 'A value.' } }));
      expect(errors, format).toEqual([]);
      expect(errorsOf(tool!, { value: 'anything at all' }), format).toEqual([]);
      expect(notes, format).toEqual([
        expect.objectContaining({
          pointer: '/tools/0/inputSchema/properties/value/format',
          message: expect.stringContaining('annotation'),
        }),
      ]);
      expect(notes[0]!.message).not.toMatch(/ignored/);
    }
  });

  it('keeps checking the formats ajv-formats supports', () => {
    const tool = accepted(object({ to: { type: 'string', format: 'email', description: 'Address.' } }));
    expect(errorsOf(tool, { to: 'not an address' })).toEqual([{ parameter: 'to', code: 'invalid_value' }]);
    expect(errorsOf(tool, { to: 'a@example.com' })).toEqual([]);
  });
});

describe('3. references inside the document resolve', () => {
  const schema = {
    $id: 'https://example.com/tools/root.json',
    type: 'object',
    properties: { short: { $ref: 'item.json#/$defs/name' }, word: { $ref: '#word' }, item: { $ref: 'item.json' } },
    $defs: {
      item: {
        $id: 'item.json',
        type: 'object',
        properties: { name: { $ref: '#/$defs/name' } },
        $defs: { name: { type: 'string', maxLength: 3 } },
      },
      word: { $anchor: 'word', type: 'string', pattern: '^[a-z]+$' },
    },
  };

  it('imports $anchor references, references to an embedded $id, and pointers resolved against that resource', () => {
    const tool = accepted(schema);
    expect(errorsOf(tool, { short: 'abc', word: 'abc', item: { name: 'abc' } })).toEqual([]);
    expect(errorsOf(tool, { short: 'abcd', word: 'ABC', item: { name: 'abcd' } })).toEqual([
      { parameter: 'short', code: 'string_too_long' },
      { parameter: 'word', code: 'pattern_mismatch' },
      { parameter: 'item.name', code: 'string_too_long' },
    ]);
  });

  it('calls remote only a reference that leaves the document', () => {
    const { errors } = imported({ ...schema, properties: { ...schema.properties, other: { $ref: 'other.json' } } });
    expect(errors.map((problem) => [problem.rule, problem.pointer])).toEqual([
      ['remote_ref', '/tools/0/inputSchema/properties/other/$ref'],
    ]);
    expect(errors[0]!.message).toContain('https://example.com/tools/other.json');
  });
});

describe('4. what Ajv strict mode dislikes is a note, never a refusal', () => {
  it('imports properties overlapping patternProperties, if without then, minContains without contains, unknown keywords', () => {
    const { tool, errors, notes } = imported(
      object(
        {
          name: { type: 'string', description: 'Name.' },
          list: { type: 'array', minContains: 1, description: 'List.' },
        },
        { patternProperties: { '^na': { maxLength: 3 } }, if: { required: ['name'] }, maximun: 3 },
      ),
    );
    expect(errors).toEqual([]);
    expect(notes.map((note) => note.pointer)).toEqual(
      expect.arrayContaining([
        '/tools/0/inputSchema/patternProperties',
        '/tools/0/inputSchema/if',
        '/tools/0/inputSchema/maximun',
      ]),
    );
    expect(notes.find((note) => note.pointer.endsWith('/maximun'))!.message).toContain('did you mean "maximum"');
    // Both schemas apply to `name`, as JSON Schema says.
    expect(errorsOf(tool!, { name: 'abcd' })).toEqual([{ parameter: 'name', code: 'string_too_long' }]);
  });
});

describe('5. older drafts mean what their draft says', () => {
  it('a draft-07 tuple (zod-to-json-schema) with additionalItems', () => {
    const tool = accepted({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...object({ pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false } }),
    });
    expect(errorsOf(tool, { pair: ['a', 1] })).toEqual([]);
    expect(errorsOf(tool, { pair: ['a', 'b'] })).toEqual([{ parameter: 'pair[1]', code: 'type_mismatch' }]);
    expect(validator.validate(tool, { pair: ['a', 1, 2] }).errors[0]).toMatchObject({
      parameter: 'pair',
      message: expect.stringContaining('additionalItems'),
    });
  });

  it('draft-04 boolean exclusiveMaximum, and a tuple without $schema read as draft-07 with a note', () => {
    const tool = accepted({
      $schema: 'http://json-schema.org/draft-04/schema#',
      ...object({ ratio: { type: 'number', maximum: 1, exclusiveMaximum: true } }),
    });
    expect(errorsOf(tool, { ratio: 0.5 })).toEqual([]);
    expect(validator.validate(tool, { ratio: 1 }).errors[0]).toMatchObject({
      parameter: 'ratio',
      code: 'out_of_range',
      message: expect.stringContaining('less than 1'),
    });
    const { notes } = imported(object({ pair: { type: 'array', items: [{ type: 'string' }] } }));
    expect(notes[0]!.message).toContain('read as draft-07');
  });

  it('2019-09 and draft-06 declared schemas compile with their own draft', () => {
    const modern = accepted({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      ...object({ a: { type: 'string' } }, { dependentRequired: { a: ['b'] }, unevaluatedProperties: false }),
    });
    expect(errorsOf(modern, { a: 'x' })).toEqual([{ parameter: 'b', code: 'required' }]);
    expect(errorsOf(modern, { a: 'x', b: 1 })).toEqual([{ parameter: 'b', code: 'invalid_value' }]);
    const older = accepted({
      $schema: 'http://json-schema.org/draft-06/schema#',
      ...object({ n: { type: 'number', exclusiveMinimum: 0 } }),
    });
    expect(errorsOf(older, { n: 0 })).toEqual([{ parameter: 'n', code: 'out_of_range' }]);
  });

  it('dependencies errors name the parameters', () => {
    const tool = accepted({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...object({ card: { type: 'string' }, billing: { type: 'string' } }, { dependencies: { card: ['billing'] } }),
    });
    expect(validator.validate(tool, { card: 'x' }).errors).toEqual([
      expect.objectContaining({
        parameter: 'billing',
        code: 'required',
        message: "Missing required property 'billing' (required when 'card' is given)",
      }),
    ]);
  });
});

describe('6-8. data is data, characters are characters, __proto__ is a name', () => {
  it('never takes $ref-shaped values in default, enum, const or examples for references', () => {
    const ref = { $ref: '#/nowhere' };
    const tool = accepted(
      object({
        doc: {
          type: 'object',
          default: ref,
          examples: [ref, { $ref: 'https://example.com/x.json' }],
          enum: [ref],
          description: 'A JSON reference.',
        },
        fixed: { const: ref },
      }),
    );
    expect(errorsOf(tool, { doc: ref, fixed: ref })).toEqual([]);
    expect(errorsOf(tool, { doc: { $ref: '#/elsewhere' } })).toEqual([{ parameter: 'doc', code: 'invalid_enum' }]);
  });

  it('minLength and maxLength count characters, not UTF-16 units', () => {
    const tool = accepted(object({ emoji: { type: 'string', maxLength: 2, minLength: 2, pattern: '^.+$' } }));
    expect(errorsOf(tool, { emoji: '😀😀' })).toEqual([]);
    expect(validator.validate(tool, { emoji: '😀😀😀' }).errors[0]).toMatchObject({
      code: 'string_too_long',
      message: expect.stringContaining('(actual: 3)'),
    });
    expect(errorsOf(tool, { emoji: '😀' })).toEqual([{ parameter: 'emoji', code: 'string_too_short' }]);
  });

  it('checks a parameter named __proto__ like any other', () => {
    const text =
      '{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"],"additionalProperties":false}}]}';
    const tool = importToolset(text, { validator }).toolset.tools[0]!;
    expect(errorsOf(tool, JSON.parse('{"__proto__": 5}'))).toEqual([{ parameter: '__proto__', code: 'type_mismatch' }]);
    expect(errorsOf(tool, JSON.parse('{"__proto__": "x"}'))).toEqual([]);
    expect(errorsOf(tool, {})).toEqual([{ parameter: '__proto__', code: 'required' }]);
  });
});

describe('9. messages name the parameter and the rule', () => {
  it('an unevaluatedItems error names the array and its limit; a path never reads [NaN]', () => {
    const tool = accepted(object({ v: { type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: false } }));
    expect(validator.validate(tool, { v: ['a', 'b'] }).errors[0]).toMatchObject({
      parameter: 'v',
      message: expect.stringContaining('only the first 1'),
    });
    expect(pointerToParameter('/v/key', { v: ['x'] })).toBe('v.key');
    expect(pointerToParameter('/v/1', { v: ['x', 'y'] })).toBe('v[1]');
  });

  it('refuses type "float" naming the parameter and the rule, at the keyword', () => {
    const { errors } = imported(object({ ratio: { type: 'float' } }));
    expect(errors).toEqual([
      expect.objectContaining({
        rule: 'unknown_type',
        pointer: '/tools/0/inputSchema/properties/ratio/type',
        message: expect.stringMatching(
          /parameter 'ratio' has type "float", which is not a JSON Schema type.*did you mean "number"/,
        ),
      }),
    ]);
  });
});

describe('10. the CodeGenesis meta-schema', () => {
  const definitions = JSON.stringify([
    {
      name: 'good',
      description: 'Reads.',
      inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'Path.' } } },
    },
    {
      name: 'bare',
      description: '',
      inputSchema: { type: 'object', properties: { path: { type: 'string', description: 'Path.' } } },
    },
    {
      name: 'loose',
      description: 'Writes.',
      inputSchema: { type: 'object', properties: { path: { description: 'Path.' }, mode: { type: 'string' } } },
    },
  ]);

  it('imported as CodeGenesis, a definition breaking the meta-schema is refused with the pointer and the rule', () => {
    const result = importToolset(definitions, { validator, format: 'codegenesis' });
    expect(result.toolset.tools.map((tool) => tool.name)).toEqual(['good']);
    expect(result.problems.map((problem) => [problem.severity, problem.rule, problem.pointer])).toEqual([
      ['error', 'meta_schema', '/1/description'],
      ['error', 'meta_schema', '/2/inputSchema/properties/path/type'],
      ['error', 'meta_schema', '/2/inputSchema/properties/mode/description'],
    ]);
  });

  it('read as another format, the same gaps are findings the report lists', () => {
    const result = importToolset(JSON.stringify({ tools: JSON.parse(definitions) }), { validator });
    expect(result.format).toBe('mcp');
    expect(result.toolset.tools).toHaveLength(3);
    expect(result.problems.map((problem) => [problem.severity, problem.rule, problem.pointer])).toEqual([
      ['warning', 'meta_schema', '/tools/1/description'],
      ['warning', 'meta_schema', '/tools/2/inputSchema/properties/path/type'],
      ['warning', 'meta_schema', '/tools/2/inputSchema/properties/mode/description'],
    ]);
    expect(
      importToolset(JSON.stringify({ functionDeclarations: [] }), { validator, format: 'codegenesis' }).problems[0],
    ).toMatchObject({ rule: 'unknown_format' });
  });
});
