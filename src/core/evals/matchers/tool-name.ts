/** The tool the model chose: one name, or any of a set of acceptable names. */
import type { Grade } from './grade';
import { failed, passed } from './grade';

export const acceptedNames = (expected: string | readonly string[]): readonly string[] =>
  typeof expected === 'string' ? [expected] : expected;

export function matchToolName({ expected, actual }: { expected: string | readonly string[]; actual: string }): Grade {
  const names = acceptedNames(expected);
  if (names.includes(actual)) return passed(`called ${actual}`);
  return failed(`called ${actual}, expected ${names.length === 1 ? names[0] : `one of ${names.join(', ')}`}`);
}
