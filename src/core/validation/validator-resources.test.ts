import { describe, expect, it } from 'vitest';
import { staticDynamicRefs } from './dynamic-refs';
import { makeTool, validator } from './validator.test-support';

const codes = (result: { errors: { parameter: string; code: string }[] }) =>
  result.errors.map((error) => `${error.parameter}:${error.code}`);

describe('schemas Ajv alone cannot compile or run', () => {
  it('compiles an embedded resource with its own $defs and a $ref beside them', () => {
    validator.reset();
    const tool = makeTool('embedded', {
      type: 'object',
      properties: { x: { $id: 'https://example.com/x.json', $defs: { n: { type: 'integer' } }, $ref: '#/$defs/n' } },
    });
    expect(validator.precompile(tool)).toMatchObject({ ok: true });
    expect(validator.validate(tool, { x: 1 }).valid).toBe(true);
    expect(codes(validator.validate(tool, { x: 'one' }))).toEqual(['x:type_mismatch']);
  });

  // An extension schema's shape: the base's unevaluatedItems/Properties sees what the $dynamicRef target evaluates.
  const extending = (keyword: 'unevaluatedItems' | 'unevaluatedProperties', base: object, addon: object) =>
    makeTool('extending', {
      $id: `https://example.com/${keyword}/derived`,
      type: 'object',
      properties: { value: { $ref: './base' } },
      $defs: {
        derived: { $dynamicAnchor: 'addons', ...addon },
        base: {
          $id: './base',
          [keyword]: false,
          ...base,
          $dynamicRef: '#addons',
          $defs: { defaultAddons: { $dynamicAnchor: 'addons' } },
        },
      },
    });

  it('gives $dynamicRef with unevaluatedItems a verdict', () => {
    validator.reset();
    const tool = extending(
      'unevaluatedItems',
      { type: 'array', prefixItems: [{ type: 'string' }] },
      { prefixItems: [true, { type: 'string' }] },
    );
    expect(validator.validate(tool, { value: ['a', 'b'] }).valid).toBe(true);
    const result = validator.validate(tool, { value: ['a', 'b', 'c'] });
    expect(result.valid).toBe(false);
    expect(result.errors.map((error) => error.message).join(' ')).not.toContain('internal error');
  });

  it('gives $dynamicRef with unevaluatedProperties a verdict', () => {
    validator.reset();
    const tool = extending(
      'unevaluatedProperties',
      { type: 'object', properties: { foo: { type: 'string' } } },
      { properties: { bar: { type: 'string' } } },
    );
    expect(validator.validate(tool, { value: { foo: 'a', bar: 'b' } }).valid).toBe(true);
    const result = validator.validate(tool, { value: { foo: 'a', bar: 'b', baz: 'c' } });
    expect(result.valid).toBe(false);
    expect(result.errors.map((error) => error.message).join(' ')).not.toContain('internal error');
  });
});

describe('staticDynamicRefs', () => {
  it('writes a $dynamicRef the root resource decides as the $ref it means', () => {
    const schema = {
      $id: 'https://example.com/root',
      $dynamicAnchor: 'node',
      $defs: { inner: { $id: 'inner', $dynamicRef: '#node', $defs: { fallback: { $dynamicAnchor: 'node' } } } },
    };
    expect(staticDynamicRefs(schema)).toEqual({
      ...schema,
      $defs: {
        inner: { $id: 'inner', $ref: 'https://example.com/root', $defs: { fallback: { $dynamicAnchor: 'node' } } },
      },
    });
  });
  it('writes a $dynamicRef to a plain $anchor as a $ref', () => {
    const schema = { $defs: { a: { $anchor: 'here', type: 'string' } }, $dynamicRef: '#here' };
    expect(staticDynamicRefs(schema)).toEqual({ $defs: { a: { $anchor: 'here', type: 'string' } }, $ref: '#here' });
  });
  it('leaves a $dynamicRef an intermediate resource may decide, and a schema without one', () => {
    const undecided = {
      $id: 'https://example.com/root',
      $defs: { a: { $id: 'a', $dynamicAnchor: 'n' }, b: { $id: 'b', $dynamicAnchor: 'n', $dynamicRef: '#n' } },
    };
    expect(staticDynamicRefs(undecided)).toBe(undecided);
    const plain = { type: 'object', properties: { $dynamicRef: { type: 'string' } } };
    expect(staticDynamicRefs(plain)).toBe(plain);
  });
});
