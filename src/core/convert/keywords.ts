/** Where subschemas sit, by keyword, in every draft from 04 to 2020-12 (data keywords are never walked). */

/** The value is one schema. */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contentSchema',
]);
/** The value is a list of schemas (`items` only when it is a list). */
export const LIST_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** The value maps names to schemas (`dependencies` only where its entry is a schema). */
export const MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'dependencies',
]);

/** Kept beside a `$ref` in a draft-07-or-older schema, where every other keyword there is ignored. */
export const KEPT_BESIDE_REF: ReadonlySet<string> = new Set([
  '$ref',
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'definitions',
  '$defs',
  'readOnly',
  'writeOnly',
  'deprecated',
]);
