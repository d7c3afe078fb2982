/**
 * Single-rule checks for handlers that validate values outside a schema (the validator interface
 * of the error model). Each returns the error, or null when the value passes.
 */
import {
  arrayTooFew,
  arrayTooMany,
  invalidEnum,
  invalidValue,
  outOfRange,
  patternMismatch,
  stringTooLong,
  stringTooShort,
} from './errors';
import { truncate } from './describe';
import type { RegexEngine } from './linear-engine';
import { compilePattern, describeDegree } from './regex';
import type { ValidationError } from './types';

/** Enum membership, ignoring case as the error model asks for hand-written enum checks. */
export function checkEnum(parameter: string, value: string, allowedValues: readonly string[]): ValidationError | null {
  const lowered = value.toLowerCase();
  return allowedValues.some((allowed) => allowed.toLowerCase() === lowered)
    ? null
    : invalidEnum(parameter, value, allowedValues);
}

export function checkRange(
  parameter: string,
  value: number,
  minimum?: number | null,
  maximum?: number | null,
): ValidationError | null {
  if (Number.isNaN(value)) return invalidValue(parameter, `Parameter '${parameter}' must be a number`, value);
  if (minimum != null && value < minimum) return outOfRange(parameter, value, minimum, maximum);
  if (maximum != null && value > maximum) return outOfRange(parameter, value, minimum, maximum);
  return null;
}

export function checkStringLength(
  parameter: string,
  value: string,
  minLength?: number | null,
  maxLength?: number | null,
): ValidationError | null {
  if (minLength != null && value.length < minLength) return stringTooShort(parameter, value.length, minLength);
  if (maxLength != null && value.length > maxLength) return stringTooLong(parameter, value.length, maxLength);
  return null;
}

/**
 * Pattern match through the same guard as the schema keyword (pattern-safety.ts): a pattern that is
 * not a valid expression or can backtrack exponentially is an error, not a throw or a hang, and a
 * value longer than the pattern's safe input length is refused without running it. Callers check
 * length first (checkStringLength), as the validator does. `regexEngine` is the caller's validator's
 * (`validator.regexEngine`): without RE2 there, a pattern only RE2 runs safely is refused as unsafe.
 */
export function checkPattern(
  parameter: string,
  value: string,
  pattern: string,
  regexEngine: RegexEngine,
): ValidationError | null {
  const compiled = compilePattern(pattern, regexEngine.current());
  if (!compiled.ok)
    return invalidValue(
      parameter,
      `Invalid pattern in schema: ${truncate(pattern, 200)} is refused because ${compiled.reason}`,
    );
  if (value.length > compiled.maxInput) {
    return {
      ...patternMismatch(parameter, value, pattern),
      message: `Parameter '${parameter}' is ${value.length} characters, too long to be checked against its pattern: a ${describeDegree(compiled.degree)}-time pattern is tested only on values up to ${compiled.maxInput} characters`,
    };
  }
  return compiled.expression.test(value) ? null : patternMismatch(parameter, value, pattern);
}

export function checkArrayLength(
  parameter: string,
  itemCount: number,
  minItems?: number | null,
  maxItems?: number | null,
): ValidationError | null {
  if (minItems != null && itemCount < minItems) return arrayTooFew(parameter, itemCount, minItems);
  if (maxItems != null && itemCount > maxItems) return arrayTooMany(parameter, itemCount, maxItems);
  return null;
}
