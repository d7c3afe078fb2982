/**
 * Patterns run on RE2 (linear-regex.ts) wherever RE2 can express them, which makes catastrophic
 * backtracking impossible rather than detected; only a pattern this analysis reads as linear keeps the
 * faster native engine. What is left — lookaround and backreferences, which only a backtracking engine
 * runs — is guarded here. The analysis also serves the schema lint, which
 * warns about patterns that other (backtracking) validators of the same schema would choke on.
 *
 * A native RegExp cannot be interrupted once it runs (in the page or the CLI), so the only safe place
 * to stop a runaway backtracking pattern is before it runs:
 *
 * - Exponential shapes — a repeated group whose iterations can match the same text in more than one
 *   way, like `(a+)+`, `(\w+\s?)*` or `(a|a)*` — are refused when the schema compiles. So are
 *   repeated choices the next character cannot settle (`(foo|fab)*`, `(a?a?)+`): simpler to judge
 *   than whether the two ways ever reach the same text. No length cap helps there: `^(a+)+$` takes
 *   seconds on 28 characters.
 * - Polynomial shapes are rated by their degree: how many unbounded repeats can consume the same
 *   characters, plus one when the pattern is not anchored with `^` (the engine retries at every
 *   position). A pattern of degree d is tested only on values up to 10^(8/d) characters (quadratic
 *   10,000, cubic 464, …), about 10^8 steps or a tenth of a second at worst; a longer value is
 *   refused with its own error. Linear patterns are tested on any length.
 *
 * The one analysis of regex sources: the search tools use it with their own flags for the patterns
 * RE2 cannot run, so a pattern gets the same verdict everywhere.
 *
 * Refusing every nested quantifier would be simpler but would also refuse everyday patterns such as
 * `^[a-z]+(_[a-z]+)*$`, whose required `_` marks where each repetition ends. The analysis is
 * conservative: a pattern it cannot read is refused.
 */

import { linearEngine } from './linear-engine';

/** Worst-case backtracking steps allowed for one pattern test: about a tenth of a second. */
const STEP_BUDGET_EXPONENT = 8;

/** The longest value a pattern of this polynomial degree is tested on (Infinity for linear ones). */
export function maxPatternInput(degree: number): number {
  return degree <= 1 ? Infinity : Math.floor(10 ** (STEP_BUDGET_EXPONENT / degree));
}

/** What a compiled pattern needs to offer: a RegExp, or a linear-time RE2 matcher. */
export interface PatternTester {
  test(text: string): boolean;
}

export type CompiledPattern =
  | {
      ok: true;
      expression: PatternTester;
      /** `re2` runs in linear time whatever the pattern; `backtracking` is a native RegExp judged by the analysis here. */
      engine: 're2' | 'backtracking';
      /** 1 linear, 2 quadratic, 3 cubic, … */
      degree: number;
      /** Longer values are not tested (see maxPatternInput). */
      maxInput: number;
    }
  | { ok: false; reason: string };

// ---------------------------------------------------------------------------------------------
// A small parser for the ECMAScript pattern syntax JSON Schema uses (with the `u` flag)

interface Quantity {
  min: number;
  max: number;
  /** The atom as written, without and with its quantifier (for messages). */
  label: string;
  source: string;
}

type Atom = Quantity &
  (
    | { kind: 'char'; text: string }
    | { kind: 'set'; source: string }
    | { kind: 'group'; alternatives: Atom[][]; lookaround: boolean }
    | { kind: 'assertion'; text: string }
    | { kind: 'backreference' }
  );

class Unreadable extends Error {}

const CLASS_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S']);

function parse(pattern: string): Atom[][] {
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

// ---------------------------------------------------------------------------------------------
// Character sets, approximated on a sample alphabet: ASCII, a few representative others, and the
// pattern's own characters and escaped code points with their neighbours — every bound of a range or
// negated class, so two classes that share a character share a sample. Two atoms "overlap" when some
// sample character matches both (under the flags the pattern runs with: `i` makes `a` and `A` one).

type CharacterSet = Uint8Array;

class Alphabet {
  readonly samples: string[];
  private readonly cache = new Map<string, CharacterSet>();

  constructor(
    pattern: string,
    private readonly flags: string,
  ) {
    const samples = new Set<string>();
    for (let code = 0; code < 128; code++) samples.add(String.fromCharCode(code));
    for (const extra of ['\u00a0', '\u00e9', '\u00df', '\u0436', '\u4e2d', '\u2028', '\ufeff', '\u{1f600}', '\u0301']) samples.add(extra);
    const codes = Array.from(pattern, (character) => character.codePointAt(0)!);
    for (const match of pattern.matchAll(/\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))/g)) codes.push(parseInt(match[1] ?? match[2] ?? match[3]!, 16));
    for (const code of codes) for (const near of [code - 1, code, code + 1]) if (near >= 0 && near <= 0x10ffff) samples.add(String.fromCodePoint(near));
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

function unionInto(target: CharacterSet, source: CharacterSet): void {
  for (let index = 0; index < target.length; index++) if (source[index]) target[index] = 1;
}

function overlaps(left: CharacterSet, right: CharacterSet): boolean {
  for (let index = 0; index < left.length; index++) if (left[index] && right[index]) return true;
  return false;
}

const isZeroWidth = (atom: Atom) => atom.kind === 'assertion' || (atom.kind === 'group' && atom.lookaround);

/** Can match no text (a back-reference can: its group may have matched none). */
const atomNullable = (atom: Atom): boolean =>
  atom.min === 0 || isZeroWidth(atom) || atom.kind === 'backreference' || (atom.kind === 'group' && atom.alternatives.some(nullable));

function nullable(sequence: readonly Atom[]): boolean {
  return sequence.every(atomNullable);
}

/** The single-character atoms a sequence can start with, for naming what clashes. */
function firstAtoms(sequence: readonly Atom[], found: Atom[] = []): Atom[] {
  for (const atom of sequence) {
    if (isZeroWidth(atom)) continue;
    if (atom.kind === 'group') for (const alternative of atom.alternatives) firstAtoms(alternative, found);
    else found.push(atom);
    if (!atomNullable(atom)) break;
  }
  return found;
}

/** Can match a varying number of characters: a repeat, a group holding one, or a back-reference. */
function isVariable(atom: Atom): boolean {
  if (isZeroWidth(atom)) return false;
  if (atom.max > 1 || atom.kind === 'backreference') return true;
  return atom.kind === 'group' && atom.alternatives.some((alternative) => alternative.some(isVariable));
}

// ---------------------------------------------------------------------------------------------
// Exponential shapes: a repeated group whose iterations can take the same text in two ways, so a
// failing match tries every combination — 2^n for n characters.

const atomName = (atom: Atom): string => (atom.kind === 'backreference' ? 'a back-reference' : atom.label);

/** Two atoms, one from each list, that can match the same character. */
function sharedStart(left: readonly Atom[], right: readonly Atom[], alphabet: Alphabet): string | undefined {
  for (const one of left) {
    for (const other of right) if (overlaps(alphabet.of(one), alphabet.of(other))) return `'${atomName(one)}' and '${atomName(other)}'`;
  }
  return undefined;
}

/**
 * The first choice inside a repeated body that the next character cannot settle: alternatives that can
 * start alike, or an optional part that can match what follows it. `follow` is what may come next.
 */
function unsettledChoice(alternatives: readonly Atom[][], follow: readonly Atom[], alphabet: Alphabet): string | undefined {
  const starts = alternatives.map((alternative) => (nullable(alternative) ? [...firstAtoms(alternative), ...follow] : firstAtoms(alternative)));
  for (let left = 0; left < starts.length; left++) {
    for (let right = left + 1; right < starts.length; right++) {
      const shared = sharedStart(starts[left]!, starts[right]!, alphabet);
      if (shared) return `has alternatives that can start with the same character (${shared})`;
    }
  }
  for (const alternative of alternatives) {
    const follows: Atom[][] = [];
    let after: readonly Atom[] = follow;
    for (let index = alternative.length - 1; index >= 0; index--) {
      follows[index] = [...after];
      const atom = alternative[index]!;
      after = atomNullable(atom) ? [...firstAtoms([atom]), ...after] : firstAtoms([atom]);
    }
    for (const [index, atom] of alternative.entries()) {
      if (isZeroWidth(atom)) continue;
      if (atom.min === 0) {
        const shared = sharedStart(firstAtoms([atom]), follows[index]!, alphabet);
        if (shared) return `has an optional part '${atom.source}' that can match the same character as what follows it (${shared})`;
      }
      if (atom.kind === 'group') {
        // A repeated inner group is also followed by its own start.
        const next = atom.max > 1 ? [...firstAtoms([atom]), ...follows[index]!] : follows[index]!;
        const found = unsettledChoice(atom.alternatives, next, alphabet);
        if (found) return found;
      }
    }
  }
  return undefined;
}

interface Exponential {
  problem: string;
  advice: string;
}

/** Why iterations of this repeated group can split the same text in several ways, or undefined. */
function ambiguousRepeat(group: Extract<Atom, { kind: 'group' }>, alphabet: Alphabet): Exponential | undefined {
  const { alternatives } = group;
  // Where one iteration ends the next begins, so the body's own start is what follows it.
  const choice = unsettledChoice(alternatives, firstAtoms([group]), alphabet);
  if (choice) {
    return {
      problem: `the repeated group '${group.source}' ${choice}`,
      advice: "make each alternative start with a different character (e.g. '(?:ab|ac)+' as '(?:a[bc])+', '(x|x)*' as 'x*')",
    };
  }
  for (const alternative of alternatives) {
    const variable = alternative.filter(isVariable);
    if (variable.length === 0) continue;
    // A required character no other variable part can match marks where each iteration ends, as in
    // `(_[a-z]+)*`; a repeated one (`b+` in `(a+b+)+`) needs another required part it cannot match,
    // or its runs from two iterations would touch, as in `(a+)+`.
    const required = alternative.filter((atom) => atom.min >= 1 && !isZeroWidth(atom));
    const separated = required.some(
      (atom) =>
        (atom.kind === 'char' || atom.kind === 'set') &&
        variable.every((other) => other === atom || !overlaps(alphabet.of(atom), alphabet.of(other))) &&
        (atom.max === 1 || required.some((other) => other !== atom && !overlaps(alphabet.of(atom), alphabet.of(other)))),
    );
    if (!separated) {
      return {
        problem: `the repeated group '${group.source}' repeats a part that itself repeats, with nothing marking where one repetition ends`,
        advice: 'rewrite it without nested repetition, or with a required character that ends each repetition',
      };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Polynomial degree: how many unbounded repeats can consume the same characters

/** Repeats still able to take more of the text, each by its character set. */
type Chain = CharacterSet[];

function chainDegree(chain: Chain, alphabet: Alphabet): number {
  let degree = 0;
  for (let sample = 0; sample < alphabet.samples.length; sample++) {
    let count = 0;
    for (const member of chain) if (member[sample]) count++;
    if (count > degree) degree = count;
  }
  return degree;
}

interface Analysis {
  degree: number;
  exponential?: Exponential;
}

function walk(sequence: readonly Atom[], chain: Chain, alphabet: Alphabet, analysis: Analysis): Chain {
  let current = chain;
  for (const atom of sequence) {
    if (atom.kind === 'assertion') continue;
    if (atom.kind === 'group' && atom.lookaround) {
      for (const alternative of atom.alternatives) walk(alternative, [], alphabet, analysis);
      continue;
    }
    if (atom.kind === 'group' && atom.max > 1) {
      // A repeated group is judged on its own: ambiguity across iterations, and the repeats inside it.
      analysis.exponential ??= ambiguousRepeat(atom, alphabet);
      for (const alternative of atom.alternatives) walk(alternative, [], alphabet, analysis);
      continue;
    }
    if (atom.kind === 'group') {
      // Each alternative (and skipping an optional group) continues the same chain; keep the longest.
      const paths = atom.alternatives.map((alternative) => walk(alternative, [...current], alphabet, analysis));
      if (atom.min === 0) paths.push(current);
      current = paths.reduce((longest, path) => (path.length > longest.length ? path : longest), paths[0] ?? current);
      continue;
    }
    const set = alphabet.of(atom);
    if (atom.max > 1) {
      const union = alphabet.empty();
      for (const member of current) unionInto(union, member);
      current = atom.min >= 1 && !overlaps(union, set) ? [set] : [...current, set];
      analysis.degree = Math.max(analysis.degree, chainDegree(current, alphabet));
    } else if (atom.min >= 1) {
      // A required character ends every repeat that cannot take it.
      current = current.filter((member) => overlaps(member, set));
    }
  }
  return current;
}

export type PatternAnalysis =
  | { ok: true; /** 1 linear, 2 quadratic, … */ degree: number }
  /** `exponential` false: the pattern could not be read, so it is refused unjudged. */
  | { ok: false; exponential: boolean; problem: string; advice: string };

/**
 * The backtracking verdict for a regex source, read with the flags it runs with (`i` makes `a` and
 * `A` the same character). The source must already compile with those flags.
 */
export function analysePattern(pattern: string, flags = 'u'): PatternAnalysis {
  let alternatives: Atom[][];
  try {
    alternatives = parse(pattern);
  } catch {
    return { ok: false, exponential: false, problem: 'its structure could not be analysed for catastrophic backtracking', advice: 'simplify it' };
  }
  const alphabet = new Alphabet(pattern, flags);
  const analysis: Analysis = { degree: 0 };
  for (const alternative of alternatives) walk(alternative, [], alphabet, analysis);
  if (analysis.exponential !== undefined) return { ok: false, exponential: true, ...analysis.exponential };
  const anchored = alternatives.every((alternative) => alternative[0]?.kind === 'assertion' && alternative[0].text === '^');
  return { ok: true, degree: Math.max(1, analysis.degree + (anchored ? 0 : 1)) };
}

// ---------------------------------------------------------------------------------------------

const compiledPatterns = new Map<string, CompiledPattern>();
const MAX_CACHED_PATTERNS = 500;

/**
 * The pattern as a native RegExp judged by the backtracking analysis alone: what a backtracking
 * validator (Ajv's default, most agent runtimes) would face. The lint uses it to warn schema authors;
 * the validator uses it only for patterns RE2 cannot run.
 */
export function compileBacktracking(pattern: string): CompiledPattern {
  return cached(`b/${pattern}`, () => {
    let expression: RegExp;
    try {
      expression = new RegExp(pattern, 'u');
    } catch (error) {
      return { ok: false, reason: `it is not a valid regular expression (${error instanceof Error ? error.message : 'syntax error'})` };
    }
    const verdict = analysePattern(pattern, 'u');
    if (verdict.ok) return { ok: true, expression, engine: 'backtracking', degree: verdict.degree, maxInput: maxPatternInput(verdict.degree) };
    return { ok: false, reason: verdict.exponential ? `it can backtrack exponentially (${verdict.problem}); ${verdict.advice}` : verdict.problem };
  });
}

/**
 * The pattern as the validator runs it (`u` flag syntax, as JSON Schema and Ajv read it), or why it is
 * refused. A pattern the analysis reads as linear keeps the native engine: re2js is about 60 times
 * slower on everyday patterns (63 ms against 1 ms on a megabyte, `npm run bench`), and a linear shape
 * cannot backtrack. Every other pattern RE2 can express runs on RE2, in linear time on any input, so no
 * shape is refused and no length capped. Lookaround and backreferences keep the backtracking guard. Cached.
 */
export function compilePattern(pattern: string): CompiledPattern {
  const found = compiledPatterns.get(`v/${pattern}`);
  if (found !== undefined) return found;
  const backtracking = compileBacktracking(pattern);
  if (!backtracking.ok && /not a valid regular expression/.test(backtracking.reason)) return backtracking;
  if (backtracking.ok && backtracking.degree <= 1) return backtracking;
  const compileLinear = linearEngine();
  // Without RE2 here yet (the page before it loads it) the backtracking guard decides, and is not remembered.
  if (compileLinear === null) return backtracking;
  return cached(`v/${pattern}`, () => {
    const linear = compileLinear(pattern);
    if (linear !== null) return { ok: true, expression: linear, engine: 're2', degree: 1, maxInput: Infinity };
    return backtracking;
  });
}

/** Whether compilePattern would run this pattern on RE2 (a valid pattern the analysis does not read as linear). */
export function patternWantsLinearEngine(pattern: string): boolean {
  const backtracking = compileBacktracking(pattern);
  return backtracking.ok ? backtracking.degree > 1 : !/not a valid regular expression/.test(backtracking.reason);
}

function cached(key: string, compile: () => CompiledPattern): CompiledPattern {
  const found = compiledPatterns.get(key);
  if (found !== undefined) return found;
  const result = compile();
  if (compiledPatterns.size >= MAX_CACHED_PATTERNS) compiledPatterns.clear();
  compiledPatterns.set(key, result);
  return result;
}

// Kept in describe.ts so the page's error messages need none of the analysis (nor RE2).
export { describeDegree } from './describe';
