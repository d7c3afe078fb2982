import { describe, expect, it } from 'vitest';
import type { JsonObject } from './json-value';
import { eachSubschema, walkSchema } from './walk-schema';

const schema: JsonObject = {
  type: 'object',
  properties: {
    'a/b': { type: 'string' },
    files: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
    choice: { anyOf: [{ $ref: '#/$defs/used' }, { type: 'null' }] },
  },
  additionalProperties: { type: 'number' },
  $defs: { used: { type: 'object' }, unused: { type: 'string' } },
};

const summary = (nodes: ReturnType<typeof walkSchema>) =>
  nodes.map((node) => [node.pointer, node.parameter, node.depth]);

describe('walkSchema', () => {
  it('walks every subschema depth first with its pointer, parameter path and object depth', () => {
    expect(summary(walkSchema(schema, { pointer: '/inputSchema' }))).toEqual([
      ['/inputSchema', '', 1],
      ['/inputSchema/properties/a~1b', 'a/b', 1],
      ['/inputSchema/properties/files', 'files', 1],
      ['/inputSchema/properties/files/items', 'files[]', 2],
      ['/inputSchema/properties/files/items/properties/name', 'files[].name', 2],
      ['/inputSchema/properties/choice', 'choice', 1],
      ['/inputSchema/properties/choice/anyOf/0', 'choice', 1],
      ['/inputSchema/properties/choice/anyOf/1', 'choice', 1],
      ['/inputSchema/$defs/used', '$defs.used', 2],
      ['/inputSchema/$defs/unused', '$defs.unused', 1],
      ['/inputSchema/additionalProperties', '*', 1],
    ]);
  });

  it('leaves out root definitions no reference reaches, when asked', () => {
    const pointers = walkSchema(schema, { skipUnusedDefinitions: true }).map((node) => node.pointer);
    expect(pointers).toContain('/$defs/used');
    expect(pointers).not.toContain('/$defs/unused');
  });

  it('descends only through the keywords it is given, and tells where each node sits', () => {
    const nodes = walkSchema(schema, { only: ['properties', 'items', 'additionalProperties'] });
    expect(nodes.map((node) => node.parameter)).toEqual(['', 'a/b', 'files', 'files[]', 'files[].name', 'choice', '*']);
    const name = nodes.find((node) => node.parameter === 'files[].name')!;
    expect([name.keyword, name.key, name.parent?.keyword, name.parent?.parent?.key]).toEqual([
      'properties',
      'name',
      'items',
      'files',
    ]);
    expect(nodes[0]!.parent).toBeNull();
  });

  it('walks nothing below a value that is not a schema object', () => {
    expect(walkSchema(true)).toEqual([]);
    expect(walkSchema({ properties: { on: true } }).map((node) => node.pointer)).toEqual(['']);
  });

  it("under everyKeyword, walks unknown keywords and arrays in the schema's order, never data, and names as names", () => {
    const wide: JsonObject = {
      'x-extra': { pattern: 'a+' },
      default: { $ref: '#/nowhere' },
      items: [{ type: 'string' }, [{ type: 'number' }]],
      properties: { default: { enum: [{ pattern: 'b' }] } },
      dependencies: { a: ['b'], c: { required: ['d'] } },
    };
    expect(walkSchema(wide, { everyKeyword: true }).map((node) => [node.pointer, node.parameter])).toEqual([
      ['', ''],
      ['/x-extra', ''],
      ['/items/0', '[]'],
      ['/items/1/0', '[]'],
      ['/properties/default', 'default'],
      ['/dependencies/c', 'dependencies.c'],
    ]);
  });

  it('walks a schema nested deeper than the call stack reaches, and stops where the caller stops reading', () => {
    let deep: JsonObject = { type: 'string' };
    for (let level = 0; level < 20_000; level += 1) deep = { not: deep };
    let count = 0;
    for (const node of eachSubschema(deep)) if (++count === 20_001) expect(node.node).toEqual({ type: 'string' });
    expect(count).toBe(20_001);
    const first = eachSubschema(schema).next();
    expect(first.value?.pointer).toBe('');
  });
});
