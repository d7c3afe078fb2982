/**
 * What a schema needs before Ajv compiles it, beyond its draft: formats Ajv has no checker for become
 * annotations (as 2020-12 says of unknown formats), and a property named `__proto__`, which Ajv leaves out of
 * `properties` on purpose (its generated code must never touch an object's prototype), is checked through an
 * exact `patternProperties` key instead: same schema, same data path, and the data's own property is read.
 */
import type AjvCore from 'ajv/dist/core';
import type { JsonSchema } from '../toolset/types';
import { isPlainObject } from './ajv-errors';
import { schemaObjects } from './schema-walk';

/** `format` values in the schema that Ajv has no checker for (each becomes an annotation). */
export function annotationFormats(ajv: AjvCore, schema: unknown): string[] {
  const unknown = new Set<string>();
  for (const { node } of schemaObjects(schema)) {
    const format = node.format;
    // `true` is how an annotation-only format is declared (by an earlier schema naming it).
    if (typeof format === 'string' && (ajv.formats[format] === undefined || ajv.formats[format] === true)) unknown.add(format);
  }
  return [...unknown];
}

const PROTO = '__proto__';
const PROTO_KEY = '^__proto__$';
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/** The schema itself when no `properties` names `__proto__`; otherwise a copy where each such entry is an exact patternProperties key. */
export function withOwnProtoProperties(schema: JsonSchema): JsonSchema {
  let found = false;
  for (const { node } of schemaObjects(schema)) {
    if (isPlainObject(node.properties) && hasOwn(node.properties, PROTO)) {
      found = true;
      break;
    }
  }
  return found ? (rewrite(schema, 0) as JsonSchema) : schema;
}

function rewrite(value: unknown, depth: number): unknown {
  if (depth > 200 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => rewrite(item, depth + 1));
  const entries = Object.entries(value).map(([key, child]): [string, unknown] => [key, rewrite(child, depth + 1)]);
  const copy = Object.fromEntries(entries) as Record<string, unknown>;
  const properties = copy.properties;
  if (!isPlainObject(properties) || !hasOwn(properties, PROTO)) return copy;
  const protoSchema = properties[PROTO];
  copy.properties = Object.fromEntries(Object.entries(properties).filter(([key]) => key !== PROTO));
  const patterns = isPlainObject(copy.patternProperties) ? copy.patternProperties : {};
  const existing = hasOwn(patterns, PROTO_KEY) ? patterns[PROTO_KEY] : undefined;
  copy.patternProperties = { ...patterns, [PROTO_KEY]: existing === undefined ? protoSchema : { allOf: [existing, protoSchema] } };
  return copy;
}
