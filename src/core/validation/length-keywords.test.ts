import { describe, expect, it } from 'vitest';
import { createAjv } from './compile';
import { makeTool, validator } from './validator.test-support';

const GRIN = '\u{1F600}'; // one character, two UTF-16 units

describe('minLength and maxLength count characters, deciding by the UTF-16 length where it can', () => {
  const bounded = makeTool('bounded', {
    type: 'object',
    properties: { short: { type: 'string', maxLength: 3 }, long: { type: 'string', minLength: 3 } },
  });
  const codes = (args: Record<string, string>) =>
    validator.validate(bounded, args).errors.map((error) => `${error.parameter}:${error.code}`);

  it.each([
    ['abc', []], // UTF-16 length at the bound: decided without counting
    [`ab${GRIN}`, []], // length 4 over the bound, 3 characters
    [`${GRIN}${GRIN}${GRIN}`, []], // length 6, twice the bound, 3 characters
    [`${GRIN}${GRIN}${GRIN}a`, ['short:string_too_long']], // length 7, 4 characters
    ['abcd', ['short:string_too_long']],
  ])('maxLength 3: %j → %j', (value, expected) => expect(codes({ short: value })).toEqual(expected));

  it.each([
    ['ab', ['long:string_too_short']], // length under the bound: too short whatever it holds
    [`a${GRIN}`, ['long:string_too_short']], // length 3, 2 characters
    [`a${GRIN}b`, []], // length 4, 3 characters
    [`${GRIN}${GRIN}a`, []], // length 5 (under twice the bound), 3 characters
  ])('minLength 3 under twice the bound: %j → %j', (value, expected) =>
    expect(codes({ long: value })).toEqual(expected),
  );

  it.each([
    [`${GRIN}${GRIN}${GRIN}`, []], // length 6, twice the bound: passes without counting
    [`${GRIN}${GRIN}`, ['long:string_too_short']], // length 4, 2 characters
    ['abcdef', []],
  ])('minLength 3 at twice the bound: %j → %j', (value, expected) => expect(codes({ long: value })).toEqual(expected));

  it('agrees with a character count on every short string of letters, astral characters and lone surrogates', () => {
    const symbols = ['a', GRIN, '\ud800', '\udc00'];
    const strings: string[] = [];
    const build = (prefix: string, left: number) => {
      strings.push(prefix);
      if (left > 0) for (const symbol of symbols) build(prefix + symbol, left - 1);
    };
    build('', 4);
    const ajv = createAjv();
    let checked = 0;
    for (let bound = 0; bound <= 5; bound++) {
      const atMost = ajv.compile({ type: 'string', maxLength: bound });
      const atLeast = ajv.compile({ type: 'string', minLength: bound });
      for (const text of strings) {
        let characters = 0;
        for (let index = 0; index < text.length; index++, characters++)
          if (/[\ud800-\udbff]/.test(text[index]!) && /[\udc00-\udfff]/.test(text[index + 1] ?? '')) index++;
        expect(atMost(text), `${JSON.stringify(text)} maxLength ${bound}`).toBe(characters <= bound);
        expect(atLeast(text), `${JSON.stringify(text)} minLength ${bound}`).toBe(characters >= bound);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('counts characters only where the UTF-16 length cannot decide', () => {
    const source = createAjv().compile({ type: 'string', minLength: 2, maxLength: 5 }).toString();
    // Each count sits behind the length test that leaves it undecided.
    expect(source).toMatch(/if\(data\.length > 5\)\{if\(\w+\(data\) > 5\)/);
    expect(source).toMatch(/if\(data\.length < 2 \* 2\)\{if\(\w+\(data\) < 2\)/);
  });
});
