/** Ajv's errors turned into the closed set of codes, one error per cause, with messages that say what to do. */
import { isJsonObject } from '../json/is-json-object';
import { displayPath } from '../workspace/paths';
import { appendPath, describeDegree, describeList, describeValue, jsonTypeForMismatch, jsonTypeOf, ownValue, truncate } from './describe';
import { formatRangeExpected, invalidValue } from './errors';
import { MAX_REPORTED_ERRORS } from './limits';
import { createPathFormats, isPathFormat, type PathFormats } from './path-formats';
import { suggestName } from './suggest';
import type { ValidationError } from './types';
import type { AnySchemaObject, ErrorObject } from 'ajv';
import { lazyError } from './lazy-error';

const isCombinator = (keyword: string): boolean => keyword === 'anyOf' || keyword === 'oneOf';
/** Wrappers whose cause is reported by the errors inside them. */
const isWrapper = (keyword: string): boolean => keyword === 'if' || keyword === 'allOf' || keyword === '$ref' || keyword === '$dynamicRef';

const MAX_TOP_LEVEL_NAMES = 1024;

/**
 * What mapping errors remembers between calls, held by the validator that maps them (`createValidator` makes one and
 * `reset` another): nothing is shared through the module, so two validators in one realm share nothing.
 */
export interface ErrorMemos {
  /**
   * Top-level pointers already named (`/path` → `path`). Ajv writes them from its schema's constants, so a rejected
   * call looks the same string up again; naming it was a fifth of mapping a type error. Bounded in number and length.
   */
  topLevelNames: Map<string, string>;
  /** Suggestions by schema part (suggestionNow). */
  suggestions: WeakMap<object, SuggestionMemo>;
  /** An enum's values listed, by the enum (listedEnum). */
  listedEnums: WeakMap<object, string>;
  /** An object schema's parameter names and what its errors expect, by the schema (knownParametersOf). */
  knownParameters: WeakMap<object, { names: string[]; expected: string }>;
  /** The validator's path formats: the error's message asks about the path its format just refused. */
  pathFormats: PathFormats;
}

export function createErrorMemos(pathFormats: PathFormats = createPathFormats()): ErrorMemos {
  return { topLevelNames: new Map(), suggestions: new WeakMap(), listedEnums: new WeakMap(), knownParameters: new WeakMap(), pathFormats };
}

/** `/env/PORT` → `env.PORT`, `/files/2` → `files[2]`, reading the data to tell indexes from keys; `names` remembers top-level ones. */
export function pointerToParameter(instancePath: string, data: unknown, names?: Map<string, string>): string {
  if (instancePath === '') return '';
  // A top-level key without escapes (most errors): in an object the segment is a key, whatever it reads. Only those
  // are remembered, so a nested pointer is not looked up.
  if (!Array.isArray(data) && instancePath.indexOf('/', 1) < 0) {
    const named = names?.get(instancePath);
    if (named !== undefined) return named;
    if (instancePath.indexOf('~') < 0) {
      const parameter = appendPath('', instancePath.slice(1));
      // Keys from the data (under additionalProperties or patternProperties) can be long: only names are kept.
      if (names !== undefined && instancePath.length <= 64 && names.size < MAX_TOP_LEVEL_NAMES) names.set(instancePath, parameter);
      return parameter;
    }
  }
  // The data is read only to tell indexes from keys: where no segment starts with a digit, none can be an index.
  let digits = false;
  for (let index = 0; index < instancePath.length - 1 && !digits; index++) {
    if (instancePath.charCodeAt(index) !== 47) continue;
    const next = instancePath.charCodeAt(index + 1);
    digits = next >= 48 && next <= 57;
  }
  let parameter = '';
  let current: unknown = data;
  // Segments cut with indexOf, not split: `split` on Ajv's pointer (a new string each error) was a quarter of rejecting
  // ask_user's `options: ["Yes", false]` (--cpu-prof of the built code: 757 ns a call, some 200 of them in split).
  for (let start = 1; start <= instancePath.length; ) {
    let end = instancePath.indexOf('/', start);
    if (end < 0) end = instancePath.length;
    const rawSegment = instancePath.slice(start, end);
    start = end + 1;
    const segment = rawSegment.indexOf('~') < 0 ? rawSegment : rawSegment.replace(/~1/g, '/').replace(/~0/g, '~');
    // An index only where the data holds an array and the segment is one: never `v[NaN]`.
    if (digits && Array.isArray(current) && isIndex(segment)) {
      const index = Number(segment);
      parameter = appendPath(parameter, index);
      current = current[index];
    } else {
      parameter = appendPath(parameter, segment);
      // The value under the last segment is never read: looking a new string up as a key was a tenth of rejecting
      // execute_command's `env: {"PORT": 3000}` (--cpu-prof of the built code).
      if (digits && start <= instancePath.length) current = ownValue(current, segment);
    }
  }
  return parameter;
}

/** A canonical array index, as /^(0|[1-9]\d*)$/ says, without a regex per segment. */
function isIndex(segment: string): boolean {
  const length = segment.length;
  if (length === 0 || (length > 1 && segment.charCodeAt(0) === 48)) return false;
  for (let index = 0; index < length; index++) {
    const code = segment.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function schemaNumber(schema: AnySchemaObject | undefined, keyword: string): number | undefined {
  const value = schema === undefined ? undefined : ownValue(schema, keyword);
  return typeof value === 'number' ? value : undefined;
}

/** The type Ajv names (most schemas), or the types when it names several: joined by commas, or a list. */
function expectedTypes(params: Record<string, unknown>): string | string[] {
  const type = params.type;
  if (Array.isArray(type)) return type.map(String);
  // One type is given back as it is: `split` took 125 ns even with no comma to find, and a list of one was an
  // allocation per type error (micro-benchmarks of the error mapping; GetBranches' `pattern: 1` 146 to 128 ns).
  if (typeof type === 'string') return type.indexOf(',') < 0 ? type : type.split(',');
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
 * Suggestions by the schema part they come from (an enum's list, an object schema), then by the typed name, then by
 * the names already given (`given`, see the unknown-parameter case). Keyed in two steps, not by one string made per
 * question: looking such a string up was about a third of rejecting an unknown parameter (--cpu-prof of the built code,
 * FindReferences' includeDefinitions), where a typed name from the data is a key whose hash is already known.
 */
interface SuggestionMemo {
  size: number;
  byName: Map<string, Map<number | string, string | undefined>>;
}
/** Questions remembered per schema part: a log repeats its models' few mistakes, a hostile one must not grow this. */
const MAX_REMEMBERED_SUGGESTIONS = 256;

/** The memo of `owner` is full of other questions: the suggestion would be worked out on every call. */
const NOT_REMEMBERED = Symbol('not remembered');

/**
 * suggestName, remembered: a transcript repeats the same mistakes (`file` for `path`) thousands of times, and
 * working the suggestion out again was 6% of a 100,000-line `validate --batch` (--cpu-prof). The question within
 * `owner` is the typed name and `given`, which tells the candidates apart when they are not all of the owner's names.
 *
 * Worked out now only while it can be remembered, so the message is written at once as a plain error: a lazy error
 * cost 133 ns to make where a plain one cost 31 (micro-benchmark), the largest part of rejecting an unknown parameter.
 * Once the memo is full (a hostile log of distinct names), NOT_REMEMBERED: the message stays lazy, so suggestions
 * nobody reads are not searched for.
 */
function suggestionNow(suggestions: ErrorMemos['suggestions'], owner: object, typed: string, given: number | string, candidates: () => readonly string[]): string | undefined | typeof NOT_REMEMBERED {
  let memo = suggestions.get(owner);
  if (memo === undefined) {
    memo = { size: 0, byName: new Map() };
    suggestions.set(owner, memo);
  }
  let byGiven = memo.byName.get(typed);
  if (byGiven !== undefined) {
    const remembered = byGiven.get(given);
    if (remembered !== undefined || byGiven.has(given)) return remembered;
  }
  if (memo.size >= MAX_REMEMBERED_SUGGESTIONS) return NOT_REMEMBERED;
  const suggestion = suggestName(typed, candidates());
  if (byGiven === undefined) memo.byName.set(typed, (byGiven = new Map()));
  byGiven.set(given, suggestion);
  memo.size += 1;
  return suggestion;
}

/** The suggestion, remembered where suggestionNow can, worked out again where it cannot (a lazy message being read). */
function rememberedSuggestion(memos: ErrorMemos, owner: unknown, typed: string, given: number | string, candidates: () => readonly string[]): string | undefined {
  const suggestion = owner !== null && typeof owner === 'object' ? suggestionNow(memos.suggestions, owner, typed, given, candidates) : NOT_REMEMBERED;
  return suggestion === NOT_REMEMBERED ? suggestName(typed, candidates()) : suggestion;
}

/**
 * What an enum's or an object schema's errors list, written once per schema part (as the suggestions above): the
 * same list again for every rejected call was a string built and dropped each time, for the common mistakes of a
 * transcript (an unknown parameter, a value outside an enum).
 */
function listedEnum({ listedEnums }: ErrorMemos, allowed: unknown[]): string {
  let listed = listedEnums.get(allowed);
  if (listed === undefined) listedEnums.set(allowed, (listed = describeList(allowed)));
  return listed;
}

function knownParametersOf({ knownParameters }: ErrorMemos, parentSchema: unknown): { names: string[]; expected: string } {
  const cached = parentSchema !== null && typeof parentSchema === 'object' ? knownParameters.get(parentSchema) : undefined;
  if (cached !== undefined) return cached;
  const names = Object.keys((ownValue(parentSchema, 'properties') as Record<string, unknown> | undefined) ?? {});
  const known = { names, expected: names.length > 0 ? `Only the known parameters: ${describeList(names)}` : 'No additional parameters' };
  if (parentSchema !== null && typeof parentSchema === 'object') knownParameters.set(parentSchema, known);
  return known;
}

function stringsOf(values: readonly unknown[]): string[] {
  return values.filter((item): item is string => typeof item === 'string');
}

/** Which known names the arguments give: a bit per place, or past 30 names their places listed. */
function givenPlaces(known: readonly string[], present: Record<string, unknown>): number | string {
  const hasOwn = Object.prototype.hasOwnProperty;
  if (known.length <= 30) {
    let bits = 0;
    for (let index = 0; index < known.length; index++) if (hasOwn.call(present, known[index]!)) bits |= 1 << index;
    return bits;
  }
  let places = '';
  for (let index = 0; index < known.length; index++) if (hasOwn.call(present, known[index]!)) places += `${index},`;
  return places;
}

/** The known names the arguments do not give: the candidates for an unknown one. */
function notGiven(known: readonly string[], present: Record<string, unknown>): string[] {
  return known.filter((knownName) => !Object.prototype.hasOwnProperty.call(present, knownName));
}

function enumMessage(at: string, listed: string, actual: string, suggestion: string | undefined): string {
  return `${name(at)} must be one of the enum values: ${listed} (got ${actual}).${suggestion !== undefined ? ` Did you mean '${suggestion}'?` : ''}`;
}

function unknownMessage(at: string, parameter: string, suggestion: string | undefined): string {
  return `Unknown parameter '${parameter}'${suggestion !== undefined ? `. Did you mean '${appendPath(at, suggestion)}'?` : ''}`;
}

function outOfRangeError(parameter: string, message: string, expected: string, actual: string): ValidationError {
  return { parameter, code: 'out_of_range', message, expected, actual };
}

function mapOne(error: ErrorObject, data: unknown, memos: ErrorMemos): ValidationError {
  const params = error.params as Record<string, unknown>;
  const value = error.data;
  const parentSchema = error.parentSchema;
  const at = pointerToParameter(error.instancePath, data, memos.topLevelNames);

  switch (error.keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies': {
      const missing = String(params.missingProperty ?? '');
      const parameter = appendPath(at, missing);
      const propertySchema = ownValue(ownValue(parentSchema, 'properties'), missing);
      const type = describeSchemaType(propertySchema);
      const because = error.keyword !== 'required' ? ` (required when '${appendPath(at, String(params.property ?? ''))}' is given)` : '';
      return { parameter, code: 'required', message: `Missing required property '${parameter}'${because}`, expected: type === undefined ? 'A value' : `A ${type} value` };
    }
    case 'type': {
      const types = expectedTypes(params);
      const expected = typeof types === 'string' ? types : types.length === 1 ? types[0]! : types.join(' or ');
      const actual = jsonTypeForMismatch(value, types);
      const subject = at === '' ? 'Arguments' : `Property '${at}'`;
      return { parameter: at, code: 'type_mismatch', message: `${subject} must be ${expected}, got ${actual}`, expected, actual };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const limit = params.limit as number;
      const minimum = schemaNumber(parentSchema, 'minimum');
      const maximum = schemaNumber(parentSchema, 'maximum');
      // Plain literals with the message written now, for this and the other cheap messages: a lazy error (an
      // accessor object and its closures) cost more than the few strings it spared, and garbage collection was
      // a fifth of `validate --batch` (--cpu-prof, 100,000 lines); only messages that search for a suggestion
      // or describe several forms stay lazy.
      const shown = describeValue(value);
      const range = formatRangeExpected(minimum, maximum);
      // Draft-04's boolean exclusiveMaximum/exclusiveMinimum: Ajv reports `maximum` with a strict comparison.
      if (error.keyword === 'maximum' && params.comparison === '<') return outOfRangeError(at, `${name(at)} must be less than ${limit} (exclusive maximum) (actual: ${shown})`, `Less than ${limit}`, shown);
      if (error.keyword === 'minimum' && params.comparison === '>') return outOfRangeError(at, `${name(at)} must be greater than ${limit} (exclusive minimum) (actual: ${shown})`, `Greater than ${limit}`, shown);
      switch (error.keyword) {
        case 'minimum':
          return outOfRangeError(at, `${name(at)} is below minimum ${limit} (actual: ${shown})`, range, shown);
        case 'maximum':
          return outOfRangeError(at, `${name(at)} exceeds maximum ${limit} (actual: ${shown})`, range, shown);
        case 'exclusiveMinimum':
          return outOfRangeError(at, `${name(at)} must be greater than exclusiveMinimum ${limit} (actual: ${shown})`, `Greater than ${limit}`, shown);
        default:
          return outOfRangeError(at, `${name(at)} must be less than exclusiveMaximum ${limit} (actual: ${shown})`, `Less than ${limit}`, shown);
      }
    }
    case 'minLength': {
      const length = characterCount(value);
      return { parameter: at, code: 'string_too_short', message: `${name(at)} is below minLength ${String(params.limit)} (actual: ${length})`, expected: `At least ${params.limit as number} characters`, actual: `${length} characters` };
    }
    case 'maxLength': {
      const length = characterCount(value);
      return { parameter: at, code: 'string_too_long', message: `${name(at)} exceeds maxLength ${String(params.limit)} (actual: ${length})`, expected: `At most ${params.limit as number} characters`, actual: `${length} characters` };
    }
    case 'pattern': {
      const pattern = String(params.pattern ?? '');
      const text = typeof value === 'string' ? value : '';
      if (typeof params.limit === 'number') {
        return {
          parameter: at,
          code: 'pattern_mismatch',
          message: `${name(at)} is ${text.length} characters, too long to be checked against its pattern ${truncate(pattern, 200)}: a ${describeDegree(Number(params.degree))}-time pattern is tested only on values up to ${params.limit} characters`,
          expected: `At most ${params.limit} characters, matching the pattern`,
          actual: `${text.length} characters`,
        };
      }
      const shownPattern = truncate(pattern, 200);
      const actual = describeValue(text);
      const got = typeof value === 'string' ? actual : describeValue(value);
      return { parameter: at, code: 'pattern_mismatch', message: `${name(at)} does not match the required pattern ${shownPattern} (got ${got})`, expected: `Pattern: ${shownPattern}`, actual };
    }
    case 'format':
      if (isPathFormat(params.format) && typeof value === 'string') {
        const problem = memos.pathFormats.pathProblem(value, String(params.format));
        if (problem?.code === 'invalid_value') return invalidValue(at, `${name(at)}: ${problem.reason}`, value, 'A non-empty path');
        const reason = problem?.reason ?? 'path is outside the workspace';
        // Written at once: a lazy error cost more to make (its accessor) than displayPath, which reads at most 121 characters.
        return {
          parameter: at,
          code: 'path_outside_workspace',
          message: `${name(at)}: ${reason}: '${displayPath(value)}'`,
          expected: params.format === 'workspace-relative-path' ? 'A path relative to the workspace root, without ..' : 'A path inside the workspace',
          actual: describeValue(value),
        };
      }
      {
        const actual = describeValue(value);
        return { parameter: at, code: 'invalid_value', message: `${name(at)} must be a valid ${String(params.format)} (format) (got ${actual})`, expected: `A valid ${String(params.format)}`, actual };
      }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? (params.allowedValues as unknown[]) : [];
      const listed = listedEnum(memos, allowed);
      const actual = describeValue(value);
      // Closures are made only as arguments: one bound to a name costs a name-setting call per error under tsx (the bench).
      const suggestion = typeof value === 'string' ? suggestionNow(memos.suggestions, allowed, value, 0, () => stringsOf(allowed)) : undefined;
      if (suggestion !== NOT_REMEMBERED) return { parameter: at, code: 'invalid_enum', message: enumMessage(at, listed, actual, suggestion), expected: `One of: ${listed}`, actual };
      return lazyError(at, 'invalid_enum', () => enumMessage(at, listed, actual, rememberedSuggestion(memos, allowed, value as string, 0, () => stringsOf(allowed))), `One of: ${listed}`, actual);
    }
    case 'const':
    {
      const allowedValue = describeValue(params.allowedValue);
      const actual = describeValue(value);
      return { parameter: at, code: 'invalid_enum', message: `${name(at)} must be the constant value ${allowedValue} (got ${actual})`, expected: `Exactly ${allowedValue}`, actual };
    }
    case 'minItems': {
      const count = Array.isArray(value) ? value.length : 0;
      return { parameter: at, code: 'array_too_few', message: `${name(at)} has fewer items than minItems ${String(params.limit)} (actual: ${count})`, expected: `At least ${params.limit as number} items`, actual: `${count} items` };
    }
    case 'maxItems': {
      const count = Array.isArray(value) ? value.length : 0;
      return { parameter: at, code: 'array_too_many', message: `${name(at)} has more items than maxItems ${String(params.limit)} (actual: ${count})`, expected: `At most ${params.limit as number} items`, actual: `${count} items` };
    }
    case 'uniqueItems': {
      const first = Math.min(params.i as number, params.j as number);
      const second = Math.max(params.i as number, params.j as number);
      const duplicate = Array.isArray(value) ? value[second] : undefined;
      const shown = describeValue(duplicate);
      return { parameter: at, code: 'items_not_unique', message: `${name(at)} must contain unique items (uniqueItems): items ${first} and ${second} are both ${shown}`, expected: 'All items must be unique', actual: shown };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const unknownName = String(params.additionalProperty ?? params.unevaluatedProperty ?? '');
      const parameter = appendPath(at, unknownName);
      const { names: known, expected } = knownParametersOf(memos, parentSchema);
      const present = isJsonObject(value) ? value : {};
      // The known names already given are no candidates: `given` marks their places among the known, one bit each
      // (a list of places past 30 names).
      const given = givenPlaces(known, present);
      const suggestion = parentSchema !== null && typeof parentSchema === 'object' ? suggestionNow(memos.suggestions, parentSchema, unknownName, given, () => notGiven(known, present)) : NOT_REMEMBERED;
      if (suggestion !== NOT_REMEMBERED) return { parameter, code: 'invalid_value', message: unknownMessage(at, parameter, suggestion), expected };
      return lazyError(parameter, 'invalid_value', () => unknownMessage(at, parameter, rememberedSuggestion(memos, parentSchema, unknownName, given, () => notGiven(known, present))), expected);
    }
    case 'minProperties':
      return invalidValue(at, `${name(at)} must have at least ${String(params.limit)} properties (minProperties)`, undefined, `At least ${String(params.limit)} properties`);
    case 'maxProperties':
      return invalidValue(at, `${name(at)} must have at most ${String(params.limit)} properties (maxProperties)`, undefined, `At most ${String(params.limit)} properties`);
    case 'multipleOf':
      return invalidValue(at, `${name(at)} must be a multiple of ${String(params.multipleOf)} (multipleOf) (got ${describeValue(value)})`, value, `A multiple of ${String(params.multipleOf)}`);
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
      return { parameter: at, code: 'array_too_many', message: `${name(at)} has ${count} items; its schema defines only the first ${limit} and allows no others (${error.keyword})`, expected: `At most ${limit} items`, actual: `${count} items` };
    }
    case 'not':
      return invalidValue(at, `${name(at)} matches a form that is not allowed (not)`, value);
    case 'false schema':
      return invalidValue(at, `${name(at)} is not allowed`, value);
    default:
      return invalidValue(at, `${name(at)} is invalid (${error.keyword})`, value);
  }
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/** Characters (code points), as JSON Schema counts a string's length: "😀" is one. */
function characterCount(value: unknown): number {
  if (typeof value !== 'string') return 0;
  // Most strings hold no surrogate at all: a native scan says so (the string iterator allocated a string per
  // character: 1.4% of a 100,000-line batch in --cpu-prof, and a JavaScript loop over it still 2.4%).
  if (!HIGH_SURROGATE.test(value)) return value.length;
  // UTF-16 units less the second half of each surrogate pair, as Ajv's ucs2length counts.
  let count = value.length;
  for (let index = 0; index < value.length - 1; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        index += 1;
      }
    }
  }
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

const SCAN_LIMIT = 16;
const errorKey = (error: ValidationError): string => `${error.code}\u0000${error.parameter}`;

/** Not a wrapper (its cause is reported by the errors inside it), nor an unknown name that lenient mode lets pass. */
function reportedByItself(error: ErrorObject, lenient: boolean): boolean {
  const keyword = error.keyword;
  return !isWrapper(keyword) && !(lenient && (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties'));
}

/** An anyOf/oneOf becomes one error naming the allowed forms; any other error maps by its keyword. */
function mapError(error: ErrorObject, ajvErrors: readonly ErrorObject[], data: unknown, memos: ErrorMemos): ValidationError {
  return isCombinator(error.keyword) ? mapCombinator(error, ajvErrors, data, memos) : mapOne(error, data, memos);
}

// Helpers are module functions, not closures made per call: the invalid path runs once per rejected call.
export function mapAjvErrors(ajvErrors: readonly ErrorObject[], data: unknown, lenient: boolean, memos: ErrorMemos = createErrorMemos()): ValidationError[] {
  // One error (most rejected calls): nothing to group, order or merge. The lists and look-ups below were a third of
  // mapping a type error (micro-benchmark on ListFiles' invalid examples).
  if (ajvErrors.length === 1) {
    const error = ajvErrors[0]!;
    return reportedByItself(error, lenient) ? [mapError(error, ajvErrors, data, memos)] : [];
  }
  // Outermost anyOf/oneOf: the errors inside them become one error naming the allowed forms.
  const combinators: ErrorObject[] = [];
  for (const error of ajvErrors) {
    if (!isCombinator(error.keyword)) continue;
    if (combinators.some((outer) => error.schemaPath.startsWith(`${outer.schemaPath}/`))) continue;
    combinators.push(error);
  }
  // A wrong type is the cause; the value's other rules at that place are noise.
  const typeErrorPaths: string[] = [];
  for (const error of ajvErrors) if (error.keyword === 'type' && !insideCombinator(error, combinators)) typeErrorPaths.push(error.instancePath);

  const results: ValidationError[] = [];
  let keys: Set<string> | undefined;
  for (const error of ajvErrors) {
    if (!reportedByItself(error, lenient)) continue;
    if (insideCombinator(error, combinators) || underTypeError(error, typeErrorPaths)) continue;
    const mapped = mapError(error, ajvErrors, data, memos);
    // One error per parameter and code (the first). A scan while the list is short (no allocation on the common
    // path); a set past that, since 10,000 unknown keys made the scan quadratic (21 s for one call).
    if (keys === undefined && results.length >= SCAN_LIMIT) keys = new Set(results.map(errorKey));
    if (keys !== undefined) {
      const key = errorKey(mapped);
      if (keys.has(key)) continue;
      keys.add(key);
      results.push(mapped);
      continue;
    }
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

function mapCombinator(wrapper: ErrorObject, ajvErrors: readonly ErrorObject[], data: unknown, memos: ErrorMemos): ValidationError {
  const at = pointerToParameter(wrapper.instancePath, data, memos.topLevelNames);
  const subject = at === '' ? 'Arguments' : `Parameter '${at}'`;
  const passing = (wrapper.params as Record<string, unknown>).passingSchemas;
  if (wrapper.keyword === 'oneOf' && Array.isArray(passing)) {
    return invalidValue(at, `${subject} matches more than one of the allowed forms (oneOf); it must match exactly one`);
  }
  const branchErrors: ValidationError[] = [];
  for (const error of ajvErrors) {
    if (error === wrapper || !error.schemaPath.startsWith(`${wrapper.schemaPath}/`)) continue;
    if (isWrapper(error.keyword) || isCombinator(error.keyword)) continue;
    branchErrors.push(mapOne(error, data, memos));
  }
  // Every form wants another type at the same place: that is one type mismatch ("string or integer").
  if (branchErrors.length > 0 && branchErrors.every((error) => error.code === 'type_mismatch' && error.parameter === at)) {
    const expected = [...new Set(branchErrors.map((error) => error.expected ?? ''))].join(' or ');
    const actual = branchErrors[0].actual ?? jsonTypeOf(wrapper.data);
    const subject = at === '' ? 'Arguments' : `Property '${at}'`;
    return { parameter: at, code: 'type_mismatch', message: `${subject} must be ${expected}, got ${actual}`, expected, actual };
  }
  return lazyError(at, 'invalid_value', () => {
    const reasons: string[] = [];
    for (const error of branchErrors) {
      if (!reasons.includes(error.message)) reasons.push(error.message);
      if (reasons.length === 3) break;
    }
    const detail = reasons.length > 0 ? `: ${reasons.join('; or ')}` : '';
    return `${subject} does not match any of the allowed forms (${wrapper.keyword})${detail}`;
  });
}

