/** The order a result lists its errors in: the schema's, not Ajv's. */
import type { ValidationError } from './types';

/**
 * Errors in the order the schema declares its parameters (the order of the docs and the form),
 * the arguments as a whole first and unknown parameters last; Ajv's own order follows its keywords.
 * A stable sort by rank, skipped when the errors are in order already (most invalid calls).
 */
export function inSchemaOrder(errors: ValidationError[], names: readonly string[]): ValidationError[] {
  if (errors.length < 2) return errors;
  const ranks = errors.map((error) => rankOf(error.parameter, names));
  let ordered = true;
  for (let index = 1; index < ranks.length && ordered; index++) ordered = ranks[index]! >= ranks[index - 1]!;
  if (ordered) return errors;
  return errors
    .map((error, position) => ({ error, position, rank: ranks[position]! }))
    .sort((left, right) => left.rank - right.rank || left.position - right.position)
    .map((entry) => entry.error);
}

/** Where a parameter's top-level name stands among the schema's properties: -1 the arguments, past the end unknown. */
function rankOf(parameter: string, names: readonly string[]): number {
  if (parameter === '') return -1;
  let end = parameter.length;
  for (let index = 0; index < parameter.length; index++) {
    const code = parameter.charCodeAt(index);
    if (code === 46 || code === 91) {
      end = index;
      break;
    }
  }
  const position = names.indexOf(end === 0 ? parameter : parameter.slice(0, end));
  return position === -1 ? names.length : position;
}
