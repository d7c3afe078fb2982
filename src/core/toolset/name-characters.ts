/**
 * Names that cannot spoof: a tool name holding a bidirectional control, a zero-width character or a Unicode tag
 * character displays as something other than what a model reads (`read<U+202E>fdp.exe` shows as `readexe.pdf`),
 * so it is refused as a name at every door that takes tool definitions (import, toolset loading, live MCP
 * tools) and by every provider's rules. One function, used everywhere; the reason names the character by
 * its code point and its Unicode name.
 */

type NameCharacterKind = 'bidirectional control' | 'zero-width character' | 'tag character';

const NAMED: Record<number, [string, NameCharacterKind]> = {
  0x061c: ['ARABIC LETTER MARK', 'bidirectional control'],
  0x200e: ['LEFT-TO-RIGHT MARK', 'bidirectional control'],
  0x200f: ['RIGHT-TO-LEFT MARK', 'bidirectional control'],
  0x202a: ['LEFT-TO-RIGHT EMBEDDING', 'bidirectional control'],
  0x202b: ['RIGHT-TO-LEFT EMBEDDING', 'bidirectional control'],
  0x202c: ['POP DIRECTIONAL FORMATTING', 'bidirectional control'],
  0x202d: ['LEFT-TO-RIGHT OVERRIDE', 'bidirectional control'],
  0x202e: ['RIGHT-TO-LEFT OVERRIDE', 'bidirectional control'],
  0x2066: ['LEFT-TO-RIGHT ISOLATE', 'bidirectional control'],
  0x2067: ['RIGHT-TO-LEFT ISOLATE', 'bidirectional control'],
  0x2068: ['FIRST STRONG ISOLATE', 'bidirectional control'],
  0x2069: ['POP DIRECTIONAL ISOLATE', 'bidirectional control'],
  0x200b: ['ZERO WIDTH SPACE', 'zero-width character'],
  0x200c: ['ZERO WIDTH NON-JOINER', 'zero-width character'],
  0x200d: ['ZERO WIDTH JOINER', 'zero-width character'],
  0x2060: ['WORD JOINER', 'zero-width character'],
  0xfeff: ['ZERO WIDTH NO-BREAK SPACE', 'zero-width character'],
  0xe0001: ['LANGUAGE TAG', 'tag character'],
  0xe007f: ['CANCEL TAG', 'tag character'],
};

/** The Unicode names of printable ASCII, for the tag characters U+E0020–U+E007E that mirror it. */
const ASCII_PUNCTUATION: Record<string, string> = {
  ' ': 'SPACE',
  '!': 'EXCLAMATION MARK',
  '"': 'QUOTATION MARK',
  '#': 'NUMBER SIGN',
  $: 'DOLLAR SIGN',
  '%': 'PERCENT SIGN',
  '&': 'AMPERSAND',
  "'": 'APOSTROPHE',
  '(': 'LEFT PARENTHESIS',
  ')': 'RIGHT PARENTHESIS',
  '*': 'ASTERISK',
  '+': 'PLUS SIGN',
  ',': 'COMMA',
  '-': 'HYPHEN-MINUS',
  '.': 'FULL STOP',
  '/': 'SOLIDUS',
  ':': 'COLON',
  ';': 'SEMICOLON',
  '<': 'LESS-THAN SIGN',
  '=': 'EQUALS SIGN',
  '>': 'GREATER-THAN SIGN',
  '?': 'QUESTION MARK',
  '@': 'COMMERCIAL AT',
  '[': 'LEFT SQUARE BRACKET',
  '\\': 'REVERSE SOLIDUS',
  ']': 'RIGHT SQUARE BRACKET',
  '^': 'CIRCUMFLEX ACCENT',
  _: 'LOW LINE',
  '`': 'GRAVE ACCENT',
  '{': 'LEFT CURLY BRACKET',
  '|': 'VERTICAL LINE',
  '}': 'RIGHT CURLY BRACKET',
  '~': 'TILDE',
};
const DIGITS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'];

function asciiName(character: string): string {
  if (/[A-Z]/.test(character)) return `LATIN CAPITAL LETTER ${character}`;
  if (/[a-z]/.test(character)) return `LATIN SMALL LETTER ${character.toUpperCase()}`;
  if (/[0-9]/.test(character)) return `DIGIT ${DIGITS[Number(character)]}`;
  return ASCII_PUNCTUATION[character] ?? 'CHARACTER';
}

export interface SpoofingCharacter {
  /** `U+202E` */
  codePoint: string;
  /** The character's Unicode name: `RIGHT-TO-LEFT OVERRIDE`. */
  name: string;
  kind: NameCharacterKind;
  /** Its position in the name, in code points. */
  index: number;
}

const codePointOf = (value: number): string => `U+${value.toString(16).toUpperCase().padStart(4, '0')}`;

/** What one code point is, when it is a character a name must not hold. */
function describe(value: number): Omit<SpoofingCharacter, 'index'> | null {
  const named = NAMED[value];
  if (named) return { codePoint: codePointOf(value), name: named[0], kind: named[1] };
  if (value >= 0xe0020 && value <= 0xe007e)
    return {
      codePoint: codePointOf(value),
      name: `TAG ${asciiName(String.fromCharCode(value - 0xe0000))}`,
      kind: 'tag character',
    };
  if (value >= 0xe0000 && value <= 0xe007f)
    return { codePoint: codePointOf(value), name: 'unassigned tag character', kind: 'tag character' };
  return null;
}

/** Every character of `name` that would let it display as something else, in order. */
export function spoofingCharacters(name: string): SpoofingCharacter[] {
  const found: SpoofingCharacter[] = [];
  let index = 0;
  for (const character of name) {
    const described = describe(character.codePointAt(0)!);
    if (described) found.push({ ...described, index });
    index += 1;
  }
  return found;
}

/**
 * Why `name` cannot be a tool name, or null: "it holds U+202E RIGHT-TO-LEFT OVERRIDE (a bidirectional control,
 * at character 5), which makes a name display as something other than what a model reads".
 */
export function nameSpoofingReason(name: string): string | null {
  const found = spoofingCharacters(name);
  if (found.length === 0) return null;
  const first = found[0]!;
  const more = found.length > 1 ? ` and ${found.length - 1} more such character${found.length > 2 ? 's' : ''}` : '';
  return `it holds ${first.codePoint} ${first.name} (a ${first.kind}, at character ${first.index + 1})${more}, which makes a name display as something other than what a model reads`;
}

/** The name with every such character written as `<U+202E>`, safe to show in a message. */
export function visibleName(name: string): string {
  let shown = '';
  for (const character of name) {
    const described = describe(character.codePointAt(0)!);
    shown += described ? `<${described.codePoint}>` : character;
  }
  return shown;
}

/** A provider's refusal of a name: the name made visible, and why, when it holds such a character. */
export function refusedName(name: string): string {
  const reason = nameSpoofingReason(name);
  return `'${visibleName(name)}' is refused${reason ? `: ${reason}` : ''}`;
}
