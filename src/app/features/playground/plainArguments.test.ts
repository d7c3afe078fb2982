import { describe, expect, it } from 'vitest';
import {
  argumentParts,
  EDITABLE_PART_CHARS,
  parsePart,
  PLAIN_TEXT_CHARS,
  PLAIN_TEXT_DEPTH,
  plainTextReason,
} from './plainArguments';

describe('plainTextReason', () => {
  it('leaves typical arguments to the editor', () => {
    expect(plainTextReason('{"path": "README.md"}')).toBeNull();
    expect(plainTextReason(`{"a": ${'['.repeat(PLAIN_TEXT_DEPTH - 1)}${']'.repeat(PLAIN_TEXT_DEPTH - 1)}}`)).toBeNull();
  });

  it('shows a flat text past the size limit plain', () => {
    const text = `{"items": [${Array.from({ length: PLAIN_TEXT_CHARS / 2 }, () => '1').join(',')}]}`;
    expect(plainTextReason(text)).toMatch(/^These arguments are 1\.0 million characters long/);
  });

  it('shows a text nested past the depth limit plain, however short', () => {
    const text = `{"a": ${'['.repeat(PLAIN_TEXT_DEPTH + 1)}${']'.repeat(PLAIN_TEXT_DEPTH + 1)}}`;
    expect(text.length).toBeLessThan(PLAIN_TEXT_CHARS);
    expect(plainTextReason(text)).toBe(
      'These arguments nest more than 1,000 levels deep, more than the editor stays fast with.',
    );
  });
});

describe('argument parts', () => {
  it('splits the arguments by parameter, editable up to a size', () => {
    const parts = argumentParts({ path: 'a.txt', content: 'x'.repeat(EDITABLE_PART_CHARS) });
    expect(parts.map((part) => [part.name, part.editable])).toEqual([
      ['path', true],
      ['content', false],
    ]);
    expect(parts[0]!.json).toBe('"a.txt"');
  });

  it('parses an edited part, or names the parameter and the rule', () => {
    expect(parsePart('path', '"b.txt"')).toEqual({ ok: true, value: 'b.txt' });
    const refused = parsePart('path', '"b.txt');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(/^path: not valid JSON \(.+\); the text is kept as typed\.$/);
  });
});
