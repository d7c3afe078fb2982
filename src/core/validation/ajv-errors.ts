/** Ajv's errors turned into the closed set of codes, one error per cause, with messages that say what to do. */
import { appendPath, jsonTypeOf, ownValue } from './describe';
import { invalidValue } from './errors';
import type { ErrorMemos } from './error-memos';
import { mapKeywordError } from './keywords';
import { MAX_REPORTED_ERRORS } from './limits';
import type { ValidationError } from './types';
import type { ErrorObject } from 'ajv';
import { lazyError } from './lazy-error';

const isCombinator = (keyword: string): boolean => keyword === 'anyOf' || keyword === 'oneOf';
/** Wrappers whose cause is reported by the errors inside them. */
const isWrapper = (keyword: string): boolean =>
  keyword === 'if' || keyword === 'allOf' || keyword === '$ref' || keyword === '$dynamicRef';

const MAX_TOP_LEVEL_NAMES = 1024;

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
      if (names !== undefined && instancePath.length <= 64 && names.size < MAX_TOP_LEVEL_NAMES)
        names.set(instancePath, parameter);
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
  for (let start = 1; start <= instancePath.length;) {
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

/** One error, other than a combinator's, mapped by its keyword at the parameter it is about. */
function mapOne(error: ErrorObject, data: unknown, memos: ErrorMemos): ValidationError {
  return mapKeywordError(error, pointerToParameter(error.instancePath, data, memos.topLevelNames), memos);
}

/** Whether an error lies inside one of the outermost anyOf/oneOf (they report it as one error). */
function insideCombinator(error: ErrorObject, combinators: readonly ErrorObject[]): boolean {
  for (const outer of combinators)
    if (error !== outer && error.schemaPath.startsWith(`${outer.schemaPath}/`)) return true;
  return false;
}

/** Whether an error is at or below a place with a wrong type (the type is the cause; the rest is noise there). */
function underTypeError(error: ErrorObject, typeErrorPaths: readonly string[]): boolean {
  if (error.keyword === 'type') return false;
  for (const path of typeErrorPaths)
    if (error.instancePath === path || error.instancePath.startsWith(`${path}/`)) return true;
  return false;
}

const SCAN_LIMIT = 16;
const errorKey = (error: ValidationError): string => `${error.code}\u0000${error.parameter}`;

/** Not a wrapper (its cause is reported by the errors inside it), nor an unknown name that lenient mode lets pass. */
function reportedByItself(error: ErrorObject, lenient: boolean): boolean {
  const keyword = error.keyword;
  return (
    !isWrapper(keyword) && !(lenient && (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties'))
  );
}

/** An anyOf/oneOf becomes one error naming the allowed forms; any other error maps by its keyword. */
function mapError(
  error: ErrorObject,
  ajvErrors: readonly ErrorObject[],
  data: unknown,
  memos: ErrorMemos,
): ValidationError {
  return isCombinator(error.keyword) ? mapCombinator(error, ajvErrors, data, memos) : mapOne(error, data, memos);
}

// Helpers are module functions, not closures made per call: the invalid path runs once per rejected call.
export function mapAjvErrors(
  ajvErrors: readonly ErrorObject[],
  data: unknown,
  lenient: boolean,
  memos: ErrorMemos,
): ValidationError[] {
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
  for (const error of ajvErrors)
    if (error.keyword === 'type' && !insideCombinator(error, combinators)) typeErrorPaths.push(error.instancePath);

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
  return [
    ...errors.slice(0, MAX_REPORTED_ERRORS),
    invalidValue('', `${hidden} more error${hidden === 1 ? '' : 's'} not shown; fix the ones above first`),
  ];
}

function mapCombinator(
  wrapper: ErrorObject,
  ajvErrors: readonly ErrorObject[],
  data: unknown,
  memos: ErrorMemos,
): ValidationError {
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
  if (
    branchErrors.length > 0 &&
    branchErrors.every((error) => error.code === 'type_mismatch' && error.parameter === at)
  ) {
    const expected = [...new Set(branchErrors.map((error) => error.expected ?? ''))].join(' or ');
    const actual = branchErrors[0].actual ?? jsonTypeOf(wrapper.data);
    const subject = at === '' ? 'Arguments' : `Property '${at}'`;
    return {
      parameter: at,
      code: 'type_mismatch',
      message: `${subject} must be ${expected}, got ${actual}`,
      expected,
      actual,
    };
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
