import { describe, expect, it } from 'vitest';
import type { JsonObject } from './json-value';
import { walkSchema } from './walk-schema';

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

const summary = (nodes: ReturnType<typeof walkSchema>) => nodes.map((node) => [node.pointer, node.parameter, node.depth]);

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
    expect([name.keyword, name.key, name.parent?.keyword, name.parent?.parent?.key]).toEqual(['properties', 'name', 'items', 'files']);
    expect(nodes[0]!.parent).toBeNull();
  });

  it('walks nothing below a value that is not a schema object', () => {
    expect(walkSchema(true)).toEqual([]);
    expect(walkSchema({ properties: { on: true } }).map((node) => node.pointer)).toEqual(['']);
  });
});
