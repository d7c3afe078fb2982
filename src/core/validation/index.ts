/** The validation core: one validator for the form, the editor, the CLI and the runtime. */
export * from './types';
export { createValidator, MAX_NESTING_DEPTH, MAX_REPORTED_ERRORS, parseArguments, verboseTrace } from './validator';
export type { PrecompileOutcome, PrecompiledValidator, SchemaCompiler, Validator, ValidatorOptions } from './validator';
export type { DuplicateKey, JsonParseError, ParseArgumentsResult } from './json-text';
export {
  combineResults,
  formatErrorMessage,
  formatSummary,
  formatWarningMessage,
  invalidResult,
  invalidValueResult,
  missingRequired,
  toLlmContext,
  validResult,
  validWithWarnings,
  withError,
  withWarning,
} from './result';
export * as validationErrors from './errors';
export * as validationWarnings from './warnings';
export { checkArrayLength, checkEnum, checkPattern, checkRange, checkStringLength } from './checks';
export { suggestName } from './suggest';
