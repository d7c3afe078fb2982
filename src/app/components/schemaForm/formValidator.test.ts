import { describe, expect, it } from 'vitest';
import { formValidator, matches } from './formValidator';

describe('the form validator (branch choice without compiling)', () => {
  const root = { $defs: { port: { type: 'integer', minimum: 1, maximum: 65535 } } };

  it('checks the keywords that tell branches apart', () => {
    expect(matches({ properties: { mode: { const: 'file' } }, required: ['mode'] }, { mode: 'file' }, root)).toBe(true);
    expect(matches({ properties: { mode: { const: 'file' } }, required: ['mode'] }, { mode: 'url' }, root)).toBe(false);
    expect(matches({ required: ['path'] }, {}, root)).toBe(false);
    expect(matches({ type: 'integer' }, 1.5, root)).toBe(false);
    expect(matches({ type: ['string', 'null'] }, null, root)).toBe(true);
    expect(matches({ enum: ['a', 'b'] }, 'c', root)).toBe(false);
    expect(matches({ $ref: '#/$defs/port' }, 70000, root)).toBe(false);
    expect(matches({ $ref: '#/$defs/port' }, 8080, root)).toBe(true);
    expect(matches({ type: 'string', pattern: '^a+$' }, 'aaa', root)).toBe(true);
    expect(matches({ type: 'string', pattern: '^a+$' }, 'b', root)).toBe(false);
    expect(matches({ oneOf: [{ type: 'string' }, { type: 'number' }] }, 'x', root)).toBe(true);
    expect(matches({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 3, root)).toBe(false);
    expect(matches({ not: { type: 'string' } }, 'x', root)).toBe(false);
    expect(matches({ if: { properties: { a: { const: 1 } } }, then: { required: ['b'] } }, { a: 1 }, root)).toBe(false);
    expect(matches({ if: { properties: { a: { const: 1 } } }, then: { required: ['b'] } }, { a: 2 }, root)).toBe(true);
  });

  it('never rules a branch out on a keyword it does not check', () => {
    expect(matches({ type: 'string', format: 'email' }, 'not an email', root)).toBe(true);
  });

  it('reports no errors of its own: the form shows the core validator’s', () => {
    expect(formValidator.validateFormData({ a: 1 }, { type: 'string' })).toEqual({ errors: [], errorSchema: {} });
    expect(formValidator.isValid({ required: ['a'] }, undefined, {})).toBe(false);
  });
});
