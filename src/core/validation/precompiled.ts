/**
 * Validators generated at build time (standalone.ts), by schema `$id`, with a hash of the schema they were
 * generated from: a schema is only served by one when it is exactly that schema. They let the page validate
 * the bundled tools under a Content-Security-Policy without 'unsafe-eval'.
 */
import type { ValidateFunction } from 'ajv';
import type { PathFormats } from './path-formats';
import type { JsonSchema } from '../toolset/types';

export interface PrecompiledValidator {
  hash: string;
  validate: ValidateFunction;
  /**
   * The generated module's factory (`validatorFor`), when at hand: given the schema and a validator's own path formats,
   * it makes the validator's own copy, so the path formats report to that validator alone (validator.ts).
   */
  validatorFor?: (schema: JsonSchema, pathFormats?: PathFormats['definitions']) => ValidateFunction;
}

/**
 * A generated validator behind a dynamic import (the page loads the one of the tool it shows). It loads as a
 * function of the schema it was generated from, which the caller holds (its hash already matched).
 */
export interface PrecompiledValidatorLoader {
  hash: string;
  load: () => Promise<(schema: JsonSchema, pathFormats?: PathFormats['definitions']) => ValidateFunction>;
}

/** Compiles a schema Ajv's way (compile.ts makes one). Throws when the schema does not compile. */
export interface SchemaCompiler {
  compile(schema: JsonSchema): ValidateFunction;
  /** Drop the schema registered under this `$id` (an edited schema compiles under the same id). */
  forget(id: string): void;
  reset(): void;
  /** The path formats its Ajv instances check with (path-formats.ts): the validator reads what they found. */
  readonly pathFormats?: PathFormats;
}

/** FNV-1a over the schema's JSON: a cheap identity for "the very schema this validator was generated from". */
export function schemaHash(source: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < source.length; index += 1) {
    hash ^= source.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(16)}:${source.length}`;
}
