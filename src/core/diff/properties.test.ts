import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../toolset/types';
import { sortChanges } from './index';
import type { SchemaChange } from './types';
import { checkVersion } from './version';
import { diffSchemas } from './walk';

/** The changes between two bare schemas, in the order a definition's diff lists them. */
const schemaChanges = (before: JsonValue, after: JsonValue) => sortChanges(diffSchemas(before, after));

/** Small input schemas: objects of typed, bounded, enumerated, nested parameters. */
const parameter: fc.Arbitrary<JsonObject> = fc.letrec<{ schema: JsonObject }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record(
      { type: fc.constant('string'), maxLength: fc.integer({ min: 1, max: 50 }), description: fc.string() },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      {
        type: fc.constantFrom('integer', 'number'),
        minimum: fc.integer({ min: -5, max: 5 }),
        maximum: fc.integer({ min: 6, max: 99 }),
        default: fc.integer({ min: 6, max: 10 }),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({
      type: fc.constant('string'),
      enum: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1 }),
    }),
    fc.record(
      { type: fc.constant('array'), items: tie('schema'), maxItems: fc.integer({ min: 1, max: 9 }) },
      { requiredKeys: ['type', 'items'] },
    ),
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('schema'), { maxKeys: 3 }),
        additionalProperties: fc.boolean(),
      },
      { requiredKeys: ['type', 'properties'] },
    ),
  ),
})).schema;

const inputSchema: fc.Arbitrary<JsonObject> = fc
  .record({
    properties: fc.dictionary(fc.constantFrom('path', 'count', 'mode', 'files'), parameter, { maxKeys: 4 }),
    closed: fc.boolean(),
  })
  .chain(({ properties, closed }) =>
    fc
      .subarray(Object.keys(properties))
      .map(
        (required) =>
          ({ type: 'object', properties, required, ...(closed ? { additionalProperties: false } : {}) }) as JsonObject,
      ),
  );

const classes = (changes: SchemaChange[]) => changes.map((change) => change.class);

describe('diff properties', () => {
  it('a schema compared with itself has no changes', () => {
    fc.assert(
      fc.property(
        inputSchema,
        (schema) => schemaChanges(schema, JSON.parse(JSON.stringify(schema)) as JsonValue).length === 0,
      ),
    );
  });

  it('every change has a pointer into one of the two schemas, a class and a reason', () => {
    fc.assert(
      fc.property(inputSchema, inputSchema, (before, after) => {
        for (const change of schemaChanges(before, after)) {
          expect(change.pointer.startsWith('/') || change.pointer === '').toBe(true);
          expect(['breaking', 'minor', 'patch']).toContain(change.class);
          expect(change.message.length).toBeGreaterThan(10);
        }
      }),
    );
  });

  it('a change that only adds an optional parameter is never breaking, and its reverse is', () => {
    fc.assert(
      fc.property(inputSchema, parameter, (schema, added) => {
        const properties = schema.properties as JsonObject;
        if ('extra' in properties) return;
        const grown = { ...schema, properties: { ...properties, extra: added } };
        expect(classes(schemaChanges(schema, grown))).toEqual(['minor']);
        expect(classes(schemaChanges(grown, schema))).toContain('breaking');
      }),
    );
  });

  it('the version the check asks for always passes it', () => {
    const version = fc
      .tuple(fc.nat(3), fc.nat(9), fc.nat(9))
      .map(([major, minor, patch]) => `${major}.${minor}.${patch}`);
    fc.assert(
      fc.property(version, inputSchema, inputSchema, (from, before, after) => {
        const changes = schemaChanges(before, after);
        const { expected } = checkVersion(from, from, changes);
        expect(checkVersion(from, expected, changes).ok).toBe(true);
      }),
    );
  });
});
