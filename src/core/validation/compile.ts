/**
 * The compile path of validation: Ajv's compiler with our options, formats and guarded `pattern` keyword, given
 * to a validator as `createValidator({ compile: createAjvCompiler() })` (or `createCompilingValidator()`), so
 * schemas without a validator generated at build time can be compiled. The CLI, the workers, the tests and the
 * build use it; the page does not (its policy forbids eval, and the compiler is ~100 KB gzip it never needs).
 *
 * Each schema is compiled by the Ajv class of the draft it declares (dialect.ts). Ajv's strict mode only
 * logs here: a valid schema is never refused, and what strict mode dislikes becomes a note (compile-notes.ts).
 */
import Ajv2020 from 'ajv/dist/2020';
import Ajv2019 from 'ajv/dist/2019';
import AjvDraft07 from 'ajv';
import AjvDraft04Import from 'ajv-draft-04';
import type AjvCore from 'ajv/dist/core';
import type { AnySchemaObject, KeywordCxt, Options } from 'ajv';
import { _ } from 'ajv/dist/compile/codegen';
import addFormats from 'ajv-formats';
import * as ajvUcs2length from 'ajv/dist/runtime/ucs2length';
import type { JsonSchema } from '../toolset/types';
import { explainCompileError } from './compile-notes';
import { truncate } from './describe';
import { dialectOf, type Dialect } from './dialect';
import { guardedRegExpWith } from './guarded-regexp';
import { staticDynamicRefs } from './dynamic-refs';
import { readyRegexEngine, type RegexEngine } from './linear-engine';
import { ENGINE_PARTS } from './twin-degree';
import { addPathFormats, createPathFormats, type PathFormats } from './path-formats';
import { useLengthFastPath } from './length-keywords';
import { compilePattern } from './regex';
import { annotationFormats, ajvReadySchema } from './schema-prepare';
import type { SchemaCompiler } from './precompiled';
import { createValidator, type Validator, type ValidatorOptions } from './validator';

// ajv-draft-04 is CommonJS with only `exports.default`: Node's ESM loader hands over the exports object.
const AjvDraft04 = ((AjvDraft04Import as unknown as { default?: typeof AjvDraft04Import }).default ??
  AjvDraft04Import) as typeof AjvDraft04Import;

// With `unicode: true` generated code calls Ajv's ucs2length through `require(…).default`, which the page's
// bundler and Node resolve differently for that CommonJS module: standalone code calls our ES module instead.
// (Validators compiled at run time call the function itself; only the source text changes.)
const ucs2length = (ajvUcs2length as { default: unknown }).default as { default?: { code: string } } & {
  code?: string;
};
(ucs2length.default ?? (ucs2length as { code: string })).code =
  'require("../../core/validation/standalone-ucs2length.ts").ucs2length';

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** Wherever schemas are compiled RE2 is at hand (imported here): patterns and warning rules never wait for it. */
export const RE2_ENGINE: RegexEngine = readyRegexEngine(ENGINE_PARTS);

/** Ajv's strict-mode complaints while one schema compiles; read by compile-notes.ts. */
let strictLog: string[] | null = null;
const logger = {
  log() {},
  warn(...parts: unknown[]) {
    strictLog?.push(parts.map(String).join(' '));
  },
  error(...parts: unknown[]) {
    strictLog?.push(parts.map(String).join(' '));
  },
};

function options(code: Record<string, unknown>, engine: RegexEngine): Options {
  return {
    allErrors: true,
    // Errors carry their schema and data, which the messages quote (bounded).
    verbose: true,
    // A valid schema is never refused: what strict mode dislikes (unknown keywords, `if` without `then`,
    // properties also matched by patternProperties) is logged, and the import report shows it as a note.
    strict: 'log',
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    // `constructor` or `toString` must not count as present because Object.prototype has them.
    ownProperties: true,
    // minLength/maxLength count characters (code points), as JSON Schema says: "😀😀" has length 2.
    unicode: true,
    // Messages are written here from the error parameters; Ajv's own are never shown.
    messages: false,
    logger,
    // Checking each schema against the 2020-12 meta-schema would first compile that meta-schema
    // (some 50-100 ms, once). Tool files are meta-validated when the toolset is loaded and bundled;
    // here Ajv's keyword checks still reject malformed keyword values.
    validateSchema: false,
    // Tool schemas are small and flat: Ajv's code optimisation pass costs more at compile time than it
    // saves per call (measured by `npm run bench`), and schemas are cached here, not in Ajv's registry.
    // Every regex Ajv compiles itself (patternProperties keys) goes through the pattern guard.
    code: { optimize: false, regExp: guardedRegExpWith(engine), ...code },
    // Ajv registers each compiled schema under its $id (or "") while it compiles, which `$ref: "#"` and a
    // reference to the root's own $id need; compileWithLog removes the registration afterwards.
  };
}

function configure<T extends AjvCore>(ajv: T, engine: RegexEngine, paths: PathFormats): T {
  addFormats(ajv as unknown as Ajv2020);
  addPathFormats(ajv as unknown as Ajv2020, paths.definitions);
  // Before the pattern guard, so a property's errors keep Ajv's keyword order (lengths, then pattern).
  useLengthFastPath(ajv);
  usePatternGuard(ajv, engine);
  // Ajv resolves `$anchor` but does not list it as a keyword: strict mode would call it unknown.
  if (ajv.getKeyword('$anchor') === false) ajv.addKeyword({ keyword: '$anchor', schemaType: 'string' });
  return ajv;
}

/** The Ajv options every validator is built with; `code` adds to them (standalone generation). 2020-12. Path formats of its own unless given. */
export function createAjv(
  code: Record<string, unknown> = {},
  engine: RegexEngine = RE2_ENGINE,
  paths: PathFormats = createPathFormats(),
): Ajv2020 {
  return configure(new Ajv2020(options(code, engine)), engine, paths);
}

/** An Ajv of the given draft with the same options, formats and guards. */
export function createDialectAjv(
  dialect: Dialect,
  code: Record<string, unknown> = {},
  engine: RegexEngine = RE2_ENGINE,
  paths: PathFormats = createPathFormats(),
): AjvCore {
  switch (dialect) {
    case '2020-12':
      return createAjv(code, engine, paths);
    case '2019-09':
      return configure(new Ajv2019(options(code, engine)), engine, paths);
    case 'draft-07':
    case 'draft-06':
      return configure(new AjvDraft07(options(code, engine)), engine, paths);
    default:
      return configure(new AjvDraft04(options(code, engine)), engine, paths);
  }
}

/**
 * `pattern` with the guards of pattern-safety.ts, replacing Ajv's own keyword: a pattern that can
 * backtrack exponentially fails compilation; a string already longer than its sibling `maxLength`
 * is not tested (the length error is the one cause, and a long value must never reach a slow
 * pattern); a value longer than the pattern's safe input length is refused without running it.
 */
function usePatternGuard(ajv: AjvCore, engine: RegexEngine): void {
  ajv.removeKeyword('pattern');
  // A code keyword (not a compile-time closure), so the validators Ajv generates can be written out as
  // standalone modules at build time and run under a policy that forbids eval (see standalone.ts).
  ajv.addKeyword({
    keyword: 'pattern',
    type: 'string',
    schemaType: 'string',
    error: {
      message: 'must match pattern',
      params: ({ schema, params }) =>
        params.limit === undefined
          ? _`{pattern: ${schema}}`
          : _`{pattern: ${schema}, limit: ${params.limit}, degree: ${params.degree}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schema, parentSchema } = cxt;
      const pattern = schema as string;
      const compiled = compilePattern(pattern, engine.current());
      if (!compiled.ok)
        throw new Error(`pattern ${truncate(JSON.stringify(pattern), 60)} is refused: ${compiled.reason}`);
      const { maxInput, degree } = compiled;
      const expression = gen.scopeValue('pattern', {
        key: pattern,
        ref: compiled.expression,
        code: _`new RegExp(${pattern}, "u")`,
      });
      const maxLength =
        typeof (parentSchema as AnySchemaObject).maxLength === 'number'
          ? ((parentSchema as AnySchemaObject).maxLength as number)
          : null;
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
      // Lengths count characters: a UTF-16 length up to twice maxLength may still be within it (then it is tested).
      if (maxLength !== null)
        gen.if(
          _`${data}.length <= ${maxLength} || (${data}.length <= ${2 * maxLength} && [...${data}].length <= ${maxLength})`,
          test,
        );
      else test();
    },
  });
}

/** Tool files may carry `x-…` annotations; they are declared so strict mode has nothing to say about them. */
function declareExtensionKeywords(ajv: AjvCore, schema: unknown, depth = 0): void {
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
        // A name Ajv cannot take as a keyword; it stays an unknown keyword.
      }
    }
    declareExtensionKeywords(ajv, (schema as Record<string, unknown>)[key], depth + 1);
  }
}

/**
 * The schema as Ajv is given it: without an older `$schema` (the Ajv class already is that draft's), with unknown
 * formats declared as annotations, and with `properties.__proto__` made checkable (schema-prepare.ts).
 */
export function compilableSchema(ajv: AjvCore, schema: JsonSchema): JsonSchema {
  // The generated standalone modules find the bundled (2020-12) schema inlined as given: it is kept identical.
  const dialect = dialectOf(schema).dialect;
  const declared =
    typeof schema.$schema === 'string' && schema.$schema !== DRAFT_2020_12 ? withoutKey(schema, '$schema') : schema;
  const compilable = ajvReadySchema(
    dialect === '2020-12' ? staticDynamicRefs(declared) : declared,
    dialect === '2020-12' || dialect === '2019-09',
  );
  declareExtensionKeywords(ajv, compilable);
  for (const format of annotationFormats(ajv, compilable)) ajv.addFormat(format, true);
  return compilable;
}

function withoutKey(schema: JsonSchema, key: string): JsonSchema {
  // fromEntries defines own properties: a key named "__proto__" stays a key.
  return Object.fromEntries(Object.entries(schema).filter(([name]) => name !== key)) as JsonSchema;
}

function forgetSchemaId(ajv: AjvCore, id: string): void {
  try {
    ajv.removeSchema(id);
  } catch {
    // An id Ajv cannot even normalise was never registered.
  }
}

/** What strict mode said while each schema compiled, by the schema object given (compile-notes.ts reads it). */
const strictLogs = new WeakMap<object, string[]>();

export function strictLogOf(schema: JsonSchema): readonly string[] | undefined {
  return strictLogs.get(schema);
}

/** One Ajv per draft, made when a schema of that draft first compiles. */
interface AjvInstances {
  byDialect: Map<Dialect, AjvCore>;
  engine: RegexEngine;
  paths: PathFormats;
}

function getAjv(instances: AjvInstances, dialect: Dialect): AjvCore {
  let ajv = instances.byDialect.get(dialect);
  if (ajv === undefined) {
    ajv = createDialectAjv(dialect, {}, instances.engine, instances.paths);
    instances.byDialect.set(dialect, ajv);
  }
  return ajv;
}

/** Compiles a schema with its draft's Ajv and returns what strict mode logged. Throws as Ajv does, explained. */
function compileIn(instances: AjvInstances, schema: JsonSchema) {
  const ajv = getAjv(instances, dialectOf(schema).dialect);
  const log: string[] = [];
  strictLog = log;
  // Ajv remembers the root and every embedded `$id` it meets (ajv.refs) across compiles: another schema reusing an
  // id would then resolve its references into this one, or be refused as a duplicate. Each schema resolves its
  // references while it compiles, alone, and leaves nothing registered.
  const known = new Set(Object.keys(ajv.refs));
  try {
    const validate = ajv.compile(compilableSchema(ajv, schema));
    if (typeof schema === 'object' && schema !== null) strictLogs.set(schema, log);
    return { validate, log };
  } catch (error) {
    // Leave no half-registered $id behind, so a corrected schema with the same $id can compile.
    if (typeof schema.$id === 'string') forgetSchemaId(ajv, schema.$id);
    throw explainCompileError(error, schema);
  } finally {
    strictLog = null;
    for (const id of Object.keys(ajv.refs)) if (!known.has(id)) delete ajv.refs[id];
  }
}

/** Ajv instances for compileWithLog alone (a cache: each compile leaves nothing registered in them). */
const noteInstances: AjvInstances = { byDialect: new Map(), engine: RE2_ENGINE, paths: createPathFormats() };

/** A schema compiled for what strict mode says about it (the import report's notes, the suite tests). */
export function compileWithLog(schema: JsonSchema) {
  return compileIn(noteInstances, schema);
}

/**
 * Ajv's compiler, for `createValidator({ compile: createAjvCompiler(), regexEngine })` where compiling is allowed
 * (the CLI, workers, tests, the build); the page has none and runs validators generated at build time. Schema
 * patterns run on `regexEngine` (RE2 unless told otherwise), so it is the validator's own.
 */
export function createAjvCompiler(regexEngine: RegexEngine = RE2_ENGINE): SchemaCompiler {
  const instances: AjvInstances = { byDialect: new Map(), engine: regexEngine, paths: createPathFormats() };
  return {
    pathFormats: instances.paths,
    compile(schema) {
      return compileIn(instances, schema).validate;
    },
    forget(id) {
      for (const ajv of instances.byDialect.values()) forgetSchemaId(ajv, id);
    },
    reset() {
      instances.byDialect.clear();
    },
  };
}

/** A validator that compiles schemas on demand: the CLI's, the workers', the build's and the tests'. RE2 unless given another engine. */
export function createCompilingValidator(options: Omit<ValidatorOptions, 'compile'> = {}): Validator {
  const regexEngine = options.regexEngine ?? RE2_ENGINE;
  return createValidator({ ...options, regexEngine, compile: createAjvCompiler(regexEngine) });
}
