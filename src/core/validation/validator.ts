/**
 * The one validator every surface calls: the form, the editor's markers, the CLI and the runtime.
 * Ajv (Draft 2020-12) checks the schema; this module turns its errors into the closed set of
 * codes, one error per cause, then applies the cross-parameter rules and warnings a schema cannot state.
 */
import type { ValidateFunction } from 'ajv';
import { schemaHash, type PrecompiledValidator, type SchemaCompiler } from './precompiled';
import type { JsonSchema, ToolDefinition } from '../toolset/types';
import { capped, mapAjvErrors, pointerToParameter } from './ajv-errors';
import { createErrorMemos, type ErrorMemos } from './error-memos';
import { appendPath, jsonTypeForMismatch, ownValue, truncate } from './describe';
import { invalidValue, typeMismatch } from './errors';
import { parseArguments, type DuplicateKey, type JsonParseError } from './json-text';
import { caseInsensitiveEnumMatches } from './enum-case';
import { MAX_NESTING_DEPTH } from './limits';
import { collectDeprecated, collectPathProperties, nestingBound } from './schema-shape';
import { checkRelationships, NO_WARNINGS, type DeprecatedProperty, type PathProperty } from './rules';
import { compileWarningChecks, formatChecksEveryPath, type WarningChecks } from './warning-checks';
import { createPathFormats, type PathFormats } from './path-formats';
import { NO_REGEX_ENGINE, type RegexEngine } from './linear-engine';

/** The errors of a valid call: shared and frozen (nothing may add to a list another result holds). */
const NO_ERRORS: ValidationError[] = Object.freeze([]) as unknown as ValidationError[];
/**
 * The result of a valid call with nothing to remark, shared and frozen: most calls, and the result object was
 * most of what the valid path allocated (measured: about a tenth of its time went to collecting it).
 */
const VALID: ValidationResult = Object.freeze({ valid: true, errors: NO_ERRORS, warnings: NO_WARNINGS });
import type { ValidateOptions, ValidationError, ValidationResult, ValidationWarning } from './types';
import { compatibility } from './warnings';
import { isJsonObject } from '../json/is-json-object';
import { relationshipViolations } from '../toolset/relationships';
import { inSchemaOrder } from './error-order';

export { parseArguments } from './json-text';
export { toLlmContext } from './result';

export { MAX_NESTING_DEPTH, MAX_REPORTED_ERRORS } from './limits';
export { verboseTrace } from './trace';
export { schemaHash } from './precompiled';
export type { PrecompiledValidator, PrecompiledValidatorLoader } from './precompiled';

interface CompiledSchema {
  validate: ValidateFunction | null;
  /** Ajv's "valid" proves the nesting limit (schema-shape.ts `nestingBound`), so the arguments need no walk first. */
  boundedNesting: boolean;
  /** The schema's top-level properties in declaration order, for ordering errors. */
  propertyNames: string[];
  pathProperties: PathProperty[];
  /** Why the schema could not be compiled, in words a schema author can act on. */
  failure?: string;
  /** Set when the schema was not compiled because this validator has no compiler (the page). */
  uncompiled?: boolean;
  deprecatedProperties: DeprecatedProperty[];
  compileMilliseconds: number;
  /** Ajv's own path formats see every path the remark pass reads (formatChecksEveryPath). */
  pathsByFormat: boolean;
  /** The warning checks of the rule list last validated with this schema (compileWarningChecks), and that list. */
  checks: WarningChecks | null;
  checksRules: unknown;
  checksRuleCount: number;
  /** The checks are path remarks alone (no rule, no deprecated parameter): a call whose paths Ajv found clean earns none. */
  checksPathsOnly: boolean;
}

/** What a strict call accepts in lenient mode's place: nothing (shared, not a list made per rejected call). */
const NO_MATCHES: ReturnType<typeof caseInsensitiveEnumMatches> = Object.freeze([]) as unknown as ReturnType<
  typeof caseInsensitiveEnumMatches
>;

/** No rule list is planned yet (`undefined` is a tool without rules). */
const NOT_PLANNED = Object.freeze({});

type PrecompileOutcome = { ok: true; milliseconds: number } | { ok: false; message: string; milliseconds: number };

export interface ValidatorOptions {
  /** Compiles schemas without a generated validator (compile.ts: `createAjvCompiler()`); none on the page. */
  compile?: SchemaCompiler | null;
  /** Validators generated at build time, by schema `$id` (the page's path). */
  precompiled?: Record<string, PrecompiledValidator>;
  /**
   * RE2, for warning patterns (and, through the compiler, schema patterns): ready from the start where compiling
   * happens (compile.ts), loaded on demand by the page (`lazyRegexEngine`). Without one, warning patterns a native
   * engine may not run are reported unchecked.
   */
  regexEngine?: RegexEngine;
}

/**
 * The one validator every surface calls: the form, the editor's markers, the CLI and the runtime. Each entry
 * point builds one with `createValidator` and passes it down (as rjsf passes its `validator`); it holds its
 * compiler, its generated validators and its caches, and nothing is shared through module state.
 */
export interface Validator {
  validate(tool: ToolDefinition, args: unknown, options?: ValidateOptions): ValidationResult;
  validateText(
    tool: ToolDefinition,
    text: string,
    options?: ValidateOptions,
  ): ValidationResult & { parseError?: JsonParseError };
  /** Compile a tool's schema ahead of use. Reports whether it compiles, and how long compiling took. */
  precompile(tool: ToolDefinition): PrecompileOutcome;
  /** Whether schemas without a generated validator can be compiled by this validator. */
  readonly canCompile: boolean;
  /** The RE2 engine it was given (NO_REGEX_ENGINE when none): what it runs patterns on, and what loads it. */
  readonly regexEngine: RegexEngine;
  /** Whether a schema is served by a validator generated at build time (validating it compiles nothing). */
  hasPrecompiled(schema: JsonSchema): boolean;
  /** Adds generated validators (the page loads the one of the tool it shows on demand). */
  addPrecompiled(validators: Record<string, PrecompiledValidator>): void;
  /** Forget every compiled schema and start a fresh compiler (benchmarks measure cold compiles with it). */
  reset(): void;
}

export function createValidator(options: ValidatorOptions = {}): Validator {
  const compiler = options.compile ?? null;
  const regexEngine = options.regexEngine ?? NO_REGEX_ENGINE;
  let precompiled: ReadonlyMap<string, PrecompiledValidator> = new Map(Object.entries(options.precompiled ?? {}));
  let compiledBySchema = new WeakMap<object, CompiledSchema>();
  let compiledById = new Map<string, { source: string; compiled: CompiledSchema }>();
  /** The schema compiled last: calls come in runs of one tool, and the WeakMap lookup costs as much as a small schema's Ajv check. */
  let lastSchema: object | null = null;
  let lastCompiled: CompiledSchema | null = null;
  /** The path formats Ajv checks with: the compiler's, or (validators generated at build time) this validator's own. */
  const pathFormats = compiler?.pathFormats ?? createPathFormats();
  /** What mapping errors remembers between calls (ajv-errors.ts): this validator's own. */
  let errorMemos = createErrorMemos(pathFormats);

  function compileFresh(schema: JsonSchema, source: string): CompiledSchema {
    const started = performance.now();
    const deprecatedProperties: DeprecatedProperty[] = [];
    collectDeprecated(schema, [], '', deprecatedProperties);
    const pathProperties = collectPathProperties(schema);
    const boundedNesting = nestingBound(schema) <= MAX_NESTING_DEPTH;
    const properties = ownValue(schema, 'properties');
    const propertyNames = isJsonObject(properties) ? Object.keys(properties) : [];
    const shape = {
      boundedNesting,
      propertyNames,
      deprecatedProperties,
      pathProperties,
      pathsByFormat: false,
      checks: null,
      checksRules: NOT_PLANNED,
      checksRuleCount: -1,
      checksPathsOnly: false,
    };
    const ready = typeof schema.$id === 'string' && source !== '' ? precompiled.get(schema.$id) : undefined;
    if (ready && ready.hash === schemaHash(source)) {
      // Its own copy where the factory is at hand, so the path formats report to this validator.
      const validate =
        ready.validatorFor === undefined ? ready.validate : ready.validatorFor(schema, pathFormats.definitions);
      return {
        validate,
        ...shape,
        pathsByFormat: formatChecksEveryPath(schema, pathProperties, validate, pathFormats),
        compileMilliseconds: performance.now() - started,
      };
    }
    if (compiler === null) {
      return {
        validate: null,
        ...shape,
        failure: 'the schema has no validator generated at build time, and schemas are not compiled here',
        uncompiled: true,
        compileMilliseconds: performance.now() - started,
      };
    }
    try {
      const validate = compiler.compile(schema);
      return {
        validate,
        ...shape,
        pathsByFormat: formatChecksEveryPath(schema, pathProperties, validate, pathFormats),
        compileMilliseconds: performance.now() - started,
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : 'unknown problem';
      return {
        validate: null,
        ...shape,
        failure: truncate(reason, 200),
        compileMilliseconds: performance.now() - started,
      };
    }
  }

  /** Compiled once per schema object; a schema equal to one already compiled under the same $id reuses it. */
  function getCompiled(schema: JsonSchema): CompiledSchema {
    if (schema === lastSchema && lastCompiled !== null) return lastCompiled;
    const compiled = getCompiledUncached(schema);
    if (compiled.uncompiled !== true) {
      lastSchema = schema;
      lastCompiled = compiled;
    }
    return compiled;
  }

  function getCompiledUncached(schema: JsonSchema): CompiledSchema {
    const cached = compiledBySchema.get(schema);
    if (cached !== undefined) return cached;
    const id = typeof schema.$id === 'string' ? schema.$id : undefined;
    let source = '';
    if (id !== undefined) {
      try {
        source = JSON.stringify(schema);
      } catch {
        source = '';
      }
      const entry = compiledById.get(id);
      if (entry !== undefined && source !== '' && entry.source === source) {
        compiledBySchema.set(schema, entry.compiled);
        return entry.compiled;
      }
      // The same $id with other content (an edited schema): Ajv keeps one schema per id.
      if (entry !== undefined) compiler?.forget(id);
    }
    const compiled = compileFresh(schema, source);
    // Not remembered while uncompiled: a generated validator added later serves it.
    if (compiled.uncompiled === true) return compiled;
    compiledBySchema.set(schema, compiled);
    if (id !== undefined && source !== '' && compiled.validate !== null) compiledById.set(id, { source, compiled });
    return compiled;
  }

  const validate = (tool: ToolDefinition, args: unknown, validateOptions?: ValidateOptions): ValidationResult => {
    try {
      return validateUnguarded(
        tool,
        args,
        validateOptions?.lenient === true,
        validateOptions?.duplicateKeys,
        getCompiled,
        regexEngine,
        errorMemos,
      );
    } catch {
      return {
        valid: false,
        errors: [
          invalidValue(
            '',
            'Arguments could not be validated because of an internal error; no part of them was accepted',
          ),
        ],
        warnings: [],
      };
    }
  };

  return {
    validate,
    validateText(tool, text, validateOptions) {
      const parsed = parseArguments(text);
      if (!parsed.ok) {
        return {
          valid: false,
          errors: [
            {
              parameter: '',
              code: 'invalid_value',
              message: `Arguments are not valid JSON: ${parsed.error.message}`,
              expected: 'A JSON object',
            },
          ],
          warnings: [],
          parseError: parsed.error,
        };
      }
      return validate(
        tool,
        parsed.value,
        parsed.duplicateKeys === undefined
          ? validateOptions
          : { ...validateOptions, duplicateKeys: parsed.duplicateKeys },
      );
    },
    precompile(tool) {
      try {
        const compiled = getCompiled(tool.inputSchema);
        if (compiled.validate === null)
          return {
            ok: false,
            message: compiled.failure ?? 'the schema does not compile',
            milliseconds: compiled.compileMilliseconds,
          };
        return { ok: true, milliseconds: compiled.compileMilliseconds };
      } catch (error) {
        return {
          ok: false,
          message: error instanceof Error ? truncate(error.message, 200) : 'the schema does not compile',
          milliseconds: 0,
        };
      }
    },
    canCompile: compiler !== null,
    regexEngine,
    hasPrecompiled(schema) {
      if (typeof schema.$id !== 'string') return false;
      const ready = precompiled.get(schema.$id);
      if (!ready) return false;
      try {
        return ready.hash === schemaHash(JSON.stringify(schema));
      } catch {
        return false;
      }
    },
    addPrecompiled(validators) {
      precompiled = new Map([...precompiled, ...Object.entries(validators)]);
    },
    reset() {
      compiler?.reset();
      compiledBySchema = new WeakMap();
      compiledById = new Map();
      lastSchema = null;
      lastCompiled = null;
      errorMemos = createErrorMemos(pathFormats);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Validation

function validateUnguarded(
  tool: ToolDefinition,
  args: unknown,
  lenient: boolean,
  duplicates: readonly DuplicateKey[] | undefined,
  getCompiled: (schema: JsonSchema) => CompiledSchema,
  regexEngine: RegexEngine,
  errorMemos: ErrorMemos,
): ValidationResult {
  const schema = tool?.inputSchema;
  if (!isJsonObject(schema)) {
    return {
      valid: false,
      errors: [invalidValue('', 'The tool has no input schema, so its arguments cannot be validated')],
      warnings: [],
    };
  }
  if (!isJsonObject(args)) {
    const actual = jsonTypeForMismatch(args, 'object');
    return {
      valid: false,
      errors: [{ ...typeMismatch('', 'object', actual), message: `Arguments must be a JSON object, got ${actual}` }],
      warnings: [],
    };
  }
  const compiled = getCompiled(schema as JsonSchema);
  const pathFormats = errorMemos.pathFormats;
  const uncleanBefore = pathFormats.uncleanCount();
  // A bounded schema's "valid" proves the nesting limit; any other verdict walks the arguments first, as before.
  let ajvValid = compiled.boundedNesting && compiled.validate !== null ? compiled.validate(args) : undefined;
  // Most calls: valid, no name given twice, no relationship broken. What the general path below would do for them
  // (a broken relationship is looked for again there, with its error).
  const relationships = tool.relationships;
  if (
    ajvValid === true &&
    (duplicates === undefined || duplicates.length === 0) &&
    (relationships === undefined ||
      relationships.length === 0 ||
      relationshipViolations(relationships, args, schema as JsonSchema).length === 0)
  ) {
    const checks = warningChecksFor(tool, compiled, pathFormats);
    if (checks === null) return VALID;
    const pathsClean = compiled.pathsByFormat && pathFormats.uncleanCount() === uncleanBefore;
    if (pathsClean && compiled.checksPathsOnly) return VALID;
    const warnings = checks(args, NO_ERRORS, regexEngine, pathsClean);
    return warnings === NO_WARNINGS ? VALID : { valid: true, errors: NO_ERRORS, warnings };
  }
  if (ajvValid !== true) {
    const tooDeep = findTooDeep(args);
    if (tooDeep !== null) {
      return {
        valid: false,
        errors: [
          invalidValue(
            tooDeep,
            `Parameter '${tooDeep}' is nested more than ${MAX_NESTING_DEPTH} levels deep`,
            undefined,
            `At most ${MAX_NESTING_DEPTH} levels of nesting`,
          ),
        ],
        warnings: [],
      };
    }
  }
  if (compiled.uncompiled === true) {
    return {
      valid: false,
      errors: [
        invalidValue(
          '',
          `Arguments could not be validated because of an internal error: the input schema of '${tool.name}' has no validator generated at build time, and schemas are not compiled here; no part of them was accepted`,
        ),
      ],
      warnings: [],
    };
  }
  if (compiled.validate === null) {
    return {
      valid: false,
      errors: [
        invalidValue(
          '',
          `The input schema of '${tool.name}' does not compile (${compiled.failure ?? 'unknown problem'}), so arguments cannot be validated`,
        ),
      ],
      warnings: [],
    };
  }
  ajvValid ??= compiled.validate(args);

  // The valid path allocates only the result: shared frozen empty lists, no spread, no sort (measured: these
  // came to about a third of our own time on read_file's examples before, `npm run bench -- validation`).
  let errors: ValidationError[] = NO_ERRORS;
  let leniencyWarnings: ValidationWarning[] | null = null;
  if (!ajvValid) {
    const ajvErrors = compiled.validate.errors ?? [];
    const accepted = lenient ? caseInsensitiveEnumMatches(ajvErrors) : NO_MATCHES;
    // An index loop: for...of over the shared frozen empty list made an iterator on every rejected call (--cpu-prof).
    for (let index = 0; index < accepted.length; index++) {
      const match = accepted[index]!;
      const parameter = pointerToParameter(match.error.instancePath, args, errorMemos.topLevelNames);
      (leniencyWarnings ??= []).push(
        compatibility(
          parameter,
          `Parameter '${parameter}' is '${match.given}'; accepted as '${match.canonical}' in lenient mode, but strict validation and other runtimes reject it. Use '${match.canonical}'`,
        ),
      );
    }
    const remaining =
      accepted.length === 0 ? ajvErrors : ajvErrors.filter((error) => !accepted.some((match) => match.error === error));
    if (remaining.length > 0) errors = mapAjvErrors(remaining, args, lenient, errorMemos);
  }
  // Arguments parsed from text with a name given twice: JSON.parse silently kept the last value.
  if (duplicates !== undefined && duplicates.length > 0) {
    if (errors === NO_ERRORS) errors = [];
    for (const duplicate of duplicates) errors.push(duplicateKeyError(duplicate));
  }
  if (relationships !== undefined && relationships.length > 0) {
    errors =
      checkRelationships(relationships, args, schema as JsonSchema, errors === NO_ERRORS ? null : errors) ?? errors;
  }
  const checks = warningChecksFor(tool, compiled, pathFormats);
  // Ajv's path formats found every path clean (none counted unclean while it ran): no path earns a remark, so
  // the remark pass is skipped (measured: move_file's own time over raw Ajv about 150 to 35 ns, read_file's 120 to 35).
  // A rejected call too: with allErrors Ajv checks every keyword of every given property whatever else failed, so the
  // format saw each string path (the pass checked every path of a rejected call again).
  const pathsClean = compiled.pathsByFormat && pathFormats.uncleanCount() === uncleanBefore;
  const ruleWarnings =
    checks === null || (pathsClean && compiled.checksPathsOnly)
      ? NO_WARNINGS
      : checks(args, errors, regexEngine, pathsClean);
  const warnings = leniencyWarnings === null ? ruleWarnings : [...leniencyWarnings, ...ruleWarnings];
  if (errors.length === 0) return warnings === NO_WARNINGS ? VALID : { valid: true, errors: NO_ERRORS, warnings };
  return { valid: false, errors: capped(inSchemaOrder(errors, compiled.propertyNames)), warnings };
}

/** The tool's warning checks, compiled again only when its rule list is another one (or grew or shrank in place). */
function warningChecksFor(
  tool: ToolDefinition,
  compiled: CompiledSchema,
  pathFormats: PathFormats,
): WarningChecks | null {
  const rules = tool.warnings;
  const count = rules === undefined ? 0 : rules.length;
  if (compiled.checksRules !== rules || compiled.checksRuleCount !== count) {
    compiled.checks = compileWarningChecks(tool, compiled, pathFormats);
    compiled.checksRules = rules;
    compiled.checksRuleCount = count;
    compiled.checksPathsOnly = count === 0 && compiled.deprecatedProperties.length === 0;
  }
  return compiled.checks;
}

function duplicateKeyError({ parameter, repeats }: DuplicateKey): ValidationError {
  const count = repeats.length + 1;
  const shown = repeats.slice(0, 3).map(({ line, column }) => `line ${line}, column ${column}`);
  if (repeats.length > 3) shown.push('…');
  return {
    parameter,
    code: 'invalid_value',
    message: `Parameter '${parameter}' appears ${count === 2 ? 'twice' : `${count} times`} (${shown.join('; ')}); JSON keeps only the last value`,
    expected: `'${parameter}' given once`,
    actual: `${count} times`,
  };
}

/** The top-level parameter holding a value nested deeper than the limit, or null. */
function findTooDeep(args: Record<string, unknown>): string | null {
  for (const key in args) {
    if (!Object.prototype.hasOwnProperty.call(args, key)) continue;
    const value = args[key];
    if (value !== null && typeof value === 'object' && exceedsDepth(value, 2)) return appendPath('', key);
  }
  return null;
}

function exceedsDepth(value: object, depth: number): boolean {
  if (depth > MAX_NESTING_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item !== null && typeof item === 'object' && exceedsDepth(item, depth + 1)) return true;
    }
    return false;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const item: unknown = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === 'object' && exceedsDepth(item, depth + 1)) return true;
  }
  return false;
}
