/**
 * The backtracking verdict for a regex source: exponential shapes (exponential.ts) are refused; the
 * rest get a polynomial degree (degree.ts). A pattern the parser cannot read, or too large to analyse,
 * is refused unjudged: the analysis is conservative.
 */

import { Alphabet } from './alphabet';
import { patternDegree } from './degree';
import { type ExponentialFinding, findExponential, ProductTooLarge } from './exponential';
import { TooComplex } from './automaton';
import { exponentialProblem, TOO_COMPLEX, UNREADABLE } from './messages';
import { type Atom, parse } from './parse';

export type PatternAnalysis =
  | { ok: true; /** 1 linear, 2 quadratic, … */ degree: number }
  | {
      ok: false;
      /** `exponential`: judged ambiguous; `unreadable` / `too-complex`: refused unjudged. */
      code: 'exponential' | 'unreadable' | 'too-complex';
      /** Same as code === 'exponential' (kept for callers that only need the yes/no). */
      exponential: boolean;
      finding?: ExponentialFinding;
      problem: string;
      advice: string;
    };

/**
 * Read with the flags the pattern runs with (`i` makes `a` and `A` the same character). The source
 * must already compile with those flags.
 */
export function analysePattern(pattern: string, flags = 'u'): PatternAnalysis {
  let alternatives: Atom[][];
  try {
    alternatives = parse(pattern);
  } catch {
    return { ok: false, code: 'unreadable', exponential: false, ...UNREADABLE };
  }
  const alphabet = new Alphabet(pattern, flags);
  let finding: ExponentialFinding | undefined;
  try {
    finding = findExponential(alternatives, alphabet);
  } catch (error) {
    if (error instanceof TooComplex || error instanceof ProductTooLarge)
      return { ok: false, code: 'too-complex', exponential: false, ...TOO_COMPLEX };
    throw error;
  }
  if (finding) return { ok: false, code: 'exponential', exponential: true, finding, ...exponentialProblem(finding) };
  return { ok: true, degree: patternDegree(alternatives, alphabet) };
}
