/**
 * Single-rule checks for handlers that validate values outside a schema (the validator interface
 * of the error model). Each returns the error, or null when the value passes.
 */
import { arrayTooFew, arrayTooMany, invalidEnum, invalidValue, outOfRange, patternMismatch, stringTooLong, stringTooShort } from './errors';
import type { ValidationError } from './types';

/** Enum membership, ignoring case as the error model asks for hand-written enum checks. */
export function checkEnum(parameter: string, value: string, allowedValues: readonly string[]): ValidationError | null {
  const lowered = value.toLowerCase();
  return allowedValues.some((allowed) => allowed.toLowerCase() === lowered) ? null : invalidEnum(parameter, value, allowedValues);
}

export function checkRange(parameter: string, value: number, minimum?: number | null, maximum?: number | null): ValidationError | null {
  if (Number.isNaN(value)) return invalidValue(parameter, `Parameter '${parameter}' must be a number`, value);
  if (minimum != null && value < minimum) return outOfRange(parameter, value, minimum, maximum);
  if (maximum != null && value > maximum) return outOfRange(parameter, value, minimum, maximum);
  return null;
}

export function checkStringLength(parameter: string, value: string, minLength?: number | null, maxLength?: number | null): ValidationError | null {
  if (minLength != null && value.length < minLength) return stringTooShort(parameter, value.length, minLength);
  if (maxLength != null && value.length > maxLength) return stringTooLong(parameter, value.length, maxLength);
  return null;
}

const patternCache = new Map<string, RegExp | null>();

/** Pattern match with compiled expressions cached; a pattern that is not a valid expression is an error, not a throw. */
export function checkPattern(parameter: string, value: string, pattern: string): ValidationError | null {
  let expression = patternCache.get(pattern);
  if (expression === undefined) {
    try {
      expression = new RegExp(pattern, 'u');
    } catch {
      expression = null;
    }
    patternCache.set(pattern, expression);
  }
  if (expression === null) return invalidValue(parameter, `Invalid pattern in schema: ${pattern.slice(0, 200)}`);
  return expression.test(value) ? null : patternMismatch(parameter, value, pattern);
}

export function checkArrayLength(parameter: string, itemCount: number, minItems?: number | null, maxItems?: number | null): ValidationError | null {
  if (minItems != null && itemCount < minItems) return arrayTooFew(parameter, itemCount, minItems);
  if (maxItems != null && itemCount > maxItems) return arrayTooMany(parameter, itemCount, maxItems);
  return null;
}
