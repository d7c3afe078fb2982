/**
 * The one shape of an argument matcher (promptfoo's assertion: one handler, one grade): the key it is written
 * with in a suite file, how that key's value is read, and the match, which takes one parameter object and
 * returns one Grade. A new matcher is one file exporting one of these, and one line in index.ts.
 */
import type { ValidationError } from '../../validation/types';
import type { Grade } from './grade';

interface ArgumentMatch<Expected> {
  /** The argument's name, for the reason. */
  name: string;
  /** The value under the matcher's key in the suite. */
  expected: Expected;
  /** The argument as the model sent it; undefined when it left it out. */
  actual: unknown;
  /** The validator's errors for the whole call; null when the tool is not in the toolset. */
  errors: readonly ValidationError[] | null;
}

export interface ArgumentMatcher<Key extends string, Expected> {
  key: Key;
  /** Whether `optional: true` may stand beside the key (leaving the argument out then passes). */
  optional: boolean;
  /** The key's value in a suite file as the matcher takes it, or what is wrong with it (after the key's name). */
  read(value: unknown): { ok: true; expected: Expected } | { ok: false; problem: string };
  match(input: ArgumentMatch<Expected>): Grade;
}

export const defineMatcher = <Key extends string, Expected>(
  matcher: ArgumentMatcher<Key, Expected>,
): ArgumentMatcher<Key, Expected> => matcher;
