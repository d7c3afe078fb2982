import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../toolset/types';
import { compileWithLog } from '../validation/compile';
import { convertTo202012, SCHEMA_2020_12 } from './to-2020-12';

/** Both schemas give the same verdict on every value. */
const sameVerdicts = (original: unknown, converted: unknown, values: unknown[]) => {
  const before = compileWithLog(original as JsonSchema).validate;
  const after = compileWithLog(converted as JsonSchema).validate;
  expect(values.map((value) => after(value))).toEqual(values.map((value) => before(value)));
};

describe('convertTo202012', () => {
  it('rewrites a draft-04 schema: id, boolean exclusive bounds, definitions and the refs into them', () => {
    const original = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'https://example.com/order.json',
      type: 'object',
      properties: {
        id: { type: 'string' },
        quantity: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false },
        item: { $ref: '#/definitions/item' },
      },
      definitions: { item: { type: 'string', minLength: 1 } },
    };
    const { schema, from, changes } = convertTo202012(original);
    expect(from).toBe('draft-04');
    expect(schema).toEqual({
      $schema: SCHEMA_2020_12,
      $id: 'https://example.com/order.json',
      type: 'object',
      properties: {
        id: { type: 'string' },
        quantity: { type: 'number', exclusiveMinimum: 0, maximum: 10 },
        item: { $ref: '#/$defs/item' },
      },
      $defs: { item: { type: 'string', minLength: 1 } },
    });
    expect(changes.map((change) => change.pointer)).toEqual([
      '/$schema',
      '/id',
      '/properties/quantity/exclusiveMinimum',
      '/properties/quantity/exclusiveMaximum',
      '/properties/item/$ref',
      '/definitions',
    ]);
    sameVerdicts(original, schema, [
      { quantity: 0 },
      { quantity: 0.5 },
      { quantity: 10 },
      { item: '' },
      { item: 'x' },
      { id: 3 },
    ]);
  });

  it('rewrites a zod-to-json-schema tuple and a $ref into it', () => {
    const original = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        point: { type: 'array', items: [{ type: 'number' }, { type: 'string' }], additionalItems: false, minItems: 2 },
        label: { $ref: '#/properties/point/items/1' },
      },
    };
    const { schema, changes } = convertTo202012(original);
    expect(schema).toMatchObject({
      properties: {
        point: { prefixItems: [{ type: 'number' }, { type: 'string' }], items: false },
        label: { $ref: '#/properties/point/prefixItems/1' },
      },
    });
    expect(changes.map((change) => change.change)).toContain('items array (a tuple) → prefixItems');
    sameVerdicts(original, schema, [
      { point: [1, 'a'] },
      { point: [1, 'a', 2] },
      { point: ['a', 1] },
      { label: 'x' },
      { label: 1 },
    ]);
  });

  it('splits dependencies, and drops what draft-07 ignores beside a $ref', () => {
    const original = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: { a: { $ref: '#/definitions/n', maximum: 1, description: 'kept' } },
      dependencies: { card: ['billing'], gift: { required: ['message'] } },
      definitions: { n: { type: 'number' } },
    };
    const { schema, changes } = convertTo202012(original);
    expect(schema).toMatchObject({
      properties: { a: { $ref: '#/$defs/n', description: 'kept' } },
      dependentRequired: { card: ['billing'] },
      dependentSchemas: { gift: { required: ['message'] } },
    });
    expect((schema as { properties: { a: object } }).properties.a).not.toHaveProperty('maximum');
    expect(changes.find((change) => change.pointer === '/properties/a')?.change).toMatch(
      /maximum beside \$ref dropped/,
    );
    sameVerdicts(original, schema, [
      { card: 1 },
      { card: 1, billing: 2 },
      { gift: 1 },
      { gift: 1, message: '' },
      { a: 'x' },
    ]);
    // Draft-07 ignores `maximum` beside the $ref, so 5 is valid (Ajv applies it to the original: one of the suite's deviations).
    expect(compileWithLog(schema as JsonSchema).validate({ a: 5 })).toBe(true);
  });

  it('turns a fragment $id into an $anchor, and 2019-09 recursion into dynamic references', () => {
    expect(
      convertTo202012({
        $schema: 'http://json-schema.org/draft-07/schema#',
        definitions: { a: { $id: '#thing', type: 'string' } },
      }).schema,
    ).toEqual({
      $schema: SCHEMA_2020_12,
      $defs: { a: { $anchor: 'thing', type: 'string' } },
    });
    const tree = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $recursiveAnchor: true,
      type: 'object',
      properties: { children: { type: 'array', items: { $recursiveRef: '#' } }, name: { type: 'string' } },
    };
    const { schema } = convertTo202012(tree);
    expect(schema).toMatchObject({
      $dynamicAnchor: 'recursive',
      properties: { children: { items: { $dynamicRef: '#recursive' } } },
    });
    sameVerdicts(tree, schema, [
      { children: [{ name: 'a' }] },
      { children: [{ name: 1 }] },
      { children: [{ children: [{ name: false }] }] },
    ]);
  });

  it('leaves a 2020-12 schema as it is, and data keywords untouched', () => {
    const schema = { type: 'object', properties: { a: { default: { items: [1], definitions: {} } } } };
    expect(convertTo202012(schema)).toEqual({ schema, from: '2020-12', changes: [] });
    const older = convertTo202012({
      $schema: 'http://json-schema.org/draft-07/schema#',
      default: { items: [1] },
      enum: [{ definitions: 1 }],
    }).schema;
    expect(older).toEqual({ $schema: SCHEMA_2020_12, default: { items: [1] }, enum: [{ definitions: 1 }] });
  });
});
