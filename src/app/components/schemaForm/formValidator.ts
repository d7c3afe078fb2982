/**
 * The form's validator, given to rjsf. rjsf shows no errors of its own here (the core validator's are passed
 * in as extraErrors), so it needs a validator only to pick the branch of a conditional schema (`if`, `oneOf`,
 * `anyOf`, `dependencies`) that matches the data. @rjsf/validator-ajv8 compiles each of those subschemas with
 * Ajv, which evaluates generated code: the page's Content-Security-Policy forbids that (no 'unsafe-eval'), and
 * it brought a second Ajv and ajv-formats into the page. Branch choice only needs the discriminating keywords
 * (type, const, enum, required, properties, bounds, pattern, not/allOf/anyOf/oneOf), checked here by hand;
 * other keywords do not rule a branch out. The bundled schemas have no conditional branches at all.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { isJsonObject as isObject } from '../../../core/json/is-json-object';
import { unescapePointerSegment } from '../../../core/json/pointer';

type Schema = Record<string, unknown> | boolean;

function typeMatches(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((name) => {
    switch (name) {
      case 'null':
        return value === null;
      case 'boolean':
        return typeof value === 'boolean';
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'array':
        return Array.isArray(value);
      case 'object':
        return isObject(value);
      default:
        return true;
    }
  });
}

const sameJson = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/** A `$ref` inside the root schema (`#/$defs/x`, `#/definitions/x`); anything else is not resolved. */
function resolve(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    node = isObject(node) ? node[unescapePointerSegment(decodeURIComponent(part))] : undefined;
  }
  return isObject(node) || typeof node === 'boolean' ? node : undefined;
}

export function matches(schema: Schema, value: unknown, root: Schema, depth = 0): boolean {
  if (typeof schema === 'boolean') return schema;
  if (depth > 32) return true;
  const next = (sub: unknown, data: unknown) =>
    isObject(sub) || typeof sub === 'boolean' ? matches(sub, data, root, depth + 1) : true;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, root);
    if (target !== undefined && !matches(target, value, root, depth + 1)) return false;
  }
  if (schema.type !== undefined && !typeMatches(schema.type, value)) return false;
  if ('const' in schema && !sameJson(schema.const, value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) return false;
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
    if (typeof schema.pattern === 'string') {
      try {
        if (!new RegExp(schema.pattern, 'u').test(value)) return false;
      } catch {
        // An invalid pattern rules nothing out here; the core validator reports it.
      }
    }
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) return false;
  }
  if (isObject(value)) {
    if (
      Array.isArray(schema.required) &&
      !schema.required.every((name) => typeof name !== 'string' || Object.hasOwn(value, name))
    )
      return false;
    if (isObject(schema.properties)) {
      for (const [name, sub] of Object.entries(schema.properties))
        if (Object.hasOwn(value, name) && !next(sub, value[name])) return false;
    }
  }
  if (Array.isArray(value) && (isObject(schema.items) || typeof schema.items === 'boolean')) {
    if (!value.every((item) => next(schema.items, item))) return false;
  }
  if (Array.isArray(schema.allOf) && !schema.allOf.every((sub) => next(sub, value))) return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((sub) => next(sub, value))) return false;
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((sub) => next(sub, value)).length !== 1) return false;
  if ((isObject(schema.not) || typeof schema.not === 'boolean') && next(schema.not, value)) return false;
  if (isObject(schema.if) || typeof schema.if === 'boolean') {
    const branch = next(schema.if, value) ? schema.then : schema.else;
    if (branch !== undefined && !next(branch, value)) return false;
  }
  return true;
}

export const formValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema) =>
    matches(schema as Schema, formData ?? {}, rootSchema as Schema),
  rawValidation: () => ({ errors: [] }),
};
