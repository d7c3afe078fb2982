import type { JsonObject, JsonValue } from './json-value';

/**
 * True for an object that is neither null nor an array: a JSON object. A JSON value narrows to
 * JsonObject; anything else (a message, a parsed file) to a record of unknowns, to be checked further.
 */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject;
export function isJsonObject(value: unknown): value is Record<string, unknown>;
export function isJsonObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
