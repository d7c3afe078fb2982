/**
 * What a schema needs before Ajv compiles it, beyond its draft: formats Ajv has no checker for become
 * annotations (as 2020-12 says of unknown formats), and a property named `__proto__`, which Ajv leaves out of
 * `properties` on purpose (its generated code must never touch an object's prototype), is checked through an
 * exact `patternProperties` key instead: same schema, same data path, and the data's own property is read.
 * An empty `enum` (valid since 2019-09, which Ajv refuses) becomes the false schema it means.
 *
 * An embedded resource (a subschema with its own `$id`) holding a `$ref` beside its other keywords, as in
 * `{"$id": "https://example.com/x.json", "$defs": {…}, "$ref": "#/$defs/n"}`, sends Ajv's resolver round in circles
 * (a stack overflow while compiling, raw Ajv too): there the `$ref` moves into an `allOf` of its own. Since 2019-09
 * `$ref` is an applicator like any other, so `allOf: [{"$ref": …}]` means the same, resolved against the same `$id`.
 * Draft-07 and older ignore every sibling of `$ref` (the `$id` too), so their schemas are left as they are.
 */
import type AjvCore from 'ajv/dist/core';
import type { JsonSchema } from '../toolset/types';
import { DATA_KEYWORDS } from './dialect';
import type { JsonValue } from '../json/json-value';
import { eachSubschema } from '../json/walk-schema';
import { isJsonObject } from '../json/is-json-object';

/** `format` values in the schema that Ajv has no checker for (each becomes an annotation). */
export function annotationFormats(ajv: AjvCore, schema: unknown): string[] {
  const unknown = new Set<string>();
  for (const { node } of eachSubschema(schema as JsonValue, { everyKeyword: true })) {
    const format = node.format;
    // `true` is how an annotation-only format is declared (by an earlier schema naming it).
    if (typeof format === 'string' && (ajv.formats[format] === undefined || ajv.formats[format] === true))
      unknown.add(format);
  }
  return [...unknown];
}

const PROTO = '__proto__';
const PROTO_KEY = '^__proto__$';
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** An embedded resource whose `$ref` sits beside other keywords (what loops Ajv's resolver), below the root. */
const isEmbeddedRef = (node: Record<string, unknown>): boolean =>
  typeof node.$id === 'string' && (typeof node.$ref === 'string' || typeof node.$dynamicRef === 'string');

const needsRewrite = (node: Record<string, unknown>, embeddedRefs: boolean): boolean =>
  (isJsonObject(node.properties) && hasOwn(node.properties, PROTO)) ||
  (Array.isArray(node.enum) && node.enum.length === 0) ||
  (embeddedRefs && isEmbeddedRef(node));

/**
 * The schema itself when nothing needs rewriting; otherwise a copy where each `properties.__proto__` is an exact
 * patternProperties key, each empty `enum` (valid since 2019-09, refused by Ajv) is the false schema it means, and
 * (with `embeddedRefs`, for 2019-09 and later) each embedded resource's `$ref` sits in an `allOf` of its own.
 */
export function ajvReadySchema(schema: JsonSchema, embeddedRefs = true): JsonSchema {
  for (const { node, pointer } of eachSubschema(schema as JsonValue, { everyKeyword: true })) {
    if (needsRewrite(node, embeddedRefs && pointer !== ''))
      return rewrite(schema, 0, false, embeddedRefs) as JsonSchema;
  }
  return schema;
}

/** A copy of a schema position (`map`: the value maps names to schemas); data keywords are copied untouched. */
function rewrite(value: unknown, depth: number, map: boolean, embeddedRefs: boolean): unknown {
  if (depth > 200 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => rewrite(item, depth + 1, false, embeddedRefs));
  const entries = Object.entries(value).map(([key, child]): [string, unknown] => [
    key,
    !map && DATA_KEYWORDS.has(key) ? child : rewrite(child, depth + 1, !map && SCHEMA_MAPS.has(key), embeddedRefs),
  ]);
  // fromEntries defines own properties: a key named "__proto__" stays a key.
  const copy = Object.fromEntries(entries) as Record<string, unknown>;
  if (map) return copy;
  if (embeddedRefs && depth > 0 && isEmbeddedRef(copy)) {
    const moved: Record<string, unknown>[] = [];
    for (const keyword of ['$ref', '$dynamicRef']) {
      if (typeof copy[keyword] !== 'string') continue;
      moved.push({ [keyword]: copy[keyword] });
      delete copy[keyword];
    }
    copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), ...moved];
  }
  if (Array.isArray(copy.enum) && copy.enum.length === 0) {
    delete copy.enum;
    copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), false];
  }
  const properties = copy.properties;
  if (!isJsonObject(properties) || !hasOwn(properties, PROTO)) return copy;
  const protoSchema = properties[PROTO];
  copy.properties = Object.fromEntries(Object.entries(properties).filter(([key]) => key !== PROTO));
  const patterns = isJsonObject(copy.patternProperties) ? copy.patternProperties : {};
  const existing = hasOwn(patterns, PROTO_KEY) ? patterns[PROTO_KEY] : undefined;
  copy.patternProperties = {
    ...patterns,
    [PROTO_KEY]: existing === undefined ? protoSchema : { allOf: [existing, protoSchema] },
  };
  return copy;
}
