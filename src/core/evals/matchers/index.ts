/**
 * Every argument matcher, in the order a suite file's keys are tried. A new matcher is its file and one line here:
 * the suite format reads its key, the grader runs it, and ArgumentExpectation gains its shape.
 */
import { absent } from './absent';
import { anyOf } from './any-of';
import { equals } from './arguments-equal';
import type { ArgumentMatcher } from './matcher';
import { pattern } from './pattern';
import { typed } from './typed';

export const ARGUMENT_MATCHERS = [equals, anyOf, pattern, typed, absent] as const;

type Shape<Matcher> =
  Matcher extends ArgumentMatcher<infer Key, infer Expected> ? { [K in Key]: Expected } & { optional?: true } : never;

/** How one argument of an expected call is judged: one matcher's key and value (`optional` beside those that allow it). */
export type ArgumentExpectation = Shape<(typeof ARGUMENT_MATCHERS)[number]>;

/** The matcher an expectation names. */
export function matcherOf(expectation: ArgumentExpectation): ArgumentMatcher<string, unknown> {
  for (const matcher of ARGUMENT_MATCHERS)
    if (matcher.key in expectation) return matcher as ArgumentMatcher<string, unknown>;
  throw new Error(`no matcher for ${JSON.stringify(Object.keys(expectation))}`);
}
