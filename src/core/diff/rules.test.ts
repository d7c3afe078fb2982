import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../toolset/types';
import { diffDefinitions, sortChanges } from './index';
import type { DiffableDefinition } from './rules/tool';
import { diffSchemas } from './walk';

/** The changes between two bare schemas, in the order a definition's diff lists them; pointers are into the schema. */
const schemaChanges = (before: JsonValue, after: JsonValue) => sortChanges(diffSchemas(before, after));

const object = (properties: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: 'object',
  properties,
  ...extra,
});

interface Case {
  name: string;
  before: JsonObject;
  after: JsonObject;
  forward: [rule: string, changeClass: string, pointer: string];
  backward: [rule: string, changeClass: string];
}

// Every rule of the issue, read both ways: the old → new change and its inverse.
const CASES: Case[] = [
  {
    name: 'parameter removed / optional parameter added',
    before: object({ a: { type: 'string' }, b: { type: 'integer' } }),
    after: object({ a: { type: 'string' } }),
    forward: ['parameter-removed', 'breaking', '/properties/b'],
    backward: ['optional-parameter-added', 'minor'],
  },
  {
    name: 'parameter renamed (both ways)',
    before: object({ path: { type: 'string', maxLength: 9 } }),
    after: object({ file_path: { type: 'string', maxLength: 9, description: 'x' } }),
    forward: ['parameter-renamed', 'breaking', '/properties/file_path'],
    backward: ['parameter-renamed', 'breaking'],
  },
  {
    name: 'new required parameter / parameter removed',
    before: object({}),
    after: object({ a: { type: 'string' } }, { required: ['a'] }),
    forward: ['required-parameter-added', 'breaking', '/properties/a'],
    backward: ['parameter-removed', 'breaking'],
  },
  {
    name: 'became required / became optional',
    before: object({ a: { type: 'string' } }),
    after: object({ a: { type: 'string' } }, { required: ['a'] }),
    forward: ['parameter-became-required', 'breaking', '/properties/a'],
    backward: ['parameter-became-optional', 'minor'],
  },
  {
    name: 'type changed',
    before: object({ a: { type: 'string' } }),
    after: object({ a: { type: 'integer' } }),
    forward: ['type-changed', 'breaking', '/properties/a/type'],
    backward: ['type-changed', 'breaking'],
  },
  {
    name: 'type narrowed / widened (number → integer)',
    before: object({ a: { type: 'number' } }),
    after: object({ a: { type: 'integer' } }),
    forward: ['type-narrowed', 'breaking', '/properties/a/type'],
    backward: ['type-widened', 'minor'],
  },
  {
    name: 'type narrowed / widened (union)',
    before: object({ a: { type: ['string', 'null'] } }),
    after: object({ a: { type: 'string' } }),
    forward: ['type-narrowed', 'breaking', '/properties/a/type'],
    backward: ['type-widened', 'minor'],
  },
  {
    name: 'enum value removed / added',
    before: object({ a: { enum: ['x', 'y'] } }),
    after: object({ a: { enum: ['x'] } }),
    forward: ['enum-value-removed', 'breaking', '/properties/a/enum'],
    backward: ['enum-value-added', 'minor'],
  },
  {
    name: 'enum added / dropped',
    before: object({ a: { type: 'string' } }),
    after: object({ a: { type: 'string', enum: ['x'] } }),
    forward: ['enum-added', 'breaking', '/properties/a/enum'],
    backward: ['enum-dropped', 'minor'],
  },
  {
    name: 'const added / dropped',
    before: object({ a: { type: 'string' } }),
    after: object({ a: { type: 'string', const: 'x' } }),
    forward: ['const-added', 'breaking', '/properties/a/const'],
    backward: ['const-dropped', 'minor'],
  },
  {
    name: 'minimum raised / lowered',
    before: object({ a: { type: 'integer', minimum: 1 } }),
    after: object({ a: { type: 'integer', minimum: 5 } }),
    forward: ['minimum-tightened', 'breaking', '/properties/a/minimum'],
    backward: ['minimum-relaxed', 'minor'],
  },
  {
    name: 'minLength raised / lowered',
    before: object({ a: { type: 'string', minLength: 1 } }),
    after: object({ a: { type: 'string', minLength: 3 } }),
    forward: ['minLength-tightened', 'breaking', '/properties/a/minLength'],
    backward: ['minLength-relaxed', 'minor'],
  },
  {
    name: 'minItems added / removed',
    before: object({ a: { type: 'array' } }),
    after: object({ a: { type: 'array', minItems: 1 } }),
    forward: ['minItems-added', 'breaking', '/properties/a/minItems'],
    backward: ['minItems-removed', 'minor'],
  },
  {
    name: 'maximum lowered / raised',
    before: object({ count: { type: 'integer', maximum: 1000 } }),
    after: object({ count: { type: 'integer', maximum: 100 } }),
    forward: ['maximum-tightened', 'breaking', '/properties/count/maximum'],
    backward: ['maximum-relaxed', 'minor'],
  },
  {
    name: 'maxLength lowered / raised',
    before: object({ a: { type: 'string', maxLength: 10 } }),
    after: object({ a: { type: 'string', maxLength: 5 } }),
    forward: ['maxLength-tightened', 'breaking', '/properties/a/maxLength'],
    backward: ['maxLength-relaxed', 'minor'],
  },
  {
    name: 'maxItems added / removed',
    before: object({ a: { type: 'array' } }),
    after: object({ a: { type: 'array', maxItems: 3 } }),
    forward: ['maxItems-added', 'breaking', '/properties/a/maxItems'],
    backward: ['maxItems-removed', 'minor'],
  },
  {
    name: 'exclusiveMaximum lowered / raised',
    before: object({ a: { exclusiveMaximum: 10 } }),
    after: object({ a: { exclusiveMaximum: 9 } }),
    forward: ['exclusiveMaximum-tightened', 'breaking', '/properties/a/exclusiveMaximum'],
    backward: ['exclusiveMaximum-relaxed', 'minor'],
  },
  {
    name: 'multipleOf tightened / relaxed',
    before: object({ a: { multipleOf: 2 } }),
    after: object({ a: { multipleOf: 4 } }),
    forward: ['multipleOf-tightened', 'breaking', '/properties/a/multipleOf'],
    backward: ['multipleOf-relaxed', 'minor'],
  },
  {
    name: 'pattern added / removed',
    before: object({ a: { type: 'string' } }),
    after: object({ a: { type: 'string', pattern: '^[a-z]+$' } }),
    forward: ['pattern-added', 'breaking', '/properties/a/pattern'],
    backward: ['pattern-removed', 'minor'],
  },
  {
    name: 'pattern changed (both ways)',
    before: object({ a: { pattern: '^[a-z]+$' } }),
    after: object({ a: { pattern: '^[a-z]{1,8}$' } }),
    forward: ['pattern-tightened', 'breaking', '/properties/a/pattern'],
    backward: ['pattern-tightened', 'breaking'],
  },
  {
    name: 'format added / removed',
    before: object({ a: { type: 'string' } }),
    after: object({ a: { type: 'string', format: 'uri' } }),
    forward: ['format-added', 'breaking', '/properties/a/format'],
    backward: ['format-removed', 'minor'],
  },
  {
    name: 'additionalProperties closed / opened',
    before: object({ a: { type: 'string' } }),
    after: object({ a: { type: 'string' } }, { additionalProperties: false }),
    forward: ['additional-properties-closed', 'breaking', '/additionalProperties'],
    backward: ['additional-properties-opened', 'minor'],
  },
  {
    name: 'default changed (both ways)',
    before: object({ a: { type: 'integer', default: 10 } }),
    after: object({ a: { type: 'integer', default: 20 } }),
    forward: ['default-changed', 'breaking', '/properties/a/default'],
    backward: ['default-changed', 'breaking'],
  },
  {
    name: 'default removed / added',
    before: object({ a: { type: 'integer', default: 10 } }),
    after: object({ a: { type: 'integer' } }),
    forward: ['default-removed', 'breaking', '/properties/a/default'],
    backward: ['default-added', 'minor'],
  },
  {
    name: 'parameter deprecated / undeprecated',
    before: object({ a: { type: 'string' } }),
    after: object({ a: { type: 'string', deprecated: true } }),
    forward: ['parameter-deprecated', 'minor', '/properties/a/deprecated'],
    backward: ['parameter-undeprecated', 'minor'],
  },
  {
    name: 'uniqueItems added / removed',
    before: object({ a: { type: 'array' } }),
    after: object({ a: { type: 'array', uniqueItems: true } }),
    forward: ['uniqueItems-added', 'breaking', '/properties/a/uniqueItems'],
    backward: ['uniqueItems-removed', 'minor'],
  },
  {
    name: 'anyOf branch removed / added',
    before: object({ a: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }),
    after: object({ a: { anyOf: [{ type: 'string' }] } }),
    forward: ['anyOf-tightened', 'breaking', '/properties/a/anyOf'],
    backward: ['anyOf-relaxed', 'minor'],
  },
  {
    name: 'allOf member added / removed',
    before: object({ a: { allOf: [{ type: 'string' }] } }),
    after: object({ a: { allOf: [{ type: 'string' }, { minLength: 2 }] } }),
    forward: ['allOf-tightened', 'breaking', '/properties/a/allOf'],
    backward: ['allOf-relaxed', 'minor'],
  },
  {
    name: 'description changed (patch both ways)',
    before: object({ a: { type: 'string', description: 'old' } }),
    after: object({ a: { type: 'string', description: 'new' } }),
    forward: ['annotation-changed', 'patch', '/properties/a/description'],
    backward: ['annotation-changed', 'patch'],
  },
  {
    name: 'title and examples changed',
    before: object({ a: { title: 'A', examples: ['x'] } }),
    after: object({ a: { title: 'B', examples: ['y'] } }),
    forward: ['annotation-changed', 'patch', '/properties/a/title'],
    backward: ['annotation-changed', 'patch'],
  },
  {
    name: 'oneOf branch removed / added',
    before: object({ a: { oneOf: [{ type: 'string' }, { type: 'integer' }] } }),
    after: object({ a: { oneOf: [{ type: 'string' }] } }),
    forward: ['oneOf-tightened', 'breaking', '/properties/a/oneOf'],
    backward: ['oneOf-relaxed', 'minor'],
  },
  {
    name: 'exclusiveMinimum raised / lowered',
    before: object({ a: { exclusiveMinimum: 0 } }),
    after: object({ a: { exclusiveMinimum: 1 } }),
    forward: ['exclusiveMinimum-tightened', 'breaking', '/properties/a/exclusiveMinimum'],
    backward: ['exclusiveMinimum-relaxed', 'minor'],
  },
  {
    name: 'maxProperties added / removed',
    before: object({ a: { type: 'object' } }),
    after: object({ a: { type: 'object', maxProperties: 2 } }),
    forward: ['maxProperties-added', 'breaking', '/properties/a/maxProperties'],
    backward: ['maxProperties-removed', 'minor'],
  },
  {
    name: 'unevaluatedProperties closed / opened',
    before: object({}),
    after: object({}, { unevaluatedProperties: false }),
    forward: ['additional-properties-closed', 'breaking', '/unevaluatedProperties'],
    backward: ['additional-properties-opened', 'minor'],
  },
  {
    name: 'a boolean subschema constrained / relaxed',
    before: object({ a: { type: 'array', items: true } }),
    after: object({ a: { type: 'array', items: { type: 'string' } } }),
    forward: ['schema-tightened', 'breaking', '/properties/a/items'],
    backward: ['schema-relaxed', 'minor'],
  },
  {
    name: 'a changed item schema is compared inside',
    before: object({ a: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } } }),
    after: object({ a: { type: 'array', items: { type: 'string', enum: ['x'] } } }),
    forward: ['enum-value-removed', 'breaking', '/properties/a/items/enum'],
    backward: ['enum-value-added', 'minor'],
  },
  {
    name: 'a $defs entry added / removed is wording-level',
    before: object({}),
    after: object({}, { $defs: { name: { type: 'string' } } }),
    forward: ['definition-changed', 'patch', '/$defs/name'],
    backward: ['definition-changed', 'patch'],
  },
  {
    name: 'unknown keyword added / removed',
    before: object({ a: { type: 'object' } }),
    after: object({ a: { type: 'object', dependentRequired: { x: ['y'] } } }),
    forward: ['keyword-added', 'breaking', '/properties/a/dependentRequired'],
    backward: ['keyword-removed', 'minor'],
  },
];

describe('diff rules, both directions', () => {
  for (const testCase of CASES) {
    it(testCase.name, () => {
      const forward = schemaChanges(testCase.before, testCase.after);
      const [rule, changeClass, pointer] = testCase.forward;
      expect(forward).toContainEqual(expect.objectContaining({ rule, class: changeClass, pointer }));
      expect(forward[0]?.message.length).toBeGreaterThan(20);
      const backward = schemaChanges(testCase.after, testCase.before);
      expect(backward).toContainEqual(
        expect.objectContaining({ rule: testCase.backward[0], class: testCase.backward[1] }),
      );
    });
  }

  it('finds nothing between equal schemas, whatever the key order or $id', () => {
    const schema = object({ a: { type: 'string', maxLength: 3 } }, { required: ['a'], $id: 'urn:x:1' });
    const reordered = {
      $id: 'urn:x:2',
      required: ['a'],
      properties: { a: { maxLength: 3, type: 'string' } },
      type: 'object',
    };
    expect(schemaChanges(schema, reordered)).toEqual([]);
  });

  it('reaches nested objects and array items, naming the parameter path', () => {
    const before = object({
      env: object({ PORT: { type: 'string' } }),
      files: { type: 'array', items: { type: 'string', maxLength: 100 } },
    });
    const after = object({ env: object({}), files: { type: 'array', items: { type: 'string', maxLength: 50 } } });
    const changes = schemaChanges(before, after);
    expect(changes).toContainEqual(
      expect.objectContaining({ rule: 'parameter-removed', pointer: '/properties/env/properties/PORT' }),
    );
    const items = changes.find((change) => change.pointer === '/properties/files/items/maxLength');
    expect(items?.message).toContain("'files[]'");
  });

  it('escapes pointer segments', () => {
    const changes = schemaChanges(object({ 'a/b': { type: 'string' } }), object({}));
    expect(changes[0]?.pointer).toBe('/properties/a~1b');
  });

  it('lists breaking changes before minor before patch', () => {
    const before = object({ a: { type: 'string', description: 'x' }, b: { type: 'string' } });
    const after = object({ a: { type: 'string', description: 'y' }, c: { type: 'integer' } });
    expect(schemaChanges(before, after).map((change) => change.class)).toEqual(['breaking', 'minor', 'patch']);
  });
});

describe('definition fields', () => {
  const base: DiffableDefinition = {
    name: 't',
    version: '1.0.0',
    riskLevel: 'low',
    description: 'Does t.',
    inputSchema: object({}),
  };

  it('risk raised is breaking, lowered is minor', () => {
    const raised = diffDefinitions(base, { ...base, riskLevel: 'high' });
    expect(raised.changes).toContainEqual(
      expect.objectContaining({ rule: 'risk-raised', class: 'breaking', pointer: '/riskLevel' }),
    );
    const lowered = diffDefinitions({ ...base, riskLevel: 'high' }, base);
    expect(lowered.changes).toContainEqual(expect.objectContaining({ rule: 'risk-lowered', class: 'minor' }));
  });

  it('a renamed tool is breaking; a new description is a patch', () => {
    expect(diffDefinitions(base, { ...base, name: 'u' }).changes[0]).toMatchObject({
      rule: 'tool-renamed',
      class: 'breaking',
    });
    expect(diffDefinitions(base, { ...base, description: 'Does t well.' }).changes[0]).toMatchObject({
      rule: 'annotation-changed',
      class: 'patch',
      pointer: '/description',
    });
  });

  it('prefixes schema pointers with /inputSchema and counts by class', () => {
    const result = diffDefinitions(base, {
      ...base,
      version: '2.0.0',
      inputSchema: object({ a: { type: 'string' } }, { required: ['a'] }),
    });
    expect(result.changes[0]?.pointer).toBe('/inputSchema/properties/a');
    expect(result.counts).toEqual({ breaking: 1, minor: 0, patch: 0 });
    expect(result.required).toBe('major');
    expect(result.version?.ok).toBe(true);
  });

  it('a relationship added is breaking, removed is minor', () => {
    const relationship = { kind: 'not_less_than', parameter: 'b', other: 'a', description: 'b ≥ a' };
    expect(diffDefinitions(base, { ...base, relationships: [relationship] }).changes[0]).toMatchObject({
      rule: 'relationship-added',
      class: 'breaking',
    });
    expect(diffDefinitions({ ...base, relationships: [relationship] }, base).changes[0]).toMatchObject({
      rule: 'relationship-removed',
      class: 'minor',
    });
  });
});
