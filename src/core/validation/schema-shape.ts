/** What the validator reads from a schema once, when it compiles it: deprecated and path parameters, and whether values can nest. */
import { appendPath, ownValue } from './describe';
import { isPathFormat } from './path-formats';
import type { DeprecatedProperty, PathProperty } from './rules';
import { isJsonObject } from '../json/is-json-object';

export function collectDeprecated(schema: unknown, path: string[], parameter: string, found: DeprecatedProperty[], depth = 0): void {
  if (depth > 16 || schema === null || typeof schema !== 'object') return;
  const properties = ownValue(schema, 'properties');
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return;
  for (const name of Object.keys(properties)) {
    const propertySchema = (properties as Record<string, unknown>)[name];
    const propertyPath = [...path, name];
    const propertyParameter = appendPath(parameter, name);
    if (ownValue(propertySchema, 'deprecated') === true) {
      const replacement = ownValue(propertySchema, 'x-replacement');
      found.push({ path: propertyPath, parameter: propertyParameter, replacement: typeof replacement === 'string' ? replacement : undefined });
    }
    collectDeprecated(propertySchema, propertyPath, propertyParameter, found, depth + 1);
  }
}

export function collectPathProperties(schema: unknown): PathProperty[] {
  const found: PathProperty[] = [];
  const properties = ownValue(schema, 'properties');
  if (!isJsonObject(properties)) return found;
  for (const name of Object.keys(properties)) {
    const propertySchema = properties[name];
    if (isPathFormat(ownValue(propertySchema, 'format'))) found.push({ path: [name], parameter: name, items: false });
    else if (isPathFormat(ownValue(ownValue(propertySchema, 'items'), 'format'))) found.push({ path: [name], parameter: name, items: true });
  }
  return found;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** Root keywords that never make Ajv accept or walk a nested value. */
const FLAT_ROOT_KEYWORDS = new Set(['$schema', '$id', '$comment', 'title', 'description', 'type', 'properties', 'required', 'additionalProperties', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'minProperties', 'maxProperties']);

/**
 * True when a value this schema accepts cannot nest: an object whose declared properties all have scalar
 * types, nothing else allowed (`additionalProperties: false`) and no keyword at the root that could accept
 * more. For such a schema Ajv's own verdict "valid" proves the nesting limit holds, so the validator need
 * not walk the arguments first (measured: that walk was about a sixth of our own time on a flat call).
 */
export function acceptsOnlyFlatObjects(schema: unknown): boolean {
  if (!isJsonObject(schema) || schema.type !== 'object' || schema.additionalProperties !== false) return false;
  for (const key of Object.keys(schema)) if (!FLAT_ROOT_KEYWORDS.has(key) && !key.startsWith('x-')) return false;
  const properties = schema.properties;
  if (properties === undefined) return true;
  if (!isJsonObject(properties)) return false;
  for (const name of Object.keys(properties)) {
    const type = ownValue(properties[name], 'type');
    const types = Array.isArray(type) ? type : [type];
    if (types.length === 0 || !types.every((entry) => typeof entry === 'string' && SCALAR_TYPES.has(entry))) return false;
  }
  return true;
}
