/**
 * A string argument matching a regular expression, run on RE2 (linear time, as the validator runs
 * schema patterns), so a suite cannot hang the scorer with a backtracking pattern.
 */
import { compileLinear } from '../../validation/linear-regex';
import { failed, passed, quote } from './grade';
import { defineMatcher } from './matcher';

/** Why a pattern cannot be used, or undefined when RE2 compiles it. */
export function patternProblem(pattern: string): string | undefined {
  return compileLinear(pattern) === null
    ? 'is not a regular expression RE2 can run (lookaround and backreferences are not supported)'
    : undefined;
}

export const pattern = defineMatcher({
  key: 'pattern',
  optional: false,
  read(value) {
    const problem = typeof value === 'string' ? patternProblem(value) : 'must be a string';
    return problem === undefined ? { ok: true, expected: value as string } : { ok: false, problem };
  },
  match({ name, expected, actual }) {
    if (actual === undefined) return failed(`${name} is missing, expected text matching /${expected}/`);
    if (typeof actual !== 'string') return failed(`${name} is ${quote(actual)}, expected text matching /${expected}/`);
    const expression = compileLinear(expected);
    if (expression === null) return failed(`the pattern /${expected}/ ${patternProblem(expected)}`);
    return expression.test(actual)
      ? passed(`${name} matches /${expected}/`)
      : failed(`${name} is ${quote(actual)}, which does not match /${expected}/`);
  },
});
