/**
 * "Any value of the right type": the argument is present and the project's validator finds no error
 * on it or inside it, judged with the tool's own schema.
 */
import { failed, passed } from './grade';
import { defineMatcher } from './matcher';

const isUnder = (parameter: string, name: string): boolean =>
  parameter === name || parameter.startsWith(`${name}.`) || parameter.startsWith(`${name}[`);

export const typed = defineMatcher({
  key: 'typed',
  optional: false,
  read: (value) =>
    value === true
      ? { ok: true, expected: true as const }
      : { ok: false, problem: "must be true (any value the tool's schema accepts)" },
  match({ name, actual, errors }) {
    if (actual === undefined) return failed(`${name} is missing, expected any value its schema accepts`);
    if (errors === null) return failed(`${name} cannot be judged: the tool is not in the toolset`);
    const own = errors.find((error) => isUnder(error.parameter, name));
    return own === undefined ? passed(`${name} is accepted by its schema`) : failed(`${name}: ${own.message}`);
  },
});
