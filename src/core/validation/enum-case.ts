/**
 * The validation error model matches enum values ignoring case; JSON Schema compares them exactly. Strict mode keeps the
 * schema's exactness (and its error suggests the canonical spelling); lenient mode accepts a value that
 * differs from exactly one allowed string only in letter case, and says which value it stands for.
 */
import type { ErrorObject } from 'ajv';

export interface CaseInsensitiveMatch {
  error: ErrorObject;
  given: string;
  canonical: string;
}

/** The allowed value a string matches ignoring case, when exactly one does; undefined otherwise. */
function canonicalEnumValue(value: string, allowed: readonly unknown[]): string | undefined {
  const lowered = value.toLowerCase();
  const matches = allowed.filter((item): item is string => typeof item === 'string' && item.toLowerCase() === lowered);
  return matches.length === 1 ? matches[0] : undefined;
}

/** Enum errors outside any combinator whose value is a case-variant of one allowed value. */
export function caseInsensitiveEnumMatches(errors: readonly ErrorObject[]): CaseInsensitiveMatch[] {
  const found: CaseInsensitiveMatch[] = [];
  for (const error of errors) {
    if (error.keyword !== 'enum' || typeof error.data !== 'string') continue;
    if (/\/(anyOf|oneOf|allOf|not|if|then|else)\//.test(error.schemaPath)) continue;
    const allowed = (error.params as { allowedValues?: unknown }).allowedValues;
    const canonical = Array.isArray(allowed) ? canonicalEnumValue(error.data, allowed) : undefined;
    if (canonical !== undefined) found.push({ error, given: error.data, canonical });
  }
  return found;
}

/**
 * The arguments with each top-level enum value that lenient mode accepted by letter case replaced by
 * its canonical spelling, so a handler receives `utf-8`, never `UTF-8`. Other values are untouched.
 */
export function withCanonicalEnumValues(schema: unknown, args: Record<string, unknown>): Record<string, unknown> {
  const properties =
    schema !== null && typeof schema === 'object' ? (schema as { properties?: unknown }).properties : undefined;
  if (properties === null || typeof properties !== 'object') return args;
  let result = args;
  for (const [name, propertySchema] of Object.entries(properties as Record<string, unknown>)) {
    const value = Object.prototype.hasOwnProperty.call(args, name) ? args[name] : undefined;
    const allowed =
      propertySchema !== null && typeof propertySchema === 'object'
        ? (propertySchema as { enum?: unknown }).enum
        : undefined;
    if (typeof value !== 'string' || !Array.isArray(allowed) || allowed.includes(value)) continue;
    const canonical = canonicalEnumValue(value, allowed);
    if (canonical !== undefined) result = { ...result, [name]: canonical };
  }
  return result;
}
