/**
 * Polynomial degree: how many unbounded repeats can consume the same characters, plus one when the
 * pattern is not anchored with `^` (the engine retries at every position). A pattern of degree d is
 * tested only on values up to 10^(8/d) characters (see compile.ts).
 *
 * Lookaround and back-references add work the chain of repeats does not see: the engine runs a lookaround's
 * body (or compares a back-reference's text, up to the whole value) at each step of the outer match, so the
 * pattern's degree is its outer degree plus the costliest body's. `^(?:a(?=a*$))*b` is linear outside and
 * linear inside: quadratic (400,000 characters took 20 s on V8). Neither is ever called linear: only a
 * backtracking engine runs them, and nothing can stop it once it runs, so their values are always capped.
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

interface Found {
  /** The outer degree: repeats able to consume the same characters. */
  degree: number;
  /** The degree of the costliest lookaround body or back-reference run at one step of the outer match (-1: none). */
  inner: number;
}

/** Walks a sequence, raising `found.degree`; repeated groups are judged on their own (exponential.ts). */
function walk(sequence: readonly Atom[], chain: Chain, alphabet: Alphabet, found: Found): Chain {
  let current = chain;
  for (const atom of sequence) {
    if (atom.kind === 'assertion') continue;
    if (atom.kind === 'group' && atom.lookaround) {
      // The body runs anchored where the lookaround stands, so its own degree counts without a retry per position.
      found.inner = Math.max(found.inner, sequenceDegree(atom.alternatives, alphabet));
      continue;
    }
    if (atom.kind === 'backreference') {
      // Compares up to the whole value at each step, and may end any repeat before it: the chain goes on unfiltered.
      found.inner = Math.max(found.inner, 1);
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

/** The work of matching alternatives from one position, as a degree (0: bounded by the pattern alone). */
function sequenceDegree(alternatives: readonly Atom[][], alphabet: Alphabet): number {
  const found: Found = { degree: 0, inner: -1 };
  for (const alternative of alternatives) walk(alternative, [], alphabet, found);
  return found.degree + Math.max(0, found.inner);
}

/** The degree of a parsed pattern: 1 linear, 2 quadratic, … (at least 2 with lookaround or a back-reference). */
export function patternDegree(alternatives: readonly Atom[][], alphabet: Alphabet): number {
  const found: Found = { degree: 0, inner: -1 };
  for (const alternative of alternatives) walk(alternative, [], alphabet, found);
  const anchored = alternatives.every(
    (alternative) => alternative[0]?.kind === 'assertion' && alternative[0].text === '^',
  );
  const outer = Math.max(1, found.degree + (anchored ? 0 : 1));
  return found.inner < 0 ? outer : Math.max(2, outer + found.inner);
}
