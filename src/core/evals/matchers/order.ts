/**
 * Pairs expected calls with actual calls. `any` (parallel calls): a maximum bipartite matching, so a
 * greedy first pick can never steal the only call another expectation could take. `sequence`: the
 * longest order-preserving pairing (an LCS), so calls in the wrong order leave expectations unpaired.
 * Both are O(expected × actual) checks of `fits`, and suites have a handful of calls per case.
 */
import type { CallOrder } from '../types';
import { failed, passed, type Grade } from './grade';

export interface CallPairing {
  /** [expected index, actual index], in expected order. */
  pairs: [number, number][];
  unmatchedExpected: number[];
  extraActual: number[];
}

type Fits = (e: number, a: number) => boolean;

/** Kuhn's augmenting path from expected call `e`. */
function augment(e: number, actual: number, fits: Fits, ownerOf: number[], seen: boolean[]): boolean {
  for (let a = 0; a < actual; a++) {
    if (seen[a] || !fits(e, a)) continue;
    seen[a] = true;
    if (ownerOf[a] === -1 || augment(ownerOf[a]!, actual, fits, ownerOf, seen)) {
      ownerOf[a] = e;
      return true;
    }
  }
  return false;
}

function anyOrder(expected: number, actual: number, fits: Fits): [number, number][] {
  const ownerOf = new Array<number>(actual).fill(-1);
  for (let e = 0; e < expected; e++) augment(e, actual, fits, ownerOf, new Array<boolean>(actual).fill(false));
  const pairs: [number, number][] = [];
  ownerOf.forEach((e, a) => {
    if (e !== -1) pairs.push([e, a]);
  });
  return pairs.sort((left, right) => left[0] - right[0]);
}

function inSequence(expected: number, actual: number, fits: (e: number, a: number) => boolean): [number, number][] {
  // best[e][a]: the most pairs using expected[e..] and actual[a..].
  const best = Array.from({ length: expected + 1 }, () => new Array<number>(actual + 1).fill(0));
  for (let e = expected - 1; e >= 0; e--) {
    for (let a = actual - 1; a >= 0; a--) {
      const row = best[e]!;
      row[a] = Math.max(best[e + 1]![a]!, row[a + 1]!, fits(e, a) ? 1 + best[e + 1]![a + 1]! : 0);
    }
  }
  const pairs: [number, number][] = [];
  let e = 0;
  let a = 0;
  while (e < expected && a < actual) {
    if (fits(e, a) && best[e]![a] === 1 + best[e + 1]![a + 1]!) pairs.push([e++, a++]);
    else if (best[e + 1]![a] === best[e]![a]) e++;
    else a++;
  }
  return pairs;
}

export function pairCalls(
  expected: number,
  actual: number,
  order: CallOrder,
  fits: (e: number, a: number) => boolean,
): CallPairing {
  // The usual case, one call expected and one made, without the general machinery.
  if (expected === 1 && actual === 1)
    return fits(0, 0)
      ? { pairs: [[0, 0]], unmatchedExpected: [], extraActual: [] }
      : { pairs: [], unmatchedExpected: [0], extraActual: [0] };
  const pairs = order === 'sequence' ? inSequence(expected, actual, fits) : anyOrder(expected, actual, fits);
  const usedExpected = new Set(pairs.map((pair) => pair[0]));
  const usedActual = new Set(pairs.map((pair) => pair[1]));
  return {
    pairs,
    unmatchedExpected: [...Array(expected).keys()].filter((index) => !usedExpected.has(index)),
    extraActual: [...Array(actual).keys()].filter((index) => !usedActual.has(index)),
  };
}

/** The order verdict: every expected call paired, and no extra call unless allowed. */
export function matchOrder({
  pairing,
  order,
  allowExtraCalls,
  describeExpected,
}: {
  pairing: CallPairing;
  order: CallOrder;
  allowExtraCalls: boolean;
  describeExpected: (index: number) => string;
}): Grade {
  const expected = pairing.pairs.length + pairing.unmatchedExpected.length;
  const score = expected === 0 ? 1 : pairing.pairs.length / expected;
  if (pairing.unmatchedExpected.length > 0) {
    const missing = pairing.unmatchedExpected.map(describeExpected).join('; ');
    return failed(
      `${pairing.unmatchedExpected.length} of ${expected} expected call${expected === 1 ? '' : 's'} not made${order === 'sequence' ? ' in order' : ''}: ${missing}`,
      score,
    );
  }
  if (!allowExtraCalls && pairing.extraActual.length > 0) {
    return failed(
      `${pairing.extraActual.length} call${pairing.extraActual.length === 1 ? '' : 's'} beyond the expected ones`,
      score,
    );
  }
  return passed(
    `all ${expected} expected call${expected === 1 ? '' : 's'} made${order === 'sequence' ? ' in order' : ''}`,
  );
}
