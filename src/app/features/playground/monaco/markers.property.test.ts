import { createCompilingValidator } from '../../../../core/validation/compile';
/** Property: the JSON-text locator puts every error, and every marker, inside the text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markersFor } from './markers';
import { collection } from '../../../../core/toolset/bundle';
import { lineAndColumn, parseArguments } from '../../../../core/validation/json-text';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const tools = collection.toolsets.flatMap((toolset) => toolset.tools);

/** Text that is nearly JSON: valid text cut, spliced or with a character inserted. */
const damagedJson = fc
  .tuple(
    fc.jsonValue({ maxDepth: 3 }),
    fc.nat(),
    fc.nat(),
    fc.constantFrom('', ',', '}', ']', '"', '\\', '\u0000', '\ufeff', '/*', 'NaN', '\n', '\u202e', '\ud800'),
  )
  .map(([value, cut, at, insert]) => {
    const text = JSON.stringify(value, null, at % 3);
    const position = at % (text.length + 1);
    return (text.slice(0, position) + insert + text.slice(position)).slice(
      0,
      Math.max(1, text.length + insert.length - (cut % 3)),
    );
  });

function lastLine(text: string): number {
  return text.split('\n').length;
}

describe('property: the JSON-text locator', () => {
  it('maps every parse error to an offset, line and column inside the text', () => {
    fc.assert(
      fc.property(fc.oneof(damagedJson, fc.string({ unit: 'binary', maxLength: 40 })), (text) => {
        const parsed = parseArguments(text);
        if (parsed.ok) return;
        const { offset, line, column } = parsed.error;
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThanOrEqual(text.length);
        expect({ line, column }).toEqual(lineAndColumn(text, offset));
        expect(line).toBeLessThanOrEqual(lastLine(text));
        expect(parsed.error.message).toMatch(/line \d+, column \d+|empty|JSON/);
      }),
      { numRuns: 3000 },
    );
  });

  it('places every validation marker inside the text, for every tool', () => {
    const argumentsText = fc
      .tuple(
        fc.constantFrom(...tools),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
        fc.nat(4),
      )
      .map(([tool, extra, indent]) => {
        const base = tool.examples[0].arguments;
        return { tool, text: JSON.stringify({ ...base, ...extra }, null, indent) };
      });
    fc.assert(
      fc.property(argumentsText, ({ tool, text }) => {
        const result = validator.validateText(tool, text);
        const lines = text.split('\n');
        for (const marker of markersFor(text, result)) {
          expect(marker.startLineNumber).toBeGreaterThanOrEqual(1);
          expect(marker.endLineNumber).toBeLessThanOrEqual(lines.length);
          expect(marker.startColumn).toBeGreaterThanOrEqual(1);
          expect(marker.startColumn).toBeLessThanOrEqual(lines[marker.startLineNumber - 1]!.length + 1);
          expect(marker.endColumn).toBeLessThanOrEqual(lines[marker.endLineNumber - 1]!.length + 1);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
