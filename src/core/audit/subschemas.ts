/**
 * Every subschema of a schema with its JSON pointer, depth first, through every keyword that holds
 * schemas (not only properties and items, as walkSchema): for rules that must see a pattern or a
 * default wherever it sits. A subschema with its own `$id` (another resource) is skipped.
 */

import { escapePointerSegment } from '../json/pointer';
import type { JsonObject, JsonValue } from '../toolset/types';
import { isJsonObject } from './schemaWalk';

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const ONE = [
  'items',
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
];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

export function eachSubschema(root: JsonObject, visit: (schema: JsonObject, pointer: string) => void): void {
  const walk = (schema: JsonObject, pointer: string, depth: number) => {
    if (depth > 64) return;
    if (pointer !== '' && typeof schema.$id === 'string') return;
    visit(schema, pointer);
    const child = (value: JsonValue | undefined, at: string) => {
      if (isJsonObject(value)) walk(value, at, depth + 1);
    };
    for (const keyword of ONE) child(schema[keyword], `${pointer}/${keyword}`);
    for (const keyword of LIST) {
      const list = schema[keyword];
      if (Array.isArray(list)) list.forEach((entry, index) => child(entry, `${pointer}/${keyword}/${index}`));
    }
    for (const keyword of MAP) {
      const map = schema[keyword];
      if (isJsonObject(map))
        for (const [key, entry] of Object.entries(map))
          child(entry, `${pointer}/${keyword}/${escapePointerSegment(key)}`);
    }
  };
  walk(root, '', 0);
}
