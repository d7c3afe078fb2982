import { describe, expect, it } from 'vitest';
import { lazyError } from './lazy-error';

describe('lazyError', () => {
  it('writes its message once, when first read', () => {
    let written = 0;
    const error = lazyError('mode', 'invalid_enum', () => `written ${++written}`, 'One of: a, b', "'c'");
    expect(written).toBe(0);
    expect(error.message).toBe('written 1');
    expect(error.message).toBe('written 1');
    expect(written).toBe(1);
  });

  it("has a plain error's own enumerable keys in order, so JSON, spreads and structured clones carry the text", () => {
    const error = lazyError('mode', 'invalid_enum', () => 'Parameter mode is wrong', 'One of: a, b', "'c'");
    const plain = {
      parameter: 'mode',
      code: 'invalid_enum',
      message: 'Parameter mode is wrong',
      expected: 'One of: a, b',
      actual: "'c'",
    };
    expect(Reflect.ownKeys(error)).toEqual(Object.keys(plain));
    expect(JSON.parse(JSON.stringify(error))).toEqual(plain);
    expect({ ...error }).toStrictEqual(plain);
    expect(structuredClone(error)).toStrictEqual(plain);
    expect(error).toEqual(plain);
  });

  it('takes a message set in place of the one it would write', () => {
    const error = lazyError('path', 'invalid_value', () => 'never written');
    error.message = 'set';
    expect(error.message).toBe('set');
    expect(Object.keys(error)).toEqual(['parameter', 'code', 'message']);
  });
});
