/**
 * The pattern as a position automaton (Glushkov's construction: one state per character-consuming
 * atom, no empty moves) that keeps count of the distinct ways (capped at 2) to go from one position to
 * the next — a back-reference loop and an enclosing loop that both lead from `a` back to `a`, as in
 * `(a+)+`, are two ways, and a backtracking engine tries both. ECMAScript's rule that an iteration
 * beyond the minimum may not match empty text is applied, so `(?:a|)+` has one way, as V8 runs it.
 *
 * A counted repeat of one character (`x{0,61}`) is unrolled: its required copies up to COPIES.required,
 * and only two of its optional ones — the automaton with fewer optional copies is part of the one with
 * all of them, so any ambiguity it shows is real, and the product automaton of exponential.ts grows with
 * the square of the positions (61 copies made the domain pattern take 56 ms, a nested one 10 s). A counted
 * repeat of a group (`(\w+\s?){1,20}`) is judged as a loop: bounded or not, iterations that can split a
 * text several ways make a backtracking engine try every split, which 20 iterations make millions.
 */

import type { Alphabet, CharacterSet } from './alphabet';
import type { Atom, GroupAtom } from './parse';

/** Where a position sits: each enclosing group, the alternative taken and the index in it. */
export interface Frame {
  group: GroupAtom;
  alternative: number;
  child: number;
}

export interface Position {
  atom: Atom;
  set: CharacterSet;
  frames: readonly Frame[];
}

interface Edge {
  /** Distinct ways, capped at 2. */
  ways: number;
  /** The repeated atoms whose loop gives this edge. */
  loops: Set<Atom>;
}

export interface Automaton {
  positions: Position[];
  /** follow[p]: positions reachable from p with nothing consumed between; index positions.length is the start. */
  follow: Map<number, Edge>[];
  /** Lookaround bodies, analysed as patterns of their own. */
  lookarounds: Atom[][][];
}

/** Copies of a counted repeat kept when unrolling: required ones, then optional ones. */
const COPIES = { required: 8, optional: 2 };
/** Beyond this many positions the pattern is judged too complex to analyse (and refused unjudged). */
const MAX_POSITIONS = 400;

export class TooComplex extends Error {}

const cap = (count: number) => Math.min(2, count);

type Ways = Map<number, number>;

interface Fragment {
  first: Ways;
  last: Ways;
  /** Ways to match empty text, capped at 2. */
  empty: number;
}

const EMPTY: Fragment = { first: new Map(), last: new Map(), empty: 1 };

function sum(left: Ways, right: Ways, times = 1): Ways {
  const result = new Map(left);
  if (times === 0) return result;
  for (const [position, ways] of right) result.set(position, cap((result.get(position) ?? 0) + ways * times));
  return result;
}

export function buildAutomaton(alternatives: Atom[][], alphabet: Alphabet): Automaton {
  const positions: Position[] = [];
  const follow: Map<number, Edge>[] = [];
  const lookarounds: Atom[][][] = [];

  const link = (from: Ways, to: Ways, loop?: Atom) => {
    for (const [source, sourceWays] of from) {
      const edges = follow[source]!;
      for (const [target, targetWays] of to) {
        const edge = edges.get(target) ?? { ways: 0, loops: new Set<Atom>() };
        edge.ways = cap(edge.ways + sourceWays * targetWays);
        if (loop) edge.loops.add(loop);
        edges.set(target, edge);
      }
    }
  };

  const concat = (left: Fragment, right: Fragment): Fragment => {
    link(left.last, right.first);
    return {
      first: sum(left.first, right.first, left.empty),
      last: sum(right.last, left.last, right.empty),
      empty: cap(left.empty * right.empty),
    };
  };

  const position = (atom: Atom, set: CharacterSet, frames: readonly Frame[]): Fragment => {
    if (positions.length >= MAX_POSITIONS) throw new TooComplex();
    positions.push({ atom, set, frames });
    follow.push(new Map());
    const ways = new Map([[positions.length - 1, 1]]);
    return { first: ways, last: ways, empty: 0 };
  };

  /** A loop of iterations that may not be empty (`min` 0 or already met). */
  const loop = (body: Fragment, atom: Atom): Fragment => {
    link(body.last, body.first, atom);
    return { first: body.first, last: body.last, empty: 1 };
  };

  /** One match of the atom without its quantifier: fresh positions each call. */
  const once = (atom: Atom, frames: readonly Frame[]): Fragment => {
    switch (atom.kind) {
      case 'assertion':
        return EMPTY;
      case 'char':
      case 'set':
        return position(atom, alphabet.of(atom), frames);
      case 'backreference':
        // Whatever its group matched: any text, modelled as a loop over any character.
        return loop(position(atom, alphabet.all(), frames), atom);
      case 'group':
        if (atom.lookaround) {
          lookarounds.push(atom.alternatives);
          return EMPTY;
        }
        return choice(atom.alternatives, frames, atom);
    }
  };

  const repeat = (atom: Atom, frames: readonly Frame[]): Fragment => {
    const { min } = atom;
    // A repeated group is a loop whatever its bound (see above); one required copy keeps its `x+` shape.
    const max = atom.kind === 'group' && !atom.lookaround && atom.max > 1 ? Infinity : atom.max;
    if (atom.kind === 'group' && max === Infinity && min > 1) return repeat({ ...atom, min: 1, max: Infinity }, frames);
    if (min === 1 && max === 1) return once(atom, frames);
    let result: Fragment = EMPTY;
    const required = Math.min(min, COPIES.required);
    for (let copy = 0; copy < required; copy++) {
      if (max === Infinity && copy === required - 1) {
        // The last required copy loops (`x+`): its first iteration may match empty, the rest may not.
        const body = once(atom, frames);
        link(body.last, body.first, atom);
        return concat(result, { first: sum(body.first, body.first, body.empty), last: body.last, empty: body.empty });
      }
      result = concat(result, once(atom, frames));
    }
    if (max === Infinity) return concat(result, loop({ ...once(atom, frames), empty: 0 }, atom));
    // `x{0,3}` as `(x(x(x)?)?)?`: one way to take each count, every copy non-empty.
    const optional = Math.min(max - min, COPIES.optional);
    const copies: Fragment[] = [];
    for (let copy = 0; copy < optional; copy++) copies.push({ ...once(atom, frames), empty: 0 });
    let tail: Fragment = EMPTY;
    for (let copy = copies.length - 1; copy >= 0; copy--) tail = { ...concat(copies[copy]!, tail), empty: 1 };
    return concat(result, tail);
  };

  const choice = (alternatives: Atom[][], frames: readonly Frame[], group?: GroupAtom): Fragment => {
    let result: Fragment = { first: new Map(), last: new Map(), empty: 0 };
    alternatives.forEach((alternative, index) => {
      let sequence: Fragment = EMPTY;
      alternative.forEach((atom, child) => {
        const inner = group ? [...frames, { group, alternative: index, child }] : frames;
        sequence = concat(sequence, repeat(atom, inner));
      });
      result = {
        first: sum(result.first, sequence.first),
        last: sum(result.last, sequence.last),
        empty: cap(result.empty + sequence.empty),
      };
    });
    return result;
  };

  const whole = choice(alternatives, []);
  follow.push(new Map([...whole.first].map(([target, ways]) => [target, { ways, loops: new Set<Atom>() }])));
  return { positions, follow, lookarounds };
}
