import { describe, expect, it } from 'vitest';
import { nameSpoofingReason, spoofingCharacters, visibleName } from './name-characters';

describe('names that cannot spoof', () => {
  it.each([
    ['\u202A', 'U+202A LEFT-TO-RIGHT EMBEDDING', 'bidirectional control'],
    ['\u202B', 'U+202B RIGHT-TO-LEFT EMBEDDING', 'bidirectional control'],
    ['\u202C', 'U+202C POP DIRECTIONAL FORMATTING', 'bidirectional control'],
    ['\u202D', 'U+202D LEFT-TO-RIGHT OVERRIDE', 'bidirectional control'],
    ['\u202E', 'U+202E RIGHT-TO-LEFT OVERRIDE', 'bidirectional control'],
    ['\u2066', 'U+2066 LEFT-TO-RIGHT ISOLATE', 'bidirectional control'],
    ['\u2067', 'U+2067 RIGHT-TO-LEFT ISOLATE', 'bidirectional control'],
    ['\u2068', 'U+2068 FIRST STRONG ISOLATE', 'bidirectional control'],
    ['\u2069', 'U+2069 POP DIRECTIONAL ISOLATE', 'bidirectional control'],
    ['\u200E', 'U+200E LEFT-TO-RIGHT MARK', 'bidirectional control'],
    ['\u200F', 'U+200F RIGHT-TO-LEFT MARK', 'bidirectional control'],
    ['\u061C', 'U+061C ARABIC LETTER MARK', 'bidirectional control'],
    ['\u200B', 'U+200B ZERO WIDTH SPACE', 'zero-width character'],
    ['\u200C', 'U+200C ZERO WIDTH NON-JOINER', 'zero-width character'],
    ['\u200D', 'U+200D ZERO WIDTH JOINER', 'zero-width character'],
    ['\u2060', 'U+2060 WORD JOINER', 'zero-width character'],
    ['\uFEFF', 'U+FEFF ZERO WIDTH NO-BREAK SPACE', 'zero-width character'],
    ['\u{E0000}', 'U+E0000 unassigned tag character', 'tag character'],
    ['\u{E0001}', 'U+E0001 LANGUAGE TAG', 'tag character'],
    ['\u{E0020}', 'U+E0020 TAG SPACE', 'tag character'],
    ['\u{E0041}', 'U+E0041 TAG LATIN CAPITAL LETTER A', 'tag character'],
    ['\u{E0074}', 'U+E0074 TAG LATIN SMALL LETTER T', 'tag character'],
    ['\u{E0035}', 'U+E0035 TAG DIGIT FIVE', 'tag character'],
    ['\u{E005F}', 'U+E005F TAG LOW LINE', 'tag character'],
    ['\u{E007F}', 'U+E007F CANCEL TAG', 'tag character'],
  ])('refuses %j as %s', (character, named, kind) => {
    const reason = nameSpoofingReason(`read${character}file`);
    expect(reason).toBe(
      `it holds ${named} (a ${kind}, at character 5), which makes a name display as something other than what a model reads`,
    );
    expect(visibleName(`read${character}file`)).toBe(`read<${named.split(' ')[0]}>file`);
  });

  it('lets ordinary names through, other scripts included, and counts what more there is', () => {
    for (const name of ['read_file', 'ReadFile', 'files.read', 'lire_fichier_é', 'ファイルを読む', 'x']) {
      expect(nameSpoofingReason(name)).toBeNull();
      expect(visibleName(name)).toBe(name);
    }
    expect(nameSpoofingReason('read\u202Efdp.exe\u200B\u{E0041}')).toMatch(
      /^it holds U\+202E RIGHT-TO-LEFT OVERRIDE \(a bidirectional control, at character 5\) and 2 more such characters/,
    );
    expect(spoofingCharacters('\u{E0041}a\u200D').map((found) => [found.codePoint, found.index])).toEqual([
      ['U+E0041', 0],
      ['U+200D', 2],
    ]);
  });
});
