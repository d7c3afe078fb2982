/**
 * nestingBound lets the validator skip walking the arguments after Ajv said "valid": checked here to be sound,
 * on generated schemas and values (a value Ajv accepts never nests deeper than the bound), and on known shapes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import { createAjv } from './compile';
import { nestingBound } from './schema-shape';

/** Levels of objects and arrays in a value, as the validator's walk counts them (a scalar is 0). */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

const KEYS = ['a', 'b', 'c'];

const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>({ type: 'string' }, { type: ['integer', 'null'] }, {}, true, false, { enum: [1, [2]] }),
    fc.record(
      {
        type: fc.constantFrom<unknown>('object', ['object', 'null'], ['object', 'array']),
        properties: fc.dictionary(fc.constantFrom(...KEYS), tie('schema'), { maxKeys: 2 }),
        patternProperties: fc.dictionary(fc.constantFrom('^c'), tie('schema'), { maxKeys: 1 }),
        additionalProperties: fc.oneof(fc.constant(false), fc.constant(true), tie('schema')),
        items: tie('schema'),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      { type: fc.constant('array'), items: tie('schema'), prefixItems: fc.array(tie('schema'), { maxLength: 2 }) },
      { requiredKeys: ['type'] },
    ),
  ),
}));

const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(1, 'x', null, true),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 3 }),
  ),
}));

describe('nestingBound', () => {
  it('no value Ajv accepts nests deeper than the bound', () => {
    const ajv = createAjv();
    fc.assert(
      fc.property(schema, fc.array(value, { minLength: 1, maxLength: 8 }), (generated, values) => {
        const bound = nestingBound(generated);
        if (bound === Infinity) return;
        const validate = ajv.compile(generated as object);
        for (const candidate of values)
          if (validate(candidate))
            expect(depthOf(candidate), JSON.stringify({ generated, candidate })).toBeLessThanOrEqual(bound);
      }),
      { numRuns: 1500 },
    );
  });

  it('reads known shapes', () => {
    expect(nestingBound({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false })).toBe(
      1,
    );
    expect(
      nestingBound({
        type: 'object',
        properties: { env: { type: 'object', additionalProperties: { type: 'string' } } },
        additionalProperties: false,
      }),
    ).toBe(2);
    expect(nestingBound({ type: 'object', properties: { a: { type: 'string' } } })).toBe(Infinity);
    expect(nestingBound({ type: 'object', additionalProperties: false, properties: { list: { type: 'array' } } })).toBe(
      Infinity,
    );
    expect(
      nestingBound({
        type: 'object',
        additionalProperties: false,
        properties: { list: { type: 'array', items: [{ type: 'string' }] } },
      }),
    ).toBe(Infinity);
    expect(
      nestingBound({
        type: 'object',
        additionalProperties: false,
        properties: { a: { $ref: '#/$defs/a', type: 'string' } },
      }),
    ).toBe(Infinity);
    expect(
      nestingBound({
        type: 'object',
        additionalProperties: false,
        properties: { a: { type: 'array', items: { type: 'integer' } } },
      }),
    ).toBe(2);
  });

  it('bounds every bundled tool (so none walks its arguments after a valid verdict)', () => {
    for (const tool of collection.toolsets.flatMap((toolset) => toolset.tools))
      expect(nestingBound(tool.inputSchema), tool.name).toBeLessThan(64);
  });
});
