/**
 * Polynomial degree: how many unbounded repeats can consume the same characters, plus one when the
 * pattern is not anchored with `^` (the engine retries at every position). A pattern of degree d is
 * tested only on values up to 10^(8/d) characters (see compile.ts).
 */

import { type Alphabet, type CharacterSet, overlaps, unionInto } from './alphabet';
import type { Atom } from './parse';

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

/** Walks a sequence, raising `found.degree`; repeated groups are judged on their own (exponential.ts). */
function walk(sequence: readonly Atom[], chain: Chain, alphabet: Alphabet, found: { degree: number }): Chain {
  let current = chain;
  for (const atom of sequence) {
    if (atom.kind === 'assertion') continue;
    if (atom.kind === 'group' && atom.lookaround) {
      for (const alternative of atom.alternatives) walk(alternative, [], alphabet, found);
      continue;
    }
    if (atom.kind === 'group' && atom.max > 1) {
      // A repeated group is judged on its own: the repeats inside it (its iterations: exponential.ts).
      for (const alternative of atom.alternatives) walk(alternative, [], alphabet, found);
      continue;
    }
    if (atom.kind === 'group') {
      // Each alternative (and skipping an optional group) continues the same chain; keep the longest.
      const paths = atom.alternatives.map((alternative) => walk(alternative, [...current], alphabet, found));
      if (atom.min === 0) paths.push(current);
      current = paths.reduce((longest, path) => (path.length > longest.length ? path : longest), paths[0] ?? current);
      continue;
    }
    const set = alphabet.of(atom);
    if (atom.max > 1) {
      const union = alphabet.empty();
      for (const member of current) unionInto(union, member);
      current = atom.min >= 1 && !overlaps(union, set) ? [set] : [...current, set];
      found.degree = Math.max(found.degree, chainDegree(current, alphabet));
    } else if (atom.min >= 1) {
      // A required character ends every repeat that cannot take it.
      current = current.filter((member) => overlaps(member, set));
    }
  }
  return current;
}

/** The degree of a parsed pattern: 1 linear, 2 quadratic, … */
export function patternDegree(alternatives: readonly Atom[][], alphabet: Alphabet): number {
  const found = { degree: 0 };
  for (const alternative of alternatives) walk(alternative, [], alphabet, found);
  const anchored = alternatives.every((alternative) => alternative[0]?.kind === 'assertion' && alternative[0].text === '^');
  return Math.max(1, found.degree + (anchored ? 0 : 1));
}
