/**
 * Whether a schema is "plain": built only of keywords whose well-formed values Ajv (with the options of
 * validation/compile.ts) always compiles, without a word from strict mode. The import does not compile a plain
 * schema; the validator compiles it on first use. Anything else is compiled at import time as before, so its
 * refusal or notes are Ajv's own. Saying "not plain" is always safe; saying "plain" must be right, which
 * plain-schema.test.ts checks by compiling every plain schema of the corpora.
 *
 * Measured (npm run bench -- mcp-import): compiling was nine tenths of importing a 200-tool tools/list
 * (400 schemas, a few hundred ms to seconds on a busy machine); real servers' schemas (zod output) are plain.
 */
import { dialectOf } from '../validation/dialect';
import { isJsonObject } from '../json/is-json-object';

const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
/** Keywords whose value is any JSON (annotations and data). */
const ANY_VALUE: ReadonlySet<string> = new Set(['default', 'examples', 'const', '$comment']);
const TEXT: ReadonlySet<string> = new Set(['description', 'title', 'format']);
const FLAGS: ReadonlySet<string> = new Set(['deprecated', 'readOnly', 'writeOnly', 'uniqueItems']);
const COUNTS: ReadonlySet<string> = new Set([
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]);
const NUMBERS: ReadonlySet<string> = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);
const SUBSCHEMA: ReadonlySet<string> = new Set(['additionalProperties', 'items', 'not', 'propertyNames']);
const SUBSCHEMA_LISTS: ReadonlySet<string> = new Set(['anyOf', 'oneOf', 'allOf']);

const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** `$schema` only at the root, of a draft that has every keyword above (not draft-04: no `const`, boolean exclusives). */
export function isPlainSchema(schema: unknown): boolean {
  if (!isJsonObject(schema)) return false;
  const { dialect, note } = dialectOf(schema);
  if (note !== undefined || dialect === 'draft-04') return false;
  let budget = 2_000;
  const plain = (node: unknown, root: boolean): boolean => {
    budget -= 1;
    if (budget < 0) return false;
    if (typeof node === 'boolean') return true;
    if (!isJsonObject(node)) return false;
    for (const [key, value] of Object.entries(node)) {
      if (ANY_VALUE.has(key) || key.startsWith('x-')) continue;
      if (key === '$schema') {
        if (!root || typeof value !== 'string') return false;
      } else if (TEXT.has(key)) {
        if (typeof value !== 'string') return false;
      } else if (FLAGS.has(key)) {
        if (typeof value !== 'boolean') return false;
      } else if (COUNTS.has(key)) {
        if (!isCount(value)) return false;
      } else if (NUMBERS.has(key)) {
        if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      } else if (key === 'multipleOf') {
        if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) return false;
      } else if (key === 'type') {
        if (
          !(typeof value === 'string'
            ? JSON_TYPES.has(value)
            : Array.isArray(value) &&
              value.length > 0 &&
              new Set(value).size === value.length &&
              value.every((type) => typeof type === 'string' && JSON_TYPES.has(type)))
        )
          return false;
      } else if (key === 'enum') {
        if (!Array.isArray(value) || value.length === 0) return false;
      } else if (key === 'required') {
        if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) return false;
      } else if (key === 'properties') {
        // `__proto__` is rewritten before compiling (schema-prepare.ts); leave that to the compiler.
        if (!isJsonObject(value) || Object.prototype.hasOwnProperty.call(value, '__proto__')) return false;
        for (const child of Object.values(value)) if (!plain(child, false)) return false;
      } else if (SUBSCHEMA.has(key)) {
        if (!plain(value, false)) return false;
      } else if (SUBSCHEMA_LISTS.has(key)) {
        if (!Array.isArray(value) || value.length === 0) return false;
        for (const child of value) if (!plain(child, false)) return false;
      } else {
        // $ref, $id, patterns, conditionals, unknown keywords…: the compiler decides (and may have a note).
        return false;
      }
    }
    return true;
  };
  return plain(schema, true);
}
