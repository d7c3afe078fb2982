import { describe, expect, it } from 'vitest';
import { isJsonObject } from './is-json-object';

describe('isJsonObject', () => {
  it('accepts objects, empty or not, and objects without a prototype', () => {
    expect(isJsonObject({})).toBe(true);
    expect(isJsonObject({ type: 'string' })).toBe(true);
    expect(isJsonObject(Object.create(null) as unknown)).toBe(true);
  });

  it('refuses null, arrays and every other JSON value', () => {
    for (const value of [null, [], [{}], 'object', 0, true, undefined]) expect(isJsonObject(value)).toBe(false);
  });
});
