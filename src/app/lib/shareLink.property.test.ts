/** Property: a shared link gives back exactly the arguments, and the editor text, it was made from. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeArgumentsText, encodeArgumentsText } from './shareLink';

describe('property: share-link encode/decode', () => {
  it('round-trips arbitrary arguments', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(4), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const decoded = decodeArgumentsText(encodeArgumentsText(text));
        expect(decoded).toEqual({ ok: true, text });
        if (decoded.ok) expect(JSON.parse(decoded.text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('round-trips arbitrary editor text, lone surrogates included', () => {
    const codeUnits = fc.array(
      fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff })),
      { maxLength: 200 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          codeUnits.map((units) => String.fromCharCode(...units)),
        ),
        (text) => {
          expect(decodeArgumentsText(encodeArgumentsText(text))).toEqual({ ok: true, text });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a lone surrogate comes back as itself, not as U+FFFD (it did before)', () => {
    expect(decodeArgumentsText(encodeArgumentsText('{"a":"\ud800"}'))).toEqual({ ok: true, text: '{"a":"\ud800"}' });
  });

  it('never throws on a damaged link, and says it is damaged (or empty)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (tail) => {
        const decoded = decodeArgumentsText(`${tail.length % 2 === 0 ? 'z' : 'w'}${tail}`);
        if (!decoded.ok) expect(decoded.error).toMatch(/damaged|known format|empty/);
      }),
      { numRuns: 500 },
    );
  });
});
