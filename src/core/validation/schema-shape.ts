/** What the validator reads from a schema once, when it compiles it: deprecated and path parameters, and how deep values can nest. */
import { appendPath, ownValue } from './describe';
import { isPathFormat } from './path-formats';
import type { DeprecatedProperty, PathProperty } from './rules';
import { isJsonObject } from '../json/is-json-object';

export function collectDeprecated(
  schema: unknown,
  path: string[],
  parameter: string,
  found: DeprecatedProperty[],
  depth = 0,
): void {
  if (depth > 16 || schema === null || typeof schema !== 'object') return;
  const properties = ownValue(schema, 'properties');
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return;
  for (const name of Object.keys(properties)) {
    const propertySchema = (properties as Record<string, unknown>)[name];
    const propertyPath = [...path, name];
    const propertyParameter = appendPath(parameter, name);
    if (ownValue(propertySchema, 'deprecated') === true) {
      const replacement = ownValue(propertySchema, 'x-replacement');
      found.push({
        path: propertyPath,
        parameter: propertyParameter,
        replacement: typeof replacement === 'string' ? replacement : undefined,
      });
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
    else if (isPathFormat(ownValue(ownValue(propertySchema, 'items'), 'format')))
      found.push({ path: [name], parameter: name, items: true });
  }
  return found;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/**
 * How many levels of objects and arrays a value this schema accepts can nest (the arguments object is level 1),
 * or Infinity when the schema does not bound it. Read from `type`, `properties`, `patternProperties`,
 * `additionalProperties`, `prefixItems` and `items` alone: every other keyword can only refuse more, so the bound
 * holds whatever else the schema says. A schema whose bound is within the nesting limit needs no walk of the
 * arguments after Ajv said "valid" (measured: the walk was some 10-40 ns of execute_command's valid call).
 */
export function nestingBound(schema: unknown, depth = 0): number {
  if (schema === false) return 0;
  // A draft-07 `$ref` may hide its siblings: not read through.
  if (
    !isJsonObject(schema) ||
    depth > 16 ||
    schema.$ref !== undefined ||
    schema.$dynamicRef !== undefined ||
    schema.$recursiveRef !== undefined
  )
    return Infinity;
  const type = ownValue(schema, 'type');
  const types = Array.isArray(type) ? type : [type];
  if (types.length === 0 || !types.every((entry) => typeof entry === 'string')) return Infinity;
  let bound = 0;
  for (const entry of types as string[]) {
    if (SCALAR_TYPES.has(entry)) continue;
    if (entry === 'object') bound = Math.max(bound, 1 + objectBound(schema, depth));
    else if (entry === 'array') bound = Math.max(bound, 1 + arrayBound(schema, depth));
    else return Infinity;
  }
  return bound;
}

function objectBound(schema: Record<string, unknown>, depth: number): number {
  const additional = ownValue(schema, 'additionalProperties');
  if (additional === undefined) return Infinity;
  let bound = nestingBound(additional, depth + 1);
  for (const keyword of ['properties', 'patternProperties']) {
    const children = ownValue(schema, keyword);
    if (children === undefined) continue;
    if (!isJsonObject(children)) return Infinity;
    for (const name of Object.keys(children)) bound = Math.max(bound, nestingBound(children[name], depth + 1));
  }
  return bound;
}

function arrayBound(schema: Record<string, unknown>, depth: number): number {
  const items = ownValue(schema, 'items');
  // Missing, or a draft-07 tuple (whose additionalItems this does not read): unbounded.
  if (items === undefined || Array.isArray(items)) return Infinity;
  let bound = nestingBound(items, depth + 1);
  const prefix = ownValue(schema, 'prefixItems');
  if (prefix !== undefined) {
    if (!Array.isArray(prefix)) return Infinity;
    for (const item of prefix) bound = Math.max(bound, nestingBound(item, depth + 1));
  }
  return bound;
}
