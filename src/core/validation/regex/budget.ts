/**
 * How long a value a backtracking pattern may be tested on, by its polynomial degree. Apart from the analysis so the
 * page's validator can apply a degree worked out at build time without shipping the analysis (warning-pattern.ts).
 */

/** Worst-case backtracking steps allowed for one pattern test: about a tenth of a second. */
const STEP_BUDGET_EXPONENT = 8;

/** The longest value a pattern of this polynomial degree is tested on (Infinity for linear ones). */
export function maxPatternInput(degree: number): number {
  return degree <= 1 ? Infinity : Math.floor(10 ** (STEP_BUDGET_EXPONENT / degree));
}
