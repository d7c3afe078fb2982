import { describe, expect, it } from 'vitest';
import { readArgumentsText } from './arguments-text';

describe('readArgumentsText', () => {
  it('reads blank text as no arguments', () => {
    expect(readArgumentsText('')).toEqual({ ok: true, value: {} });
    expect(readArgumentsText(' \n\t')).toEqual({ ok: true, value: {} });
  });

  it('gives any JSON value as it is, an object or not', () => {
    expect(readArgumentsText('{"path":"a.txt"}')).toEqual({ ok: true, value: { path: 'a.txt' } });
    expect(readArgumentsText('[1]')).toEqual({ ok: true, value: [1] });
    expect(readArgumentsText('null')).toEqual({ ok: true, value: null });
  });

  it('says why text that is not JSON does not parse', () => {
    const read = readArgumentsText('{"path":');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.length).toBeGreaterThan(0);
  });
});
