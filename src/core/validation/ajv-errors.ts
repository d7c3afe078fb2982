/** Ajv's errors turned into the closed set of codes, one error per cause, with messages that say what to do. */
import { isJsonObject } from '../json/is-json-object';
import { displayPath } from '../workspace/paths';
import { appendPath, describeDegree, describeList, describeValue, jsonTypeForMismatch, jsonTypeOf, ownValue, truncate } from './describe';
import { arrayTooFew, arrayTooMany, invalidEnum, invalidValue, itemsNotUnique, outOfRange, pathOutsideWorkspace, patternMismatch, required, stringTooLong, stringTooShort, typeMismatch } from './errors';
import { MAX_REPORTED_ERRORS } from './limits';
import { isPathFormat, pathProblem } from './path-formats';
import { suggestName } from './suggest';
import type { ValidationError } from './types';
import type { AnySchemaObject, ErrorObject } from 'ajv';

const COMBINATORS = new Set(['anyOf', 'oneOf']);
/** Wrappers whose cause is reported by the errors inside them. */
const WRAPPERS = new Set(['if', 'allOf', '$ref', '$dynamicRef']);

/** `/env/PORT` → `env.PORT`, `/files/2` → `files[2]`, reading the data to tell indexes from keys. */
export function pointerToParameter(instancePath: string, data: unknown): string {
  if (instancePath === '') return '';
  let parameter = '';
  let current: unknown = data;
  for (const rawSegment of instancePath.slice(1).split('/')) {
    const segment = rawSegment.replace(/~1/g, '/').replace(/~0/g, '~');
    // An index only where the data holds an array and the segment is one: never `v[NaN]`.
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment)) {
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
export function describeSchemaType(schema: unknown): string | undefined {
  const type = ownValue(schema, 'type');
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.map(String).join(' or ');
  return undefined;
}

const name = (parameter: string): string => (parameter === '' ? 'Arguments' : `Parameter '${parameter}'`);

/**
 * The error `base` with its message written only when read (a getter that then keeps the text). An invalid call
 * used to build every message, suggestion and quoted value up front, most of them never shown (the batch checker
 * and the runtime read codes and parameters); measured with `npm run bench -- validation`, that was most of the
 * invalid path's cost. The shape is that of a plain error: the same own enumerable keys in the same order, so
 * spreads, JSON and structured clones see the text.
 */
function lazy(base: ValidationError, message: () => string, overrides?: { expected?: string; actual?: string }): ValidationError {
  let text: string | undefined;
  const error = {
    parameter: base.parameter,
    code: base.code,
    get message(): string {
      return (text ??= message());
    },
    set message(value: string) {
      text = value;
    },
  } as ValidationError;
  if (overrides !== undefined && 'expected' in overrides) error.expected = overrides.expected;
  else if ('expected' in base) error.expected = base.expected;
  if (overrides !== undefined && 'actual' in overrides) error.actual = overrides.actual;
  else if ('actual' in base) error.actual = base.actual;
  return error;
}

function mapOne(error: ErrorObject, data: unknown): ValidationError {
  const params = error.params as Record<string, unknown>;
  const value = error.data;
  const parentSchema = error.parentSchema;
  const at = pointerToParameter(error.instancePath, data);

  switch (error.keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies': {
      const missing = String(params.missingProperty ?? '');
      const parameter = appendPath(at, missing);
      const propertySchema = ownValue(ownValue(parentSchema, 'properties'), missing);
      const type = describeSchemaType(propertySchema);
      const because = error.keyword !== 'required' ? ` (required when '${appendPath(at, String(params.property ?? ''))}' is given)` : '';
      return lazy(required(parameter), () => `Missing required property '${parameter}'${because}`, { expected: type === undefined ? 'A value' : `A ${type} value` });
    }
    case 'type': {
      const types = expectedTypes(params);
      const expected = types.join(' or ');
      const actual = jsonTypeForMismatch(value, types);
      const subject = at === '' ? 'Arguments' : `Property '${at}'`;
      return lazy(typeMismatch(at, expected, actual), () => `${subject} must be ${expected}, got ${actual}`);
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const limit = params.limit as number;
      const minimum = schemaNumber(parentSchema, 'minimum');
      const maximum = schemaNumber(parentSchema, 'maximum');
      const base = outOfRange(at, value, minimum, maximum);
      // The quoted value is the base's `actual`; messages quote it as written there.
      const shown = base.actual;
      // Draft-04's boolean exclusiveMaximum/exclusiveMinimum: Ajv reports `maximum` with a strict comparison.
      if (error.keyword === 'maximum' && params.comparison === '<') return lazy(base, () => `${name(at)} must be less than ${limit} (exclusive maximum) (actual: ${shown})`, { expected: `Less than ${limit}` });
      if (error.keyword === 'minimum' && params.comparison === '>') return lazy(base, () => `${name(at)} must be greater than ${limit} (exclusive minimum) (actual: ${shown})`, { expected: `Greater than ${limit}` });
      switch (error.keyword) {
        case 'minimum':
          return lazy(base, () => `${name(at)} is below minimum ${limit} (actual: ${shown})`);
        case 'maximum':
          return lazy(base, () => `${name(at)} exceeds maximum ${limit} (actual: ${shown})`);
        case 'exclusiveMinimum':
          return lazy(base, () => `${name(at)} must be greater than exclusiveMinimum ${limit} (actual: ${shown})`, { expected: `Greater than ${limit}` });
        default:
          return lazy(base, () => `${name(at)} must be less than exclusiveMaximum ${limit} (actual: ${shown})`, { expected: `Less than ${limit}` });
      }
    }
    case 'minLength': {
      const length = characterCount(value);
      return lazy(stringTooShort(at, length, params.limit as number), () => `${name(at)} is below minLength ${String(params.limit)} (actual: ${length})`);
    }
    case 'maxLength': {
      const length = characterCount(value);
      return lazy(stringTooLong(at, length, params.limit as number), () => `${name(at)} exceeds maxLength ${String(params.limit)} (actual: ${length})`);
    }
    case 'pattern': {
      const pattern = String(params.pattern ?? '');
      const text = typeof value === 'string' ? value : '';
      if (typeof params.limit === 'number') {
        return lazy(
          patternMismatch(at, text, pattern),
          () => `${name(at)} is ${text.length} characters, too long to be checked against its pattern ${truncate(pattern, 200)}: a ${describeDegree(Number(params.degree))}-time pattern is tested only on values up to ${params.limit} characters`,
          { expected: `At most ${params.limit} characters, matching the pattern`, actual: `${text.length} characters` },
        );
      }
      return lazy(patternMismatch(at, text, pattern), () => `${name(at)} does not match the required pattern ${truncate(pattern, 200)} (got ${describeValue(value)})`);
    }
    case 'format':
      if (isPathFormat(params.format) && typeof value === 'string') {
        const problem = pathProblem(value, String(params.format));
        if (problem?.code === 'invalid_value') return { ...invalidValue(at, `${name(at)}: ${problem.reason}`, value), expected: 'A non-empty path' };
        const reason = problem?.reason ?? 'path is outside the workspace';
        return lazy(pathOutsideWorkspace(at, value), () => `${name(at)}: ${reason}: '${displayPath(value)}'`, {
          expected: params.format === 'workspace-relative-path' ? 'A path relative to the workspace root, without ..' : 'A path inside the workspace',
        });
      }
      return lazy(invalidValue(at, '', value), () => `${name(at)} must be a valid ${String(params.format)} (format) (got ${describeValue(value)})`, { expected: `A valid ${String(params.format)}` });
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? (params.allowedValues as unknown[]) : [];
      return lazy(invalidEnum(at, value, allowed), () => {
        const suggestion = typeof value === 'string' ? suggestName(value, allowed.filter((item): item is string => typeof item === 'string')) : undefined;
        const hint = suggestion !== undefined ? ` Did you mean '${suggestion}'?` : '';
        return `${name(at)} must be one of the enum values: ${describeList(allowed)} (got ${describeValue(value)}).${hint}`;
      });
    }
    case 'const':
      return lazy(invalidEnum(at, value, [params.allowedValue]), () => `${name(at)} must be the constant value ${describeValue(params.allowedValue)} (got ${describeValue(value)})`, {
        expected: `Exactly ${describeValue(params.allowedValue)}`,
      });
    case 'minItems': {
      const count = Array.isArray(value) ? value.length : 0;
      return lazy(arrayTooFew(at, count, params.limit as number), () => `${name(at)} has fewer items than minItems ${String(params.limit)} (actual: ${count})`);
    }
    case 'maxItems': {
      const count = Array.isArray(value) ? value.length : 0;
      return lazy(arrayTooMany(at, count, params.limit as number), () => `${name(at)} has more items than maxItems ${String(params.limit)} (actual: ${count})`);
    }
    case 'uniqueItems': {
      const first = Math.min(params.i as number, params.j as number);
      const second = Math.max(params.i as number, params.j as number);
      const duplicate = Array.isArray(value) ? value[second] : undefined;
      return lazy(itemsNotUnique(at, duplicate), () => `${name(at)} must contain unique items (uniqueItems): items ${first} and ${second} are both ${describeValue(duplicate)}`);
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const unknownName = String(params.additionalProperty ?? params.unevaluatedProperty ?? '');
      const parameter = appendPath(at, unknownName);
      const known = Object.keys((ownValue(parentSchema, 'properties') as Record<string, unknown> | undefined) ?? {});
      return lazy(
        { parameter, code: 'invalid_value', message: '' },
        () => {
          const present = isJsonObject(value) ? value : {};
          const candidates = known.filter((candidate) => !Object.prototype.hasOwnProperty.call(present, candidate));
          const suggestion = suggestName(unknownName, candidates);
          const hint = suggestion !== undefined ? `. Did you mean '${appendPath(at, suggestion)}'?` : '';
          return `Unknown parameter '${parameter}'${hint}`;
        },
        { expected: known.length > 0 ? `Only the known parameters: ${describeList(known)}` : 'No additional parameters' },
      );
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
    case 'unevaluatedItems':
    case 'additionalItems': {
      const count = Array.isArray(value) ? value.length : 0;
      const limit = typeof params.limit === 'number' ? params.limit : typeof params.len === 'number' ? params.len : undefined;
      if (limit === undefined) return invalidValue(at, `${name(at)} has items its schema does not allow (${error.keyword})`, value);
      return lazy(arrayTooMany(at, count, limit), () => `${name(at)} has ${count} items; its schema defines only the first ${limit} and allows no others (${error.keyword})`, { expected: `At most ${limit} items` });
    }
    case 'not':
      return invalidValue(at, `${name(at)} matches a form that is not allowed (not)`, value);
    case 'false schema':
      return invalidValue(at, `${name(at)} is not allowed`, value);
    default:
      return invalidValue(at, `${name(at)} is invalid (${error.keyword})`, value);
  }
}

/** Characters (code points), as JSON Schema counts a string's length: "😀" is one. */
function characterCount(value: unknown): number {
  if (typeof value !== 'string') return 0;
  let count = 0;
  for (const _character of value) count += 1;
  return count;
}

/** Whether an error lies inside one of the outermost anyOf/oneOf (they report it as one error). */
function insideCombinator(error: ErrorObject, combinators: readonly ErrorObject[]): boolean {
  for (const outer of combinators) if (error !== outer && error.schemaPath.startsWith(`${outer.schemaPath}/`)) return true;
  return false;
}

/** Whether an error is at or below a place with a wrong type (the type is the cause; the rest is noise there). */
function underTypeError(error: ErrorObject, typeErrorPaths: readonly string[]): boolean {
  if (error.keyword === 'type') return false;
  for (const path of typeErrorPaths) if (error.instancePath === path || error.instancePath.startsWith(`${path}/`)) return true;
  return false;
}

// Helpers are module functions, not closures made per call: the invalid path runs once per rejected call.
export function mapAjvErrors(ajvErrors: readonly ErrorObject[], data: unknown, lenient: boolean): ValidationError[] {
  // Outermost anyOf/oneOf: the errors inside them become one error naming the allowed forms.
  const combinators: ErrorObject[] = [];
  for (const error of ajvErrors) {
    if (!COMBINATORS.has(error.keyword)) continue;
    if (combinators.some((outer) => error.schemaPath.startsWith(`${outer.schemaPath}/`))) continue;
    combinators.push(error);
  }
  // A wrong type is the cause; the value's other rules at that place are noise.
  const typeErrorPaths: string[] = [];
  for (const error of ajvErrors) if (error.keyword === 'type' && !insideCombinator(error, combinators)) typeErrorPaths.push(error.instancePath);

  const results: ValidationError[] = [];
  for (const error of ajvErrors) {
    if (WRAPPERS.has(error.keyword)) continue;
    if (lenient && (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties')) continue;
    if (insideCombinator(error, combinators) || underTypeError(error, typeErrorPaths)) continue;
    const mapped = COMBINATORS.has(error.keyword) ? mapCombinator(error, ajvErrors, data) : mapOne(error, data);
    // One error per parameter and code (the first).
    let seen = false;
    for (const earlier of results) {
      if (earlier.parameter === mapped.parameter && earlier.code === mapped.code) {
        seen = true;
        break;
      }
    }
    if (!seen) results.push(mapped);
  }
  return results;
}

/** At most MAX_REPORTED_ERRORS errors, then one line counting the rest. */
export function capped(errors: ValidationError[]): ValidationError[] {
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
    return lazy(typeMismatch(at, expected, actual), () => `${subject} must be ${expected}, got ${actual}`);
  }
  return lazy(invalidValue(at, ''), () => {
    const reasons: string[] = [];
    for (const error of branchErrors) {
      if (!reasons.includes(error.message)) reasons.push(error.message);
      if (reasons.length === 3) break;
    }
    const detail = reasons.length > 0 ? `: ${reasons.join('; or ')}` : '';
    return `${subject} does not match any of the allowed forms (${wrapper.keyword})${detail}`;
  });
}

