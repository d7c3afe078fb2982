import { describe, expect, it } from 'vitest';
import { escapePointerSegment, unescapePointerSegment } from './pointer';

describe('JSON Pointer segments', () => {
  it('escapes ~ before / so neither is read back as the other', () => {
    expect(escapePointerSegment('a/b~c')).toBe('a~1b~0c');
    expect(escapePointerSegment('~1')).toBe('~01');
  });

  it('unescapes ~1 before ~0 (RFC 6901): ~01 is the text ~1, not /', () => {
    expect(unescapePointerSegment('~01')).toBe('~1');
    expect(unescapePointerSegment('a~1b~0c')).toBe('a/b~c');
  });

  it('round-trips any text', () => {
    for (const text of ['', 'plain', '/', '~', '~~//~1~0', 'ä/ö'])
      expect(unescapePointerSegment(escapePointerSegment(text))).toBe(text);
  });
});
