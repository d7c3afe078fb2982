/**
 * "Any value of the right type": the argument is present and the project's validator finds no error
 * on it or inside it, judged with the tool's own schema.
 */
import type { ValidationError } from '../../validation/types';
import type { Grade } from '../types';
import { failed, passed } from './grade';

const isUnder = (parameter: string, name: string): boolean =>
  parameter === name || parameter.startsWith(`${name}.`) || parameter.startsWith(`${name}[`);

/** `errors` are the validator's errors for the whole call; null when the tool is not in the toolset. */
export function matchArgumentTyped(name: string, actual: unknown, errors: readonly ValidationError[] | null): Grade {
  if (actual === undefined) return failed(`${name} is missing, expected any value its schema accepts`);
  if (errors === null) return failed(`${name} cannot be judged: the tool is not in the toolset`);
  const own = errors.find((error) => isUnder(error.parameter, name));
  return own === undefined ? passed(`${name} is accepted by its schema`) : failed(`${name}: ${own.message}`);
}
