import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printedSize, quotedLength } from './printed-size';

const printed = (value: unknown, space: '' | '  ', head: number) => {
  const text = JSON.stringify(value, null, space) as string | undefined;
  return text === undefined ? undefined : { length: text.length, head: text.slice(0, head) };
};

describe('a value measured as JSON.stringify prints it', () => {
  const values: unknown[] = [
    null,
    true,
    0,
    -0,
    1e21,
    -1.5e-7,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    'plain',
    'quote " backslash \\ newline \n tab \t bell \u0007 escape \u001b nul \u0000',
    'pair 😀, lone high \ud800 x, lone low \udc00 x, reversed \udc00\ud800',
    '\ud83d',
    [],
    {},
    [1, 'two', null, [[]], {}],
    [undefined, () => 1, Symbol('s')],
    { a: undefined, b: () => 1 },
    { a: undefined, b: 1, c: undefined },
    { 'k"ey\n': { nested: [1, { deeper: ['x'] }] }, 2: 'number key', 1: 'first' },
    { path: 'big.txt', content: 'x'.repeat(10_000) },
  ];

  it.each(values.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    '%s: its length and its start, compact and indented',
    (_, value) => {
      for (const space of ['', '  '] as const)
        for (const head of [0, 1, 5, 17, 2_000])
          expect(printedSize(value, space, head)).toEqual(printed(value, space, head));
    },
  );

  it('gives nothing for a value JSON.stringify prints as nothing', () => {
    expect(printedSize(undefined, '  ', 10)).toBeUndefined();
    expect(printedSize(() => 1, '', 10)).toBeUndefined();
  });

  it('holds for any JSON value and any head (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom('' as const, '  ' as const),
        fc.nat({ max: 200 }),
        (value, space, head) => {
          expect(printedSize(value, space, head)).toEqual(printed(value, space, head));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds for strings of any code units, lone surrogates and controls among them (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) }),
        (a, b) => {
          expect(quotedLength(a + b)).toBe(JSON.stringify(a + b).length);
          expect(printedSize({ [b]: [a] }, '  ', 12)).toEqual(printed({ [b]: [a] }, '  ', 12));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cuts a head in the middle of a long string at a surrogate pair as the whole text does', () => {
    const value = { text: `${'a'.repeat(9)}😀${'b'.repeat(50)}` };
    for (let head = 0; head < 40; head++) expect(printedSize(value, '  ', head)).toEqual(printed(value, '  ', head));
  });

  it('prints what it does not follow (a toJSON method) with JSON.stringify, and throws on a cycle as it does', () => {
    const dated = { at: new Date(0), list: [1] };
    expect(printedSize(dated, '  ', 30)).toEqual(printed(dated, '  ', 30));
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => printedSize(cycle, '', 10)).toThrow(TypeError);
  });
});
