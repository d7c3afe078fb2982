/** The validation result model every surface reports: form, editor, CLI and runtime. */
import type { DuplicateKey } from './json-text';

export const VALIDATION_ERROR_CODES = [
  'required',
  'type_mismatch',
  'out_of_range',
  'string_too_short',
  'string_too_long',
  'pattern_mismatch',
  'invalid_enum',
  'array_too_few',
  'array_too_many',
  'items_not_unique',
  'invalid_value',
  'path_outside_workspace',
  'path_not_found',
] as const;
export type ValidationErrorCode = (typeof VALIDATION_ERROR_CODES)[number];

const VALIDATION_WARNING_CODES = [
  'deprecated',
  'large_value',
  'slow_operation',
  'security_concern',
  'compatibility',
] as const;
type ValidationWarningCode = (typeof VALIDATION_WARNING_CODES)[number];

/** How serious a warning is, for display: 1 informational, 2 worth acting on, 3 a security concern. */
type WarningSeverity = 1 | 2 | 3;

export interface ValidationError {
  /** Path of the parameter: `path`, `env.PORT`, `files[2]`; empty for the arguments as a whole. */
  parameter: string;
  code: ValidationErrorCode;
  message: string;
  /** What the rule expects, in words ("at most 4096 characters"). */
  expected?: string;
  /** What was given, summarised; never a huge value echoed back. */
  actual?: string;
}

/** A warning code of its own, beside the five above. */
type CustomWarningCode = string & {};

export interface ValidationWarning {
  parameter: string;
  code: ValidationWarningCode | CustomWarningCode;
  message: string;
  severity: WarningSeverity;
}

export interface ValidationResult {
  valid: boolean;
  errors: ValidationError[];
  warnings: ValidationWarning[];
}

export interface ValidateOptions {
  /**
   * Lenient mode ignores unknown properties instead of rejecting them, and accepts an enum value that
   * differs from an allowed one only in letter case (with a warning naming the canonical value).
   */
  lenient?: boolean;
  /**
   * The names the arguments' text gave twice (`parseArguments(text).duplicateKeys`): JSON.parse kept only the last
   * value of each, and each is reported as an error. `validateText` passes them itself.
   */
  duplicateKeys?: readonly DuplicateKey[];
}
