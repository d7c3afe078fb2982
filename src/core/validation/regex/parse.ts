/**
 * A small parser for the ECMAScript pattern syntax JSON Schema uses (with the `u` flag): enough
 * structure for the backtracking analyses (exponential.ts, degree.ts). Throws Unreadable on what it
 * cannot read, which the analysis refuses unjudged.
 */

interface Quantity {
  min: number;
  max: number;
  /** The atom as written, without and with its quantifier (for messages). */
  label: string;
  source: string;
}

export type Atom = Quantity &
  (
    | { kind: 'char'; text: string }
    | { kind: 'set'; source: string }
    | { kind: 'group'; alternatives: Atom[][]; lookaround: boolean }
    | { kind: 'assertion'; text: string }
    | { kind: 'backreference' }
  );

class Unreadable extends Error {}

const CLASS_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S']);

export function parse(pattern: string): Atom[][] {
  let index = 0;
  const characters = Array.from(pattern);

  const parseAlternatives = (insideGroup: boolean): Atom[][] => {
    const alternatives: Atom[][] = [[]];
    while (index < characters.length) {
      const character = characters[index];
      if (character === ')') {
        if (!insideGroup) throw new Unreadable('unbalanced )');
        return alternatives;
      }
      if (character === '|') {
        index++;
        alternatives.push([]);
        continue;
      }
      const start = index;
      const atom = parseAtom();
      atom.label = characters.slice(start, index).join('');
      parseQuantifier(atom);
      atom.source = characters.slice(start, index).join('');
      alternatives[alternatives.length - 1].push(atom);
    }
    if (insideGroup) throw new Unreadable('unclosed group');
    return alternatives;
  };

  const parseAtom = (): Atom => {
    const character = characters[index++];
    const one = { min: 1, max: 1, label: '', source: '' };
    switch (character) {
      case '^':
      case '$':
        return { ...one, kind: 'assertion', text: character };
      case '.':
        return { ...one, kind: 'set', source: '.' };
      case '[': {
        const start = index - 1;
        if (characters[index] === '^') index++;
        while (index < characters.length && characters[index] !== ']') index += characters[index] === '\\' ? 2 : 1;
        if (index >= characters.length) throw new Unreadable('unclosed class');
        index++;
        return { ...one, kind: 'set', source: characters.slice(start, index).join('') };
      }
      case '(': {
        let lookaround = false;
        if (characters[index] === '?') {
          const next = characters[index + 1];
          if (next === ':') index += 2;
          else if (next === '=' || next === '!') {
            index += 2;
            lookaround = true;
          } else if (next === '<' && (characters[index + 2] === '=' || characters[index + 2] === '!')) {
            index += 3;
            lookaround = true;
          } else if (next === '<') {
            const close = characters.indexOf('>', index);
            if (close === -1) throw new Unreadable('unclosed group name');
            index = close + 1;
          } else throw new Unreadable('unknown group');
        }
        const alternatives = parseAlternatives(true);
        index++; // ')'
        return { ...one, kind: 'group', alternatives, lookaround };
      }
      case '\\': {
        const escaped = characters[index++];
        if (escaped === undefined) throw new Unreadable('trailing backslash');
        if (CLASS_ESCAPES.has(escaped)) return { ...one, kind: 'set', source: `\\${escaped}` };
        if (escaped === 'b' || escaped === 'B') return { ...one, kind: 'assertion', text: `\\${escaped}` };
        if (escaped === 'p' || escaped === 'P') {
          const close = characters.indexOf('}', index);
          if (characters[index] !== '{' || close === -1) throw new Unreadable('bad property escape');
          const source = `\\${escaped}${characters.slice(index, close + 1).join('')}`;
          index = close + 1;
          return { ...one, kind: 'set', source };
        }
        if (/[1-9]/.test(escaped) || escaped === 'k') {
          if (escaped === 'k') index = Math.max(index, characters.indexOf('>', index) + 1);
          else while (/[0-9]/.test(characters[index] ?? '')) index++;
          return { ...one, kind: 'backreference' };
        }
        // \uXXXX, \u{…}, \xHH, \cX, \0, \t, \. and friends: one character; its value only matters for
        // overlap tests, so the escape is evaluated by the engine itself.
        let source = `\\${escaped}`;
        if (escaped === 'u' && characters[index] === '{') {
          const close = characters.indexOf('}', index);
          if (close === -1) throw new Unreadable('bad \\u{}');
          source += characters.slice(index, close + 1).join('');
          index = close + 1;
        } else if (escaped === 'u') {
          source += characters.slice(index, index + 4).join('');
          index += 4;
        } else if (escaped === 'x') {
          source += characters.slice(index, index + 2).join('');
          index += 2;
        } else if (escaped === 'c') {
          source += characters[index++] ?? '';
        }
        return { ...one, kind: 'set', source };
      }
      case '*':
      case '+':
      case '?':
      case '{':
        if (character === '{' && !/^\{\d+(,\d*)?\}/.test(characters.slice(index - 1, index + 24).join(''))) {
          return { ...one, kind: 'char', text: character };
        }
        throw new Unreadable('quantifier without an atom');
      default:
        return { ...one, kind: 'char', text: character };
    }
  };

  const parseQuantifier = (atom: Atom): void => {
    const character = characters[index];
    let quantity: Pick<Quantity, 'min' | 'max'> | undefined;
    if (character === '*') quantity = { min: 0, max: Infinity };
    else if (character === '+') quantity = { min: 1, max: Infinity };
    else if (character === '?') quantity = { min: 0, max: 1 };
    else if (character === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(characters.slice(index, index + 24).join(''));
      if (match) {
        const min = Number(match[1]);
        const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
        quantity = { min, max };
        index += match[0].length - 1;
      }
    }
    if (quantity === undefined) return;
    index++;
    if (characters[index] === '?') index++; // lazy: the same worst case
    atom.min = quantity.min;
    atom.max = quantity.max;
  };

  return parseAlternatives(false);
}

export type GroupAtom = Extract<Atom, { kind: 'group' }>;

/** How an atom is named in messages. */
export const atomName = (atom: Atom): string => (atom.kind === 'backreference' ? 'a back-reference' : atom.label);
