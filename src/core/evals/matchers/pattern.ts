/**
 * A string argument matching a regular expression, run on RE2 (linear time, as the validator runs
 * schema patterns), so a suite cannot hang the scorer with a backtracking pattern.
 */
import { compileLinear } from '../../validation/linear-regex';
import type { Grade } from '../types';
import { failed, passed, quote } from './grade';

/** Why a pattern cannot be used, or undefined when RE2 compiles it. */
export function patternProblem(pattern: string): string | undefined {
  return compileLinear(pattern) === null ? 'is not a regular expression RE2 can run (lookaround and backreferences are not supported)' : undefined;
}

export function matchArgumentPattern(name: string, pattern: string, actual: unknown): Grade {
  if (actual === undefined) return failed(`${name} is missing, expected text matching /${pattern}/`);
  if (typeof actual !== 'string') return failed(`${name} is ${quote(actual)}, expected text matching /${pattern}/`);
  const expression = compileLinear(pattern);
  if (expression === null) return failed(`the pattern /${pattern}/ ${patternProblem(pattern)}`);
  return expression.test(actual) ? passed(`${name} matches /${pattern}/`) : failed(`${name} is ${quote(actual)}, which does not match /${pattern}/`);
}
