/**
 * The compile path of validation: Ajv's compiler with our options, formats and guarded `pattern` keyword.
 * Importing this module registers it with the validation runtime (validator.ts), so schemas without a
 * validator generated at build time can be compiled. The CLI, the workers, the tests and the build import
 * it; the page does not (its policy forbids eval, and the compiler is ~100 KB gzip it never needs).
 */
import Ajv2020 from 'ajv/dist/2020';
import type { AnySchemaObject, KeywordCxt } from 'ajv';
import { _ } from 'ajv/dist/compile/codegen';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../toolset/types';
import { truncate } from './describe';
import { addPathFormats } from './path-formats';
// Wherever schemas are compiled, RE2 is there too (it registers itself): patterns and warning rules never wait for it.
import './linear-regex';
import { compilePattern } from './pattern-safety';
import { registerSchemaCompiler, type SchemaCompiler } from './validator';

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** The Ajv options every validator is built with; `code` adds to them (standalone generation). */
export function createAjv(code: Record<string, unknown> = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    // Errors carry their schema and data, which the messages quote (bounded).
    verbose: true,
    // Unknown keywords (typos such as "maximun") fail compilation; annotations are known keywords.
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    // `constructor` or `toString` must not count as present because Object.prototype has them.
    ownProperties: true,
    // Lengths count UTF-16 code units, like String.length and the tools' runtime; counting code points
    // would walk every character and make a 1 MB content check cost milliseconds.
    unicode: false,
    // Messages are written here from the error parameters; Ajv's own are never shown.
    messages: false,
    logger: false,
    // Checking each schema against the 2020-12 meta-schema would first compile that meta-schema
    // (some 50-100 ms, once). Tool files are meta-validated when the toolset is loaded and bundled;
    // here strict mode and Ajv's keyword checks still reject unknown keywords and malformed values.
    validateSchema: false,
    // Tool schemas are small and flat: Ajv's code optimisation pass costs more at compile time than it
    // saves per call (measured by `npm run bench`), and schemas are cached here, not in Ajv's registry.
    code: { optimize: false, ...code },
    addUsedSchema: false,
  });
  addFormats(ajv);
  addPathFormats(ajv);
  usePatternGuard(ajv);
  return ajv;
}

/**
 * `pattern` with the guards of pattern-safety.ts, replacing Ajv's own keyword: a pattern that can
 * backtrack exponentially fails compilation; a string already longer than its sibling `maxLength`
 * is not tested (the length error is the one cause, and a long value must never reach a slow
 * pattern); a value longer than the pattern's safe input length is refused without running it.
 */
function usePatternGuard(ajv: Ajv2020): void {
  ajv.removeKeyword('pattern');
  // A code keyword (not a compile-time closure), so the validators Ajv generates can be written out as
  // standalone modules at build time and run under a policy that forbids eval (see standalone.ts).
  ajv.addKeyword({
    keyword: 'pattern',
    type: 'string',
    schemaType: 'string',
    error: {
      message: 'must match pattern',
      params: ({ schema, params }) => (params.limit === undefined ? _`{pattern: ${schema}}` : _`{pattern: ${schema}, limit: ${params.limit}, degree: ${params.degree}}`),
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schema, parentSchema } = cxt;
      const pattern = schema as string;
      const compiled = compilePattern(pattern);
      if (!compiled.ok) throw new Error(`pattern ${truncate(JSON.stringify(pattern), 60)} is refused: ${compiled.reason}`);
      const { maxInput, degree } = compiled;
      const expression = gen.scopeValue('pattern', { key: pattern, ref: compiled.expression, code: _`new RegExp(${pattern}, "u")` });
      const maxLength = typeof (parentSchema as AnySchemaObject).maxLength === 'number' ? ((parentSchema as AnySchemaObject).maxLength as number) : null;
      const test = () => {
        if (Number.isFinite(maxInput)) {
          gen.if(
            _`${data}.length > ${maxInput}`,
            () => {
              cxt.setParams({ limit: _`${maxInput}`, degree: _`${degree}` });
              cxt.error();
            },
            () => gen.if(_`!${expression}.test(${data})`, () => cxt.error()),
          );
        } else gen.if(_`!${expression}.test(${data})`, () => cxt.error());
      };
      // A string already longer than its sibling maxLength is not tested: the length error is the one cause.
      if (maxLength !== null) gen.if(_`${data}.length <= ${maxLength}`, test);
      else test();
    },
  });
}

/** Tool files may carry `x-…` annotations; Ajv's strict mode accepts them once they are declared. */
function declareExtensionKeywords(ajv: Ajv2020, schema: unknown, depth = 0): void {
  if (depth > 32 || schema === null || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const item of schema) declareExtensionKeywords(ajv, item, depth + 1);
    return;
  }
  for (const key of Object.keys(schema)) {
    if (key.startsWith('x-') && ajv.getKeyword(key) === false) {
      try {
        ajv.addKeyword({ keyword: key, schemaType: undefined });
      } catch {
        // A name Ajv cannot take as a keyword; compilation will report it.
      }
    }
    declareExtensionKeywords(ajv, (schema as Record<string, unknown>)[key], depth + 1);
  }
}

/** The schema as Ajv is given it: an older $schema (draft-07 imports) is read as 2020-12, which Ajv2020 knows. */
export function compilableSchema(ajv: Ajv2020, schema: JsonSchema): JsonSchema {
  const compilable = typeof schema.$schema === 'string' && schema.$schema !== DRAFT_2020_12 ? withoutKey(schema, '$schema') : schema;
  declareExtensionKeywords(ajv, compilable);
  return compilable;
}

function withoutKey(schema: JsonSchema, key: string): JsonSchema {
  const copy: JsonSchema = {};
  for (const name of Object.keys(schema)) if (name !== key) copy[name] = schema[name];
  return copy;
}

let ajvInstance: Ajv2020 | null = null;

function getAjv(): Ajv2020 {
  ajvInstance ??= createAjv();
  return ajvInstance;
}

function forgetSchemaId(ajv: Ajv2020, id: string): void {
  try {
    ajv.removeSchema(id);
  } catch {
    // An id Ajv cannot even normalise was never registered.
  }
}

/** Ajv's compiler behind the validation runtime; registered below, on import. */
export const ajvCompiler: SchemaCompiler = {
  compile(schema) {
    const ajv = getAjv();
    try {
      return ajv.compile(compilableSchema(ajv, schema));
    } catch (error) {
      // Leave no half-registered $id behind, so a corrected schema with the same $id can compile.
      if (typeof schema.$id === 'string') forgetSchemaId(ajv, schema.$id);
      throw error;
    }
  },
  forget(id) {
    if (ajvInstance !== null) forgetSchemaId(ajvInstance, id);
  },
  reset() {
    ajvInstance = null;
  },
};

registerSchemaCompiler(ajvCompiler);
