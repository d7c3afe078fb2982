/**
 * One call's arguments checked against a compiled schema: Ajv's verdict, its errors mapped to codes, names given
 * twice, the relationships between parameters and the warnings, with the valid path allocating only its result.
 */
import type { ToolDefinition, JsonSchema } from '../toolset/types';
import { isJsonObject } from '../json/is-json-object';
import { relationshipViolations } from '../toolset/relationships';
import { capped, mapAjvErrors, pointerToParameter } from './ajv-errors';
import type { ErrorMemos } from './error-memos';
import { jsonTypeForMismatch } from './describe';
import { invalidValue, typeMismatch } from './errors';
import type { DuplicateKey } from './json-text';
import { caseInsensitiveEnumMatches } from './enum-case';
import { MAX_NESTING_DEPTH } from './limits';
import { checkRelationships, NO_WARNINGS } from './rules';
import type { RegexEngine } from './linear-engine';
import type { ValidationError, ValidationResult, ValidationWarning } from './types';
import { compatibility } from './warnings';
import { inSchemaOrder } from './error-order';
import type { CompiledSchema } from './compiled-schemas';
import { findTooDeep } from './nesting-depth';

/** The errors of a valid call: shared and frozen (nothing may add to a list another result holds). */
const NO_ERRORS: ValidationError[] = Object.freeze([]) as unknown as ValidationError[];
/**
 * The result of a valid call with nothing to remark, shared and frozen: most calls, and the result object was
 * most of what the valid path allocated (measured: about a tenth of its time went to collecting it).
 */
const VALID: ValidationResult = Object.freeze({ valid: true, errors: NO_ERRORS, warnings: NO_WARNINGS });

/** What a strict call accepts in lenient mode's place: nothing (shared, not a list made per rejected call). */
const NO_MATCHES: ReturnType<typeof caseInsensitiveEnumMatches> = Object.freeze([]) as unknown as ReturnType<
  typeof caseInsensitiveEnumMatches
>;

export function checkArguments(
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
    const checks = compiled.warningPlan.checksFor(tool);
    if (checks === null) return VALID;
    const pathsClean = compiled.pathsByFormat && pathFormats.uncleanCount() === uncleanBefore;
    if (pathsClean && checks.pathsOnly) return VALID;
    const warnings = checks.run(args, NO_ERRORS, regexEngine, pathsClean);
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
  const checks = compiled.warningPlan.checksFor(tool);
  // Ajv's path formats found every path clean (none counted unclean while it ran): no path earns a remark, so
  // the remark pass is skipped (measured: move_file's own time over raw Ajv about 150 to 35 ns, read_file's 120 to 35).
  // A rejected call too: with allErrors Ajv checks every keyword of every given property whatever else failed, so the
  // format saw each string path (the pass checked every path of a rejected call again).
  const pathsClean = compiled.pathsByFormat && pathFormats.uncleanCount() === uncleanBefore;
  const ruleWarnings =
    checks === null || (pathsClean && checks.pathsOnly)
      ? NO_WARNINGS
      : checks.run(args, errors, regexEngine, pathsClean);
  const warnings = leniencyWarnings === null ? ruleWarnings : [...leniencyWarnings, ...ruleWarnings];
  if (errors.length === 0) return warnings === NO_WARNINGS ? VALID : { valid: true, errors: NO_ERRORS, warnings };
  return { valid: false, errors: capped(inSchemaOrder(errors, compiled.propertyNames)), warnings };
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
