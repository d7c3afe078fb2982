/**
 * Regex syntax that other consumers of the same schema refuse or read differently. JSON Schema
 * patterns are ECMA-262 regexes, but schemas are also validated by Python's `re` (the jsonschema
 * package), RE2 (Go's regexp) and Rust's regex crate (Pydantic v2's default engine), which refuse
 * lookaround and back-references; and schemas written for Python carry syntax JavaScript refuses.
 *
 * Each entry was measured: Python 3.11's re.compile and Node's RegExp (with and without `u`) on the
 * construct alone; RE2 and Rust from their syntax references (no lookaround, no back-references;
 * RE2 writes code points `\x{…}` and has no `\u` nor `\c`).
 */

export type PortabilityCode =
  | 'lookahead'
  | 'lookbehind'
  | 'backreference'
  | 'unicode-property'
  | 'named-group'
  | 'unicode-brace-escape'
  | 'unicode-escape'
  | 'control-escape'
  | 'any-character-class'
  | 'python-only';

export interface PortabilityFinding {
  code: PortabilityCode;
  /** The construct as written in the pattern. */
  text: string;
}

const RE2 = "Go's regexp (RE2)";
const RUST = "Rust's regex crate (Pydantic v2's default engine)";
const PYTHON = "Python's re (the jsonschema package)";

/** Who refuses each construct (or, where said, reads it otherwise). */
export const PORTABILITY_CONSUMERS: Record<PortabilityCode, { what: string; consumers: string[] }> = {
  lookahead: { what: 'a lookahead', consumers: [RE2, RUST] },
  lookbehind: { what: 'a lookbehind', consumers: [RE2, RUST, 'Safari before 16.4'] },
  backreference: { what: 'a back-reference', consumers: [RE2, RUST] },
  'unicode-property': {
    what: 'a Unicode property escape',
    consumers: [PYTHON, 'JavaScript validators compiling without the u flag, which read it as the letters themselves'],
  },
  'named-group': { what: "a named group written '(?<name>…)'", consumers: [PYTHON] },
  'unicode-brace-escape': { what: "a '\\u{…}' code point escape", consumers: [PYTHON, RE2] },
  'unicode-escape': { what: "a '\\uXXXX' escape", consumers: [RE2] },
  'control-escape': { what: "a '\\c' control escape", consumers: [PYTHON, RE2] },
  'any-character-class': { what: "the class '[^]'", consumers: [PYTHON, RE2] },
  'python-only': {
    what: 'Python-only syntax',
    consumers: [
      'JavaScript validators (Ajv, this playground), which refuse it with the u flag or read it otherwise without',
    ],
  },
};

/** The non-portable constructs of a pattern, each once, in the order first met. */
export function portabilityOf(pattern: string): PortabilityFinding[] {
  const found = new Map<PortabilityCode, PortabilityFinding>();
  const add = (code: PortabilityCode, text: string) => {
    if (!found.has(code)) found.set(code, { code, text });
  };
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index];
    const rest = pattern.slice(index);
    if (character === '\\') {
      const next = pattern[index + 1] ?? '';
      if (/[pP]/.test(next) && pattern[index + 2] === '{')
        add('unicode-property', rest.slice(0, rest.indexOf('}') + 1 || 3));
      else if (next === 'u' && pattern[index + 2] === '{')
        add('unicode-brace-escape', rest.slice(0, rest.indexOf('}') + 1 || 3));
      else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(pattern.slice(index + 2, index + 6)))
        add('unicode-escape', rest.slice(0, 6));
      else if (next === 'c' && /[a-zA-Z]/.test(pattern[index + 2] ?? '')) add('control-escape', rest.slice(0, 3));
      else if (!inClass && /[1-9]/.test(next)) add('backreference', rest.slice(0, 2));
      else if (!inClass && next === 'k' && pattern[index + 2] === '<')
        add('backreference', rest.slice(0, rest.indexOf('>') + 1 || 3));
      else if (!inClass && /[AZ]/.test(next)) add('python-only', rest.slice(0, 2));
      // Skip the escape whole: `\p{L}` and `\u{…}` end at their brace, so the brace is not a quantifier.
      const close = /[pPu]/.test(next) && pattern[index + 2] === '{' ? pattern.indexOf('}', index) : -1;
      index = close > index ? close : index + 1;
      continue;
    }
    if (inClass) {
      if (character === ']') inClass = false;
      continue;
    }
    if (character === '[') {
      if (rest.startsWith('[^]')) {
        add('any-character-class', '[^]');
        index += 2;
        continue;
      }
      inClass = true;
      // A ']' right after '[' or '[^' is a literal in Python and RE2, an empty class in JavaScript: either way it does not close here.
      continue;
    }
    if (character === '(' && pattern[index + 1] === '?') {
      const head = rest.slice(2);
      if (head.startsWith('=') || head.startsWith('!')) add('lookahead', rest.slice(0, 3));
      else if (head.startsWith('<=') || head.startsWith('<!')) add('lookbehind', rest.slice(0, 4));
      else if (head.startsWith('<')) add('named-group', rest.slice(0, rest.indexOf('>') + 1 || 3));
      else if (/^P[<=>]/.test(head) || head.startsWith('>') || head.startsWith('#') || /^[aiLmsux-]+[):]/.test(head))
        add('python-only', rest.slice(0, Math.max(3, rest.search(/[>):]/) + 1)));
      continue;
    }
    if (/[*+?}]/.test(character ?? '') && pattern[index + 1] === '+' && index > 0) {
      add('python-only', `${character}+`);
      index++;
    }
  }
  return [...found.values()];
}
