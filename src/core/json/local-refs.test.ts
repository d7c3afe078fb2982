import { describe, expect, it } from 'vitest';
import { inlineLocalRefs, resolveLocalRef, unusedDefinitions, withoutUnusedDefinitions } from './local-refs';

const root = {
  type: 'object',
  properties: { a: { $ref: '#/$defs/a~1b' }, note: { type: 'object', default: { $ref: '#/$defs/ghost' } } },
  $defs: {
    'a/b': { type: 'string', description: 'slash' },
    chain: { $ref: '#/$defs/end' },
    end: { type: 'integer' },
    ghost: { type: 'boolean' },
  },
};

describe('local references', () => {
  it('resolves JSON pointers with ~1 and ~0 escapes, and refuses what leaves the document', () => {
    expect(resolveLocalRef(root, '#/$defs/a~1b')).toEqual({ type: 'string', description: 'slash' });
    expect(resolveLocalRef(root, 'other.json#/x')).toBeUndefined();
    expect(resolveLocalRef(root, '#/$defs/none')).toBeUndefined();
  });
  it('counts a $ref-shaped default as data, not a use', () => {
    expect(unusedDefinitions(root)).toEqual(['$defs/chain', '$defs/end', '$defs/ghost']);
    expect(Object.keys(withoutUnusedDefinitions(root).schema.$defs as object)).toEqual(['a/b']);
  });
  it('inlines through chains, keeps $ref siblings and leaves data alone', () => {
    const result = inlineLocalRefs({
      type: 'object',
      properties: { n: { $ref: '#/$defs/chain', description: 'mine' }, d: { default: { $ref: '#/x' } } },
      $defs: root.$defs,
    });
    expect(result.schema).toEqual({
      type: 'object',
      properties: { n: { type: 'integer', description: 'mine' }, d: { default: { $ref: '#/x' } } },
    });
    expect(result.inlined).toEqual(['#/$defs/chain', '#/$defs/end']);
  });
});
