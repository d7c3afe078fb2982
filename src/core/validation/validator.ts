/**
 * The one validator every surface calls: the form, the editor's markers, the CLI and the runtime.
 * Ajv (Draft 2020-12) checks the schema; this module turns its errors into the closed set of
 * codes, one error per cause, then applies the cross-parameter rules and warnings a schema cannot state.
 */
import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv';
import { relationshipViolations } from '../toolset/relationships';
import type { JsonObject, JsonSchema, JsonValue, ParameterRelationship, ToolDefinition } from '../toolset/types';
import {
  appendPath,
  describeList,
  describeValue,
  jsonEqual,
  jsonTypeForMismatch,
  jsonTypeOf,
  ownValue,
  truncate,
} from './describe';
import { arrayTooFew, arrayTooMany, invalidEnum, invalidValue, itemsNotUnique, outOfRange, pathOutsideWorkspace, patternMismatch, required, stringTooLong, stringTooShort, typeMismatch } from './errors';
import { duplicateKeysOf, parseArguments, type DuplicateKey, type JsonParseError } from './json-text';
import { caseInsensitiveEnumMatches } from './enum-case';
import { compileLinear } from './linear-regex';
import { displayPath } from '../workspace/paths';
import { isPathFormat, pathRemarks, pathViolation } from './path-formats';
import { describeDegree } from './pattern-safety';
import { suggestName } from './suggest';
import type { ValidateOptions, ValidationError, ValidationResult, ValidationWarning } from './types';
import { compatibility, deprecated, largeValue, securityConcern, slowOperation } from './warnings';

export { parseArguments } from './json-text';
export type { DuplicateKey, JsonParseError, ParseArgumentsResult } from './json-text';
export { combineResults, formatErrorMessage, formatSummary, formatWarningMessage, toLlmContext } from './result';

/** Values nested deeper than this are refused before any recursive check can run out of stack. */
export const MAX_NESTING_DEPTH = 64;

/** A result lists at most this many schema errors (plus one line counting the rest). */
export const MAX_REPORTED_ERRORS = 50;

interface DeprecatedProperty {
  path: readonly string[];
  parameter: string;
  replacement?: string;
}

/** A parameter whose schema declares a path format, by its path (`path`, `files[]` for array items). */
interface PathProperty {
  path: readonly string[];
  parameter: string;
  items: boolean;
}

interface CompiledSchema {
  validate: ValidateFunction | null;
  pathProperties: PathProperty[];
  /** Why the schema could not be compiled, in words a schema author can act on. */
  failure?: string;
  /** Set when the schema was not compiled because no compiler is registered (the page). */
  uncompiled?: boolean;
  deprecatedProperties: DeprecatedProperty[];
  compileMilliseconds: number;
}

/** Compiles a schema Ajv's way; compile.ts registers one. Throws when the schema does not compile. */
export interface SchemaCompiler {
  compile(schema: JsonSchema): ValidateFunction;
  /** Drop the schema registered under this `$id` (an edited schema compiles under the same id). */
  forget(id: string): void;
  reset(): void;
}
let compiler: SchemaCompiler | null = null;

/** `null` leaves only generated validators (as on the page); tests use it to check that case. */
export function registerSchemaCompiler(registered: SchemaCompiler | null): void {
  compiler = registered;
}

/** Whether schemas without a generated validator can be compiled in this context. */
export function canCompileSchemas(): boolean {
  return compiler !== null;
}

/**
 * Validators generated at build time (standalone.ts), by schema `$id`, with a hash of the schema they were
 * generated from: a schema is only served by one when it is exactly that schema. They let the page validate
 * the bundled tools under a Content-Security-Policy without 'unsafe-eval'.
 */
export interface PrecompiledValidator {
  hash: string;
  validate: ValidateFunction;
}
let precompiled: ReadonlyMap<string, PrecompiledValidator> = new Map();

export function registerPrecompiledValidators(validators: Record<string, PrecompiledValidator>): void {
  precompiled = new Map(Object.entries(validators));
}

/** Whether a schema is served by a validator generated at build time (validating it compiles nothing). */
export function hasPrecompiledValidator(schema: JsonSchema): boolean {
  if (typeof schema.$id !== 'string') return false;
  const ready = precompiled.get(schema.$id);
  if (!ready) return false;
  try {
    return ready.hash === schemaHash(JSON.stringify(schema));
  } catch {
    return false;
  }
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

let compiledBySchema = new WeakMap<object, CompiledSchema>();
let compiledById = new Map<string, { source: string; compiled: CompiledSchema }>();

/** Forget every compiled schema and start a fresh Ajv (benchmarks measure cold compiles with it). */
export function resetValidationCache(): void {
  compiler?.reset();
  compiledBySchema = new WeakMap();
  compiledById = new Map();
}

function collectDeprecated(schema: unknown, path: string[], parameter: string, found: DeprecatedProperty[], depth = 0): void {
  if (depth > 16 || schema === null || typeof schema !== 'object') return;
  const properties = ownValue(schema, 'properties');
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return;
  for (const name of Object.keys(properties)) {
    const propertySchema = (properties as Record<string, unknown>)[name];
    const propertyPath = [...path, name];
    const propertyParameter = appendPath(parameter, name);
    if (ownValue(propertySchema, 'deprecated') === true) {
      const replacement = ownValue(propertySchema, 'x-replacement');
      found.push({ path: propertyPath, parameter: propertyParameter, replacement: typeof replacement === 'string' ? replacement : undefined });
    }
    collectDeprecated(propertySchema, propertyPath, propertyParameter, found, depth + 1);
  }
}

function collectPathProperties(schema: unknown): PathProperty[] {
  const found: PathProperty[] = [];
  const properties = ownValue(schema, 'properties');
  if (!isPlainObject(properties)) return found;
  for (const name of Object.keys(properties)) {
    const propertySchema = properties[name];
    if (isPathFormat(ownValue(propertySchema, 'format'))) found.push({ path: [name], parameter: name, items: false });
    else if (isPathFormat(ownValue(ownValue(propertySchema, 'items'), 'format'))) found.push({ path: [name], parameter: name, items: true });
  }
  return found;
}

function compileFresh(schema: JsonSchema, source: string): CompiledSchema {
  const started = performance.now();
  const deprecatedProperties: DeprecatedProperty[] = [];
  collectDeprecated(schema, [], '', deprecatedProperties);
  const pathProperties = collectPathProperties(schema);
  const ready = typeof schema.$id === 'string' && source !== '' ? precompiled.get(schema.$id) : undefined;
  if (ready && ready.hash === schemaHash(source)) return { validate: ready.validate, deprecatedProperties, pathProperties, compileMilliseconds: performance.now() - started };
  if (compiler === null) {
    return {
      validate: null,
      failure: 'the schema has no validator generated at build time, and schemas are not compiled here',
      uncompiled: true,
      deprecatedProperties,
      pathProperties,
      compileMilliseconds: performance.now() - started,
    };
  }
  try {
    const validate = compiler.compile(schema);
    return { validate, deprecatedProperties, pathProperties, compileMilliseconds: performance.now() - started };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'unknown problem';
    return { validate: null, failure: truncate(reason, 200), deprecatedProperties, pathProperties, compileMilliseconds: performance.now() - started };
  }
}

/** Compiled once per schema object; a schema equal to one already compiled under the same $id reuses it. */
function getCompiled(schema: JsonSchema): CompiledSchema {
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
  // Not remembered when no compiler was there yet: one registered later compiles it.
  if (compiled.uncompiled === true) return compiled;
  compiledBySchema.set(schema, compiled);
  if (id !== undefined && source !== '' && compiled.validate !== null) compiledById.set(id, { source, compiled });
  return compiled;
}

/** Compile a tool's schema ahead of use. Reports whether it compiles, and how long compiling took. */
export function precompile(tool: ToolDefinition): { ok: true; milliseconds: number } | { ok: false; message: string; milliseconds: number } {
  try {
    const compiled = getCompiled(tool.inputSchema);
    if (compiled.validate === null) return { ok: false, message: compiled.failure ?? 'the schema does not compile', milliseconds: compiled.compileMilliseconds };
    return { ok: true, milliseconds: compiled.compileMilliseconds };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? truncate(error.message, 200) : 'the schema does not compile', milliseconds: 0 };
  }
}

// ---------------------------------------------------------------------------------------------
// Validation

export function validateArguments(tool: ToolDefinition, args: unknown, options?: ValidateOptions): ValidationResult {
  try {
    return validateUnguarded(tool, args, options?.lenient === true);
  } catch {
    return {
      valid: false,
      errors: [invalidValue('', 'Arguments could not be validated because of an internal error; no part of them was accepted')],
      warnings: [],
    };
  }
}

export function validateArgumentsText(
  tool: ToolDefinition,
  text: string,
  options?: ValidateOptions,
): ValidationResult & { parseError?: JsonParseError } {
  const parsed = parseArguments(text);
  if (!parsed.ok) {
    return {
      valid: false,
      errors: [{ parameter: '', code: 'invalid_value', message: `Arguments are not valid JSON: ${parsed.error.message}`, expected: 'A JSON object' }],
      warnings: [],
      parseError: parsed.error,
    };
  }
  return validateArguments(tool, parsed.value, options);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function validateUnguarded(tool: ToolDefinition, args: unknown, lenient: boolean): ValidationResult {
  const schema = tool?.inputSchema;
  if (!isPlainObject(schema)) {
    return { valid: false, errors: [invalidValue('', 'The tool has no input schema, so its arguments cannot be validated')], warnings: [] };
  }
  if (!isPlainObject(args)) {
    const actual = jsonTypeForMismatch(args, ['object']);
    return {
      valid: false,
      errors: [{ ...typeMismatch('', 'object', actual), message: `Arguments must be a JSON object, got ${actual}` }],
      warnings: [],
    };
  }
  const tooDeep = findTooDeep(args);
  if (tooDeep !== null) {
    return {
      valid: false,
      errors: [
        {
          ...invalidValue(tooDeep, `Parameter '${tooDeep}' is nested more than ${MAX_NESTING_DEPTH} levels deep`),
          expected: `At most ${MAX_NESTING_DEPTH} levels of nesting`,
        },
      ],
      warnings: [],
    };
  }

  const compiled = getCompiled(schema as JsonSchema);
  if (compiled.uncompiled === true) {
    return {
      valid: false,
      errors: [invalidValue('', `Arguments could not be validated because of an internal error: the input schema of '${tool.name}' has no validator generated at build time, and schemas are not compiled here; no part of them was accepted`)],
      warnings: [],
    };
  }
  if (compiled.validate === null) {
    return {
      valid: false,
      errors: [invalidValue('', `The input schema of '${tool.name}' does not compile (${compiled.failure ?? 'unknown problem'}), so arguments cannot be validated`)],
      warnings: [],
    };
  }

  let errors: ValidationError[] = [];
  const leniencyWarnings: ValidationWarning[] = [];
  if (!compiled.validate(args)) {
    const ajvErrors = compiled.validate.errors ?? [];
    const accepted = lenient ? caseInsensitiveEnumMatches(ajvErrors) : [];
    for (const match of accepted) {
      const parameter = pointerToParameter(match.error.instancePath, args);
      leniencyWarnings.push(
        compatibility(parameter, `Parameter '${parameter}' is '${match.given}'; accepted as '${match.canonical}' in lenient mode, but strict validation and other runtimes reject it. Use '${match.canonical}'`),
      );
    }
    const remaining = ajvErrors.filter((error) => !accepted.some((match) => match.error === error));
    if (remaining.length > 0) errors = mapAjvErrors(remaining, args, lenient);
  }
  // Arguments parsed from text with a name given twice: JSON.parse silently kept the last value.
  const duplicates = duplicateKeysOf(args);
  if (duplicates !== undefined) for (const duplicate of duplicates) errors.push(duplicateKeyError(duplicate));
  if (tool.relationships !== undefined && tool.relationships.length > 0) {
    checkRelationships(tool.relationships, args, schema as JsonSchema, errors);
  }
  const warnings = [...leniencyWarnings, ...collectWarnings(tool, compiled, args, errors)];
  return { valid: errors.length === 0, errors: capped(inSchemaOrder(errors, schema as JsonSchema)), warnings };
}

function duplicateKeyError({ parameter, repeats }: DuplicateKey): ValidationError {
  const count = repeats.length + 1;
  const shown = repeats.slice(0, 3).map(({ line, column }) => `line ${line}, column ${column}`);
  if (repeats.length > 3) shown.push('…');
  return {
    ...invalidValue(parameter, `Parameter '${parameter}' appears ${count === 2 ? 'twice' : `${count} times`} (${shown.join('; ')}); JSON keeps only the last value`),
    expected: `'${parameter}' given once`,
    actual: `${count} times`,
  };
}

/**
 * Errors in the order the schema declares its parameters (the order of the docs and the form),
 * the arguments as a whole first and unknown parameters last; Ajv's own order follows its keywords.
 */
function inSchemaOrder(errors: ValidationError[], schema: JsonSchema): ValidationError[] {
  if (errors.length < 2) return errors;
  const properties = ownValue(schema, 'properties');
  const names = isPlainObject(properties) ? Object.keys(properties) : [];
  const rank = (error: ValidationError): number => {
    if (error.parameter === '') return -1;
    const top = /^[^.[]+/.exec(error.parameter)?.[0] ?? error.parameter;
    const index = names.indexOf(top);
    return index === -1 ? names.length : index;
  };
  return errors
    .map((error, position) => ({ error, position, rank: rank(error) }))
    .sort((left, right) => left.rank - right.rank || left.position - right.position)
    .map((entry) => entry.error);
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

// ---------------------------------------------------------------------------------------------
// Ajv errors → validation errors

const COMBINATORS = new Set(['anyOf', 'oneOf']);
/** Wrappers whose cause is reported by the errors inside them. */
const WRAPPERS = new Set(['if', 'allOf', '$ref', '$dynamicRef']);

/** `/env/PORT` → `env.PORT`, `/files/2` → `files[2]`, reading the data to tell indexes from keys. */
function pointerToParameter(instancePath: string, data: unknown): string {
  if (instancePath === '') return '';
  let parameter = '';
  let current: unknown = data;
  for (const rawSegment of instancePath.slice(1).split('/')) {
    const segment = rawSegment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      const index = Number(segment);
      parameter = appendPath(parameter, index);
      current = current[index];
    } else {
      parameter = appendPath(parameter, segment);
      current = ownValue(current, segment);
    }
  }
  return parameter;
}

function schemaNumber(schema: AnySchemaObject | undefined, keyword: string): number | undefined {
  const value = schema === undefined ? undefined : ownValue(schema, keyword);
  return typeof value === 'number' ? value : undefined;
}

function expectedTypes(params: Record<string, unknown>): string[] {
  const type = params.type;
  if (Array.isArray(type)) return type.map(String);
  if (typeof type === 'string') return type.split(',');
  return [];
}

/** What a property schema expects, in a word or two ("string", "integer"), for required errors. */
function describeSchemaType(schema: unknown): string | undefined {
  const type = ownValue(schema, 'type');
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.map(String).join(' or ');
  return undefined;
}

function mapOne(error: ErrorObject, data: unknown): ValidationError {
  const params = error.params as Record<string, unknown>;
  const value = error.data;
  const parentSchema = error.parentSchema;
  const at = pointerToParameter(error.instancePath, data);
  const name = (parameter: string) => (parameter === '' ? 'Arguments' : `Parameter '${parameter}'`);

  switch (error.keyword) {
    case 'required':
    case 'dependentRequired': {
      const missing = String(params.missingProperty ?? '');
      const parameter = appendPath(at, missing);
      const propertySchema = ownValue(ownValue(parentSchema, 'properties'), missing);
      const type = describeSchemaType(propertySchema);
      const because = error.keyword === 'dependentRequired' ? ` (required when '${appendPath(at, String(params.property ?? ''))}' is given)` : '';
      return { ...required(parameter), message: `Missing required property '${parameter}'${because}`, expected: type === undefined ? 'A value' : `A ${type} value` };
    }
    case 'type': {
      const types = expectedTypes(params);
      const expected = types.join(' or ');
      const actual = jsonTypeForMismatch(value, types);
      const subject = at === '' ? 'Arguments' : `Property '${at}'`;
      return { ...typeMismatch(at, expected, actual), message: `${subject} must be ${expected}, got ${actual}` };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const limit = params.limit as number;
      const minimum = schemaNumber(parentSchema, 'minimum');
      const maximum = schemaNumber(parentSchema, 'maximum');
      const base = outOfRange(at, value, minimum, maximum);
      const shown = describeValue(value);
      switch (error.keyword) {
        case 'minimum':
          return { ...base, message: `${name(at)} is below minimum ${limit} (actual: ${shown})` };
        case 'maximum':
          return { ...base, message: `${name(at)} exceeds maximum ${limit} (actual: ${shown})` };
        case 'exclusiveMinimum':
          return { ...base, message: `${name(at)} must be greater than exclusiveMinimum ${limit} (actual: ${shown})`, expected: `Greater than ${limit}` };
        default:
          return { ...base, message: `${name(at)} must be less than exclusiveMaximum ${limit} (actual: ${shown})`, expected: `Less than ${limit}` };
      }
    }
    case 'minLength': {
      const length = typeof value === 'string' ? value.length : 0;
      return { ...stringTooShort(at, length, params.limit as number), message: `${name(at)} is below minLength ${String(params.limit)} (actual: ${length})` };
    }
    case 'maxLength': {
      const length = typeof value === 'string' ? value.length : 0;
      return { ...stringTooLong(at, length, params.limit as number), message: `${name(at)} exceeds maxLength ${String(params.limit)} (actual: ${length})` };
    }
    case 'pattern': {
      const pattern = String(params.pattern ?? '');
      const text = typeof value === 'string' ? value : '';
      if (typeof params.limit === 'number') {
        return {
          ...patternMismatch(at, text, pattern),
          message: `${name(at)} is ${text.length} characters, too long to be checked against its pattern ${truncate(pattern, 200)}: a ${describeDegree(Number(params.degree))}-time pattern is tested only on values up to ${params.limit} characters`,
          expected: `At most ${params.limit} characters, matching the pattern`,
          actual: `${text.length} characters`,
        };
      }
      return { ...patternMismatch(at, text, pattern), message: `${name(at)} does not match the required pattern ${truncate(pattern, 200)} (got ${describeValue(value)})` };
    }
    case 'format':
      if (isPathFormat(params.format) && typeof value === 'string') {
        const reason = pathViolation(value, String(params.format)) ?? 'path is outside the workspace';
        return {
          ...pathOutsideWorkspace(at, value),
          message: `${name(at)}: ${reason}: '${displayPath(value)}'`,
          expected: params.format === 'workspace-relative-path' ? 'A path relative to the workspace root, without ..' : 'A path inside the workspace',
        };
      }
      return {
        ...invalidValue(at, `${name(at)} must be a valid ${String(params.format)} (format) (got ${describeValue(value)})`, value),
        expected: `A valid ${String(params.format)}`,
      };
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? (params.allowedValues as unknown[]) : [];
      const suggestion = typeof value === 'string' ? suggestName(value, allowed.filter((item): item is string => typeof item === 'string')) : undefined;
      const hint = suggestion !== undefined ? ` Did you mean '${suggestion}'?` : '';
      return {
        ...invalidEnum(at, value, allowed),
        message: `${name(at)} must be one of the enum values: ${describeList(allowed)} (got ${describeValue(value)}).${hint}`,
      };
    }
    case 'const':
      return {
        ...invalidEnum(at, value, [params.allowedValue]),
        message: `${name(at)} must be the constant value ${describeValue(params.allowedValue)} (got ${describeValue(value)})`,
        expected: `Exactly ${describeValue(params.allowedValue)}`,
      };
    case 'minItems': {
      const count = Array.isArray(value) ? value.length : 0;
      return { ...arrayTooFew(at, count, params.limit as number), message: `${name(at)} has fewer items than minItems ${String(params.limit)} (actual: ${count})` };
    }
    case 'maxItems': {
      const count = Array.isArray(value) ? value.length : 0;
      return { ...arrayTooMany(at, count, params.limit as number), message: `${name(at)} has more items than maxItems ${String(params.limit)} (actual: ${count})` };
    }
    case 'uniqueItems': {
      const first = Math.min(params.i as number, params.j as number);
      const second = Math.max(params.i as number, params.j as number);
      const duplicate = Array.isArray(value) ? value[second] : undefined;
      return {
        ...itemsNotUnique(at, duplicate),
        message: `${name(at)} must contain unique items (uniqueItems): items ${first} and ${second} are both ${describeValue(duplicate)}`,
      };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const unknownName = String(params.additionalProperty ?? params.unevaluatedProperty ?? '');
      const parameter = appendPath(at, unknownName);
      const known = Object.keys((ownValue(parentSchema, 'properties') as Record<string, unknown> | undefined) ?? {});
      const present = isPlainObject(value) ? value : {};
      const candidates = known.filter((candidate) => !Object.prototype.hasOwnProperty.call(present, candidate));
      const suggestion = suggestName(unknownName, candidates);
      const hint = suggestion !== undefined ? `. Did you mean '${appendPath(at, suggestion)}'?` : '';
      return {
        parameter,
        code: 'invalid_value',
        message: `Unknown parameter '${parameter}'${hint}`,
        expected: known.length > 0 ? `Only the known parameters: ${describeList(known)}` : 'No additional parameters',
      };
    }
    case 'minProperties':
      return { ...invalidValue(at, `${name(at)} must have at least ${String(params.limit)} properties (minProperties)`), expected: `At least ${String(params.limit)} properties` };
    case 'maxProperties':
      return { ...invalidValue(at, `${name(at)} must have at most ${String(params.limit)} properties (maxProperties)`), expected: `At most ${String(params.limit)} properties` };
    case 'multipleOf':
      return { ...invalidValue(at, `${name(at)} must be a multiple of ${String(params.multipleOf)} (multipleOf) (got ${describeValue(value)})`, value), expected: `A multiple of ${String(params.multipleOf)}` };
    case 'propertyNames':
      return invalidValue(at, `${name(at)} has an invalid property name ${describeValue(params.propertyName)} (propertyNames)`);
    case 'contains':
    case 'minContains':
    case 'maxContains':
      return invalidValue(at, `${name(at)} does not contain the required items (${error.keyword})`, value);
    case 'not':
      return invalidValue(at, `${name(at)} matches a form that is not allowed (not)`, value);
    case 'false schema':
      return invalidValue(at, `${name(at)} is not allowed`, value);
    default:
      return invalidValue(at, `${name(at)} is invalid (${error.keyword})`, value);
  }
}

function mapAjvErrors(ajvErrors: readonly ErrorObject[], data: unknown, lenient: boolean): ValidationError[] {
  // Outermost anyOf/oneOf: the errors inside them become one error naming the allowed forms.
  const combinators: ErrorObject[] = [];
  for (const error of ajvErrors) {
    if (!COMBINATORS.has(error.keyword)) continue;
    if (combinators.some((outer) => error.schemaPath.startsWith(`${outer.schemaPath}/`))) continue;
    combinators.push(error);
  }
  const insideCombinator = (error: ErrorObject) =>
    combinators.some((outer) => error !== outer && error.schemaPath.startsWith(`${outer.schemaPath}/`));

  // A wrong type is the cause; the value's other rules at that place are noise.
  const typeErrorPaths: string[] = [];
  for (const error of ajvErrors) if (error.keyword === 'type' && !insideCombinator(error)) typeErrorPaths.push(error.instancePath);
  const underTypeError = (error: ErrorObject) =>
    error.keyword !== 'type' &&
    typeErrorPaths.some((path) => error.instancePath === path || error.instancePath.startsWith(`${path}/`));

  const results: ValidationError[] = [];
  const seen = new Set<string>();
  const add = (mapped: ValidationError) => {
    const key = `${mapped.parameter}\u0000${mapped.code}`;
    if (seen.has(key)) return;
    seen.add(key);
    results.push(mapped);
  };

  for (const error of ajvErrors) {
    if (WRAPPERS.has(error.keyword)) continue;
    if (lenient && (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties')) continue;
    if (insideCombinator(error) || underTypeError(error)) continue;
    if (COMBINATORS.has(error.keyword)) {
      add(mapCombinator(error, ajvErrors, data));
      continue;
    }
    add(mapOne(error, data));
  }
  return results;
}

/** At most MAX_REPORTED_ERRORS errors, then one line counting the rest. */
function capped(errors: ValidationError[]): ValidationError[] {
  if (errors.length <= MAX_REPORTED_ERRORS) return errors;
  const hidden = errors.length - MAX_REPORTED_ERRORS;
  return [...errors.slice(0, MAX_REPORTED_ERRORS), invalidValue('', `${hidden} more error${hidden === 1 ? '' : 's'} not shown; fix the ones above first`)];
}

function mapCombinator(wrapper: ErrorObject, ajvErrors: readonly ErrorObject[], data: unknown): ValidationError {
  const at = pointerToParameter(wrapper.instancePath, data);
  const subject = at === '' ? 'Arguments' : `Parameter '${at}'`;
  const passing = (wrapper.params as Record<string, unknown>).passingSchemas;
  if (wrapper.keyword === 'oneOf' && Array.isArray(passing)) {
    return invalidValue(at, `${subject} matches more than one of the allowed forms (oneOf); it must match exactly one`);
  }
  const branchErrors: ValidationError[] = [];
  for (const error of ajvErrors) {
    if (error === wrapper || !error.schemaPath.startsWith(`${wrapper.schemaPath}/`)) continue;
    if (WRAPPERS.has(error.keyword) || COMBINATORS.has(error.keyword)) continue;
    branchErrors.push(mapOne(error, data));
  }
  // Every form wants another type at the same place: that is one type mismatch ("string or integer").
  if (branchErrors.length > 0 && branchErrors.every((error) => error.code === 'type_mismatch' && error.parameter === at)) {
    const expected = [...new Set(branchErrors.map((error) => error.expected ?? ''))].join(' or ');
    const actual = branchErrors[0].actual ?? jsonTypeOf(wrapper.data);
    const subject = at === '' ? 'Arguments' : `Property '${at}'`;
    return { ...typeMismatch(at, expected, actual), message: `${subject} must be ${expected}, got ${actual}` };
  }
  const reasons: string[] = [];
  for (const error of branchErrors) {
    if (!reasons.includes(error.message)) reasons.push(error.message);
    if (reasons.length === 3) break;
  }
  const detail = reasons.length > 0 ? `: ${reasons.join('; or ')}` : '';
  return invalidValue(at, `${subject} does not match any of the allowed forms (${wrapper.keyword})${detail}`);
}

// ---------------------------------------------------------------------------------------------
// Relationships and warnings

/** The given value, or the schema's default for a top-level parameter that was left out. */
function effectiveValue(args: Record<string, unknown>, schema: JsonSchema, parameter: string): unknown {
  const given = ownValue(args, parameter);
  if (given !== undefined) return given;
  return ownValue(ownValue(ownValue(schema, 'properties'), parameter), 'default');
}

/** Errors raised by a relationship rule, so the trace can list them under relationships. */
const relationshipErrors = new WeakSet<ValidationError>();

/** By identity when the result came straight from validateArguments, else by the rule's message. */
function isRelationshipError(error: ValidationError, tool: ToolDefinition): boolean {
  if (relationshipErrors.has(error)) return true;
  return (tool.relationships ?? []).some((relationship) => {
    if (relationship.parameter !== error.parameter) return false;
    if (relationship.kind === 'not_less_than') return error.code === 'out_of_range' && error.message.includes('must not be less than');
    if (relationship.kind === 'member_of') return error.code === 'invalid_value' && error.message.includes('must be one of the values in');
    return error.code === 'required' && error.message.includes('(required ');
  });
}

function pushRelationshipError(errors: ValidationError[], error: ValidationError): void {
  relationshipErrors.add(error);
  errors.push(error);
}

function involvedParameters(relationship: ParameterRelationship): string[] {
  switch (relationship.kind) {
    case 'not_less_than':
      return [relationship.parameter, relationship.other];
    case 'member_of':
      return [relationship.parameter, relationship.list];
    case 'required_unless':
      return [relationship.parameter, relationship.when];
  }
}

function hasErrorAt(errors: readonly ValidationError[], parameter: string): boolean {
  return errors.some(
    (error) => error.parameter === parameter || error.parameter.startsWith(`${parameter}.`) || error.parameter.startsWith(`${parameter}[`),
  );
}

/**
 * The toolset's relationship rules decide what is broken (one definition shared with the toolset
 * loader); this turns each violation into an error that names both parameters.
 */
function checkRelationships(
  relationships: readonly ParameterRelationship[],
  args: Record<string, unknown>,
  schema: JsonSchema,
  errors: ValidationError[],
): void {
  for (const violation of relationshipViolations(relationships, args, schema)) {
    const relationship = violation.relationship;
    const parameter = relationship.parameter;
    // A value the schema already rejected is judged there; one cause, one error.
    if (involvedParameters(relationship).some((name) => hasErrorAt(errors, name))) continue;
    const value = ownValue(args, parameter);
    switch (relationship.kind) {
      case 'not_less_than': {
        const other = ownValue(args, relationship.other);
        pushRelationshipError(errors, {
          parameter,
          code: 'out_of_range',
          message: `Parameter '${parameter}' (${describeValue(value)}) must not be less than '${relationship.other}' (${describeValue(other)})`,
          expected: `At least ${describeValue(other)} (the value of '${relationship.other}')`,
          actual: describeValue(value),
        });
        break;
      }
      case 'member_of': {
        const list = ownValue(args, relationship.list);
        const listed = Array.isArray(list) && list.length > 0;
        pushRelationshipError(errors, {
          parameter,
          code: 'invalid_value',
          message: Array.isArray(list)
            ? `Parameter '${parameter}' must be one of the values in '${relationship.list}' (got ${describeValue(value)})`
            : `Parameter '${parameter}' must be one of the values in '${relationship.list}', but '${relationship.list}' is not given`,
          expected: listed ? `One of: ${describeList(list)}` : `A value listed in '${relationship.list}'`,
          actual: describeValue(value),
        });
        break;
      }
      case 'required_unless': {
        const condition = effectiveValue(args, schema, relationship.when);
        const type = describeSchemaType(ownValue(ownValue(schema, 'properties'), parameter));
        const because = condition === undefined
          ? `required unless '${relationship.when}' is ${describeValue(relationship.equals)}`
          : `required when '${relationship.when}' is ${describeValue(condition)}, not ${describeValue(relationship.equals)}`;
        pushRelationshipError(errors, {
          ...required(parameter),
          message: `Missing required property '${parameter}' (${because})`,
          expected: type === undefined ? 'A value' : `A ${type} value`,
        });
        break;
      }
    }
  }
}

/** A value by parameter path (`content`, `options.recursive`), own properties only. */
function valueAt(args: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = args;
  for (const segment of path) {
    current = ownValue(current, segment);
    if (current === undefined) return undefined;
  }
  return current;
}

/** Split once per rule parameter (`options.recursive`), not on every call. */
const splitParameters = new Map<string, readonly string[]>();

function parameterPath(parameter: string): readonly string[] {
  let path = splitParameters.get(parameter);
  if (path === undefined) {
    path = parameter.split('.');
    splitParameters.set(parameter, path);
  }
  return path;
}

function whenMatches(when: JsonObject, args: Record<string, unknown>, schema: JsonSchema): boolean {
  for (const key of Object.keys(when)) {
    if (!jsonEqual(effectiveValue(args, schema, key), when[key] as JsonValue)) return false;
  }
  return true;
}

function collectWarnings(tool: ToolDefinition, compiled: CompiledSchema, args: Record<string, unknown>, errors: readonly ValidationError[]): ValidationWarning[] {
  const warnings: ValidationWarning[] = [];
  for (const property of compiled.pathProperties) {
    const value = valueAt(args, property.path);
    const values = property.items ? (Array.isArray(value) ? value : []) : [value];
    values.forEach((item, index) => {
      const parameter = property.items ? appendPath(property.parameter, index) : property.parameter;
      if (typeof item !== 'string' || hasErrorAt(errors, parameter)) return;
      for (const remark of pathRemarks(parameter, item)) {
        warnings.push(remark.code === 'security_concern' ? securityConcern(parameter, remark.message) : compatibility(parameter, remark.message));
      }
    });
  }
  const rules = tool.warnings;
  if (rules !== undefined) {
    for (const rule of rules) {
      if (rule.code === 'large_value') {
        const value = valueAt(args, parameterPath(rule.parameter));
        if (typeof value === 'string' && value.length > rule.maxChars) {
          warnings.push(
            largeValue(rule.parameter, `Parameter '${rule.parameter}' is ${value.length} characters, over ${rule.maxChars}. ${rule.description}`),
          );
        }
      } else if (rule.code === 'security_concern' || rule.code === 'compatibility') {
        const value = valueAt(args, parameterPath(rule.parameter));
        if (typeof value !== 'string' || hasErrorAt(errors, rule.parameter)) continue;
        const expression = compileLinear(rule.matches, { ignoreCase: true });
        if (expression === null || !expression.test(value)) continue;
        const message = `Parameter '${rule.parameter}': ${rule.description}`;
        warnings.push(rule.code === 'security_concern' ? securityConcern(rule.parameter, message) : compatibility(rule.parameter, message));
      } else if (rule.code === 'slow_operation') {
        if (!whenMatches(rule.when, args, tool.inputSchema)) continue;
        if (rule.unlessPresent !== undefined && ownValue(args, rule.unlessPresent) !== undefined) continue;
        warnings.push(slowOperation(Object.keys(rule.when)[0] ?? '', rule.description));
      }
    }
  }
  for (const property of compiled.deprecatedProperties) {
    if (valueAt(args, property.path) !== undefined) warnings.push(deprecated(property.parameter, property.replacement));
  }
  return warnings;
}

// ---------------------------------------------------------------------------------------------
// Verbose trace

const CONSTRAINT_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format', 'enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems'] as const;

/** A passed constraint as the seed's trace words it, value against limit: "length 8 <= maxLength 4096", "1 >= minimum 1". */
function describePassedConstraint(keyword: (typeof CONSTRAINT_KEYWORDS)[number], setting: unknown, value: unknown): string {
  const limit = String(setting);
  const count = typeof value === 'string' ? `length ${value.length}` : Array.isArray(value) ? `${value.length} item${value.length === 1 ? '' : 's'}` : describeValue(value);
  switch (keyword) {
    case 'minLength':
    case 'minItems':
    case 'minimum':
      return `${count} >= ${keyword} ${limit}`;
    case 'maxLength':
    case 'maxItems':
    case 'maximum':
      return `${count} <= ${keyword} ${limit}`;
    case 'exclusiveMinimum':
      return `${count} > ${keyword} ${limit}`;
    case 'exclusiveMaximum':
      return `${count} < ${keyword} ${limit}`;
    case 'enum':
      return `${describeValue(value)} is one of enum [${Array.isArray(setting) ? describeList(setting) : limit}]`;
    case 'const':
      return `${describeValue(value)} equals const ${describeValue(setting)}`;
    case 'pattern':
      return `matches pattern ${truncate(limit, 80)}`;
    case 'format':
      return `is a valid ${limit} (format)`;
    case 'multipleOf':
      return `${count} is a multiple of ${limit} (multipleOf)`;
    case 'uniqueItems':
      return 'items are unique (uniqueItems)';
  }
}

/**
 * The step-by-step account the CLI prints with --verbose: required parameters, types,
 * constraints, unknown parameters, relationships, warnings, and the result.
 */
export function verboseTrace(tool: ToolDefinition, args: unknown, result: ValidationResult): string[] {
  try {
    return buildTrace(tool, args, result);
  } catch {
    return [`Validating against: ${String(tool?.name)}`, `Result: ${result.valid ? '✓ Valid' : '✗ Invalid'}`];
  }
}

function buildTrace(tool: ToolDefinition, args: unknown, result: ValidationResult): string[] {
  const lines: string[] = [`Validating against: ${tool.name} v${tool.version}`, `Schema: ${tool.category} category`];
  const printed = new Set<ValidationError>();
  const errorsFor = (predicate: (error: ValidationError) => boolean) => result.errors.filter((error) => !printed.has(error) && predicate(error));
  const printErrors = (errors: ValidationError[]) => {
    for (const error of errors) {
      printed.add(error);
      lines.push(`  ✗ ${error.parameter === '' ? '(arguments)' : error.parameter}: ${error.message}`);
    }
  };

  const properties = (ownValue(tool.inputSchema, 'properties') ?? {}) as Record<string, unknown>;
  const requiredNames = (Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : []).map(String);
  const argumentsObject = isPlainObject(args) ? args : undefined;

  lines.push('Checking arguments are an object…');
  const rootErrors = errorsFor((error) => error.parameter === '' && error.code === 'type_mismatch');
  if (rootErrors.length > 0 || argumentsObject === undefined) {
    printErrors(rootErrors);
    lines.push(`Result: ✗ Invalid (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})`);
    return lines;
  }
  lines.push('  ✓ object');

  // Too deep a value is refused before any other rule runs, so there is nothing else to report.
  const depthErrors = errorsFor((error) => error.code === 'invalid_value' && error.message.includes(`nested more than ${MAX_NESTING_DEPTH} levels deep`));
  if (depthErrors.length > 0) {
    lines.push('Checking nesting depth…');
    printErrors(depthErrors);
    lines.push('  (no other rule was checked)');
    lines.push(`Result: ✗ Invalid (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})`);
    return lines;
  }

  lines.push('Checking required parameters…');
  for (const name of requiredNames) {
    if (ownValue(argumentsObject, name) !== undefined) lines.push(`  ✓ ${name}: present`);
  }
  printErrors(errorsFor((error) => error.code === 'required' && !isRelationshipError(error, tool)));
  if (requiredNames.length === 0) lines.push('  ✓ (no required parameters)');

  lines.push('Checking types…');
  const typeErrors = errorsFor((error) => error.code === 'type_mismatch');
  for (const name of Object.keys(properties)) {
    if (ownValue(argumentsObject, name) === undefined) continue;
    if (typeErrors.some((error) => error.parameter === name || error.parameter.startsWith(`${name}.`) || error.parameter.startsWith(`${name}[`))) continue;
    lines.push(`  ✓ ${name}: ${describeSchemaType(properties[name]) ?? jsonTypeOf(ownValue(argumentsObject, name))}`);
  }
  printErrors(typeErrors);

  lines.push('Checking constraints…');
  const unknownErrors = errorsFor((error) => error.code === 'invalid_value' && error.message.startsWith('Unknown parameter'));
  for (const error of unknownErrors) printed.add(error);
  // A parameter whose only failure is a relationship (end_line < start_line) still passed its own
  // constraints, so they are ticked; the relationship is reported under relationships.
  const failedParameters = new Set(result.errors.filter((error) => !isRelationshipError(error, tool)).map((error) => error.parameter));
  for (const name of Object.keys(properties)) {
    const value = ownValue(argumentsObject, name);
    if (value === undefined || failedParameters.has(name)) continue;
    const propertySchema = properties[name];
    for (const keyword of CONSTRAINT_KEYWORDS) {
      const setting = ownValue(propertySchema, keyword);
      if (setting === undefined || (keyword === 'uniqueItems' && setting !== true)) continue;
      lines.push(`  ✓ ${name}: ${describePassedConstraint(keyword, setting, value)}`);
    }
  }
  const constraintErrors = errorsFor((error) => !isRelationshipError(error, tool));
  printErrors(constraintErrors);

  lines.push('Checking unknown parameters…');
  for (const error of unknownErrors) lines.push(`  ✗ ${error.parameter}: ${error.message}`);
  if (unknownErrors.length === 0) lines.push('  ✓ none');

  const relationships = tool.relationships ?? [];
  if (relationships.length > 0) {
    lines.push('Checking relationships…');
    for (const relationship of relationships) {
      const failures = errorsFor((error) => error.parameter === relationship.parameter && isRelationshipError(error, tool));
      // The rule is not judged on a value the schema already rejected; a tick would claim it held.
      const broken = involvedParameters(relationship).filter((name) => hasErrorAt(result.errors.filter((error) => !isRelationshipError(error, tool)), name));
      if (failures.length > 0) printErrors(failures);
      else if (broken.length > 0) lines.push(`  – not checked (${broken.map((name) => `'${name}'`).join(' and ')} already invalid): ${relationship.description}`);
      else lines.push(`  ✓ ${relationship.description}`);
    }
  }

  lines.push('Checking warnings…');
  for (const warning of result.warnings) lines.push(`  ⚠ ${warning.parameter === '' ? '(arguments)' : warning.parameter}: ${warning.message}`);
  if (result.warnings.length === 0) lines.push('  ✓ none');

  printErrors(errorsFor(() => true));
  lines.push(
    result.valid
      ? `Result: ✓ Valid${result.warnings.length > 0 ? ` (${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'})` : ''}`
      : `Result: ✗ Invalid (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})`,
  );
  return lines;
}
