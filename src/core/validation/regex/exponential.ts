/**
 * Exponential backtracking, decided exactly on the position automaton (automaton.ts): a backtracking
 * engine takes exponential time on some input if and only if some state can return to itself along
 * two different paths reading the same text (the automaton's exponential degree of ambiguity; Weideman
 * et al., "Analyzing matching time behavior of backtracking regular expression matchers by using
 * ambiguity of NFA", 2016). In the product of the automaton with itself, that is a strongly connected
 * component holding a pair (q, q) and either a pair of different states or a doubled edge.
 *
 * This replaces a syntactic rule ("the next character must settle every choice") that also refused
 * unambiguous patterns such as firecrawl's domain pattern `^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+…`
 * and `(?:foo|fab)*`, where every text splits one way only.
 */

import { type Alphabet, overlaps } from './alphabet';
import { type Automaton, buildAutomaton, type Frame, type Position } from './automaton';
import { type Atom, atomName, type GroupAtom } from './parse';

type ExponentialCode = 'overlapping-alternatives' | 'optional-overlap' | 'nested-repeat' | 'ambiguous-empty';

export interface ExponentialFinding {
  code: ExponentialCode;
  /** The repeated group (or atom) the ambiguity is in, as written. */
  group: string;
  /** The two atoms that can take the same character, or the optional part, when the code has them. */
  atoms?: [string, string];
  optional?: string;
  /** Text that, after `prefix`, can be read two ways each time `pump` repeats: a witness for tests. */
  witness: { prefix: string; pump: string };
}

/** Product states explored before the pattern is called too complex to analyse. */
const MAX_PRODUCT_EDGES = 2_000_000;

export class ProductTooLarge extends Error {}

interface ProductEdge {
  to: number;
  /** Two different automaton edges with the same ends (a doubled edge). */
  doubled: boolean;
  /** A sample character both sides read. */
  character: number;
}

/** The first exponential ambiguity in the pattern (its lookarounds included), or undefined. */
export function findExponential(alternatives: Atom[][], alphabet: Alphabet): ExponentialFinding | undefined {
  const automaton = buildAutomaton(alternatives, alphabet);
  return (
    ambiguity(automaton, alphabet) ?? automaton.lookarounds.map((body) => findExponential(body, alphabet)).find(Boolean)
  );
}

function ambiguity({ positions, follow }: Automaton, alphabet: Alphabet): ExponentialFinding | undefined {
  const size = positions.length + 1;
  const start = positions.length;
  const pair = (left: number, right: number) => left * size + right;
  const edges = new Map<number, ProductEdge[]>();
  let explored = 0;
  const successors = (node: number): ProductEdge[] => {
    let found = edges.get(node);
    if (found) return found;
    found = [];
    const left = Math.floor(node / size);
    const right = node % size;
    for (const [leftTarget, leftEdge] of follow[left]!) {
      for (const [rightTarget, rightEdge] of follow[right]!) {
        if (++explored > MAX_PRODUCT_EDGES) throw new ProductTooLarge();
        const character = sharedSample(leftTarget, rightTarget);
        if (character === -1) continue;
        const doubled = left === right && leftTarget === rightTarget && leftEdge.ways > 1 && rightEdge === leftEdge;
        found.push({ to: pair(leftTarget, rightTarget), doubled, character });
      }
    }
    edges.set(node, found);
    return found;
  };
  // A sample character two positions share (-1: none), computed once per pair: the product asks often.
  const shared = new Int32Array(positions.length * positions.length).fill(-2);
  const sharedSample = (one: number, other: number): number => {
    const key = one * positions.length + other;
    let found = shared[key]!;
    if (found === -2) {
      const left = positions[one]!.set;
      const right = positions[other]!.set;
      found = overlaps(left, right) ? left.findIndex((member, index) => member === 1 && right[index] === 1) : -1;
      shared[key] = found;
    }
    return found;
  };

  for (const component of components(pair(start, start), successors)) {
    const members = new Set(component);
    const diagonal = component.find((node) => Math.floor(node / size) === node % size);
    if (diagonal === undefined) continue;
    // Prefer a divergence into two different atoms (it names them), then a doubled edge.
    let witness: { from: number; edge: ProductEdge } | undefined;
    for (const node of component) {
      if (Math.floor(node / size) !== node % size) continue;
      for (const edge of successors(node)) {
        if (!members.has(edge.to)) continue;
        const diverges = Math.floor(edge.to / size) !== edge.to % size;
        if (diverges && (witness === undefined || witness.edge.doubled)) witness = { from: node, edge };
        else if (edge.doubled && witness === undefined) witness = { from: node, edge };
      }
    }
    if (witness === undefined) continue;
    const text = (path: ProductEdge[]) => path.map((edge) => alphabet.samples[edge.character]).join('');
    const prefix = text(route(pair(start, start), witness.from, successors, () => true));
    const back = route(witness.edge.to, witness.from, successors, (node) => members.has(node));
    const pump = text([witness.edge, ...back]);
    const from = positions[Math.floor(witness.from / size)];
    const left = positions[Math.floor(witness.edge.to / size)]!;
    const right = positions[witness.edge.to % size]!;
    return describe(
      from,
      left,
      right,
      witness.edge.doubled
        ? follow[Math.floor(witness.from / size)]!.get(Math.floor(witness.edge.to / size))!.loops
        : undefined,
      {
        prefix,
        pump,
      },
    );
  }
  return undefined;
}

/** Strongly connected components reachable from `root` (Tarjan's algorithm, iterative). */
function components(root: number, successors: (node: number) => ProductEdge[]): number[][] {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const found: number[][] = [];
  const work: { node: number; next: number }[] = [];
  const visit = (node: number) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    work.push({ node, next: 0 });
  };
  visit(root);
  while (work.length > 0) {
    const frame = work[work.length - 1]!;
    const edges = successors(frame.node);
    if (frame.next < edges.length) {
      const target = edges[frame.next++]!.to;
      if (!index.has(target)) visit(target);
      else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1]!.node;
      low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
    }
    if (low.get(frame.node) === index.get(frame.node)) {
      const component: number[] = [];
      let member: number;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      found.push(component);
    }
  }
  return found;
}

/** A shortest path of product edges from one node to another, through allowed nodes. */
function route(
  from: number,
  to: number,
  successors: (node: number) => ProductEdge[],
  allowed: (node: number) => boolean,
): ProductEdge[] {
  const previous = new Map<number, { node: number; edge: ProductEdge }>();
  const queue = [from];
  const seen = new Set([from]);
  for (let head = 0; head < queue.length && !seen.has(to); head++) {
    const node = queue[head]!;
    for (const edge of successors(node)) {
      if (seen.has(edge.to) || !allowed(edge.to)) continue;
      seen.add(edge.to);
      previous.set(edge.to, { node, edge });
      queue.push(edge.to);
    }
  }
  const path: ProductEdge[] = [];
  for (let node = to; node !== from;) {
    const step = previous.get(node);
    if (!step) break;
    path.unshift(step.edge);
    node = step.node;
  }
  return path;
}

const isRepeatedGroup = (atom: Atom): atom is GroupAtom => atom.kind === 'group' && atom.max > 1;

/** The innermost repeated group holding every given frame list, else the position's own atom. */
function enclosingRepeat(frames: readonly (readonly Frame[])[], fallback: Atom): string {
  const shortest = Math.min(...frames.map((list) => list.length));
  let name = fallback.max > 1 ? fallback.source : undefined;
  for (let depth = 0; depth < shortest; depth++) {
    const group = frames[0]![depth]!.group;
    if (!frames.every((list) => list[depth]!.group === group)) break;
    if (isRepeatedGroup(group)) name = group.source;
  }
  return name ?? fallback.source;
}

function describe(
  from: Position | undefined,
  left: Position,
  right: Position,
  loops: Set<Atom> | undefined,
  witness: ExponentialFinding['witness'],
): ExponentialFinding {
  if (loops !== undefined) {
    // A doubled edge: two loops lead back to the same atom, or a part matches empty two ways.
    if (loops.size >= 2) {
      const outer = [...loops].sort((one, other) => other.source.length - one.source.length)[0]!;
      return { code: 'nested-repeat', group: outer.source, witness };
    }
    return {
      code: 'ambiguous-empty',
      group: enclosingRepeat([left.frames, ...(from ? [from.frames] : [])], left.atom),
      witness,
    };
  }
  const group = enclosingRepeat([left.frames, right.frames], left.atom);
  const atoms: [string, string] = [atomName(left.atom), atomName(right.atom)];
  // Where the two positions part: different alternatives of one group, or parts of one sequence.
  const depth = Math.min(left.frames.length, right.frames.length);
  for (let level = 0; level < depth; level++) {
    const one = left.frames[level]!;
    const other = right.frames[level]!;
    if (one.group !== other.group) break;
    if (one.alternative !== other.alternative) return { code: 'overlapping-alternatives', group, atoms, witness };
    if (one.child !== other.child) {
      const sequence = one.group.alternatives[one.alternative]!;
      const first = sequence[Math.min(one.child, other.child)]!;
      const second = sequence[Math.max(one.child, other.child)]!;
      const optional = first.min === 0 ? first : second.min === 0 ? second : first;
      return { code: 'optional-overlap', group, atoms, optional: optional.source, witness };
    }
  }
  // Copies of one counted repeat, or atoms of the pattern's top level.
  const optional = left.atom === right.atom ? left.atom : left.atom.min === 0 ? left.atom : right.atom;
  return { code: 'optional-overlap', group, atoms, optional: optional.source, witness };
}
