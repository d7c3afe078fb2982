/**
 * Character sets, approximated on a sample alphabet: ASCII, a few representative others, and the
 * pattern's own characters and escaped code points with their neighbours — every bound of a range or
 * negated class, so two classes that share a character share a sample. Two atoms "overlap" when some
 * sample character matches both (under the flags the pattern runs with: `i` makes `a` and `A` one).
 */

import type { Atom } from './parse';

export type CharacterSet = Uint8Array;

export class Alphabet {
  readonly samples: string[];
  private readonly cache = new Map<string, CharacterSet>();

  constructor(
    pattern: string,
    private readonly flags: string,
  ) {
    const samples = new Set<string>();
    for (let code = 0; code < 128; code++) samples.add(String.fromCharCode(code));
    for (const extra of ['\u00a0', '\u00e9', '\u00df', '\u0436', '\u4e2d', '\u2028', '\ufeff', '\u{1f600}', '\u0301'])
      samples.add(extra);
    const codes = Array.from(pattern, (character) => character.codePointAt(0)!);
    for (const match of pattern.matchAll(/\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))/g))
      codes.push(parseInt(match[1] ?? match[2] ?? match[3]!, 16));
    for (const code of codes)
      for (const near of [code - 1, code, code + 1])
        if (near >= 0 && near <= 0x10ffff) samples.add(String.fromCodePoint(near));
    this.samples = [...samples];
  }

  empty(): CharacterSet {
    return new Uint8Array(this.samples.length);
  }

  all(): CharacterSet {
    return new Uint8Array(this.samples.length).fill(1);
  }

  of(atom: Atom): CharacterSet {
    switch (atom.kind) {
      case 'char':
      case 'set': {
        const source = atom.kind === 'char' ? atom.text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&') : atom.source;
        // Without `u`, \p{…} is not a property: assume it matches anything rather than guess.
        if (!this.flags.includes('u') && /^\\[pP]/.test(source)) return this.all();
        let expression: RegExp;
        try {
          expression = new RegExp(`^(?:${source})$`, this.flags);
        } catch {
          return this.all();
        }
        return this.matching(`set:${source}`, (sample) => expression.test(sample));
      }
      case 'backreference':
        return this.all();
      case 'assertion':
        return this.empty();
      case 'group': {
        const union = this.empty();
        for (const alternative of atom.alternatives) for (const inner of alternative) unionInto(union, this.of(inner));
        return union;
      }
    }
  }

  private matching(key: string, test: (sample: string) => boolean): CharacterSet {
    let set = this.cache.get(key);
    if (set === undefined) {
      set = new Uint8Array(this.samples.map((sample) => (test(sample) ? 1 : 0)));
      this.cache.set(key, set);
    }
    return set;
  }
}

export function unionInto(target: CharacterSet, source: CharacterSet): void {
  for (let index = 0; index < target.length; index++) if (source[index]) target[index] = 1;
}

export function overlaps(left: CharacterSet, right: CharacterSet): boolean {
  for (let index = 0; index < left.length; index++) if (left[index] && right[index]) return true;
  return false;
}
