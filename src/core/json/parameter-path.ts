/**
 * The path of a parameter as messages name it: `path`, `options.depth`, `files[]` (an array's items),
 * `env.*` (a map's values); '' is the arguments object itself.
 */

/** A property of `parent`. */
export const propertyPath = (parent: string, name: string): string => (parent ? `${parent}.${name}` : name);

/** The items of the array `parent`. */
export const itemsPath = (parent: string): string => `${parent}[]`;

/** The values of the map `parent` (its additionalProperties); `*` alone for the arguments object's. */
export const additionalPath = (parent: string): string => (parent ? `${parent}.*` : '*');
