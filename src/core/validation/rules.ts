/** The cross-parameter rules and warnings a schema cannot state, applied after Ajv's checks. */
import { relationshipViolations } from '../toolset/relationships';
import type { JsonSchema, ParameterRelationship, ToolDefinition } from '../toolset/types';
import { describeSchemaType } from './schema-type';
import { describeList, describeValue, ownValue } from './describe';
import type { RegexEngine } from './linear-engine';
import { pathRemarks } from './path-formats';
import type { ValidationError, ValidationWarning } from './types';
import { compatibility, securityConcern } from './warnings';

export interface DeprecatedProperty {
  path: readonly string[];
  parameter: string;
  replacement?: string;
}

/** A parameter whose schema declares a path format, by its path (`path`, `files[]` for array items). */
export interface PathProperty {
  path: readonly string[];
  parameter: string;
  items: boolean;
}

/** The given value, or the schema's default for a top-level parameter that was left out. */
function effectiveValue(args: Record<string, unknown>, schema: JsonSchema, parameter: string): unknown {
  const given = ownValue(args, parameter);
  if (given !== undefined) return given;
  return ownValue(ownValue(ownValue(schema, 'properties'), parameter), 'default');
}

/**
 * An error raised by a relationship rule, told apart by its class so the trace can list it under relationships; the
 * same own fields as any error (a copy, or JSON, is a plain error). Measured (--cpu-prof of the built code, ask_user's
 * default_option outside its options): keeping these in a WeakSet cost about 150 ns an error, of a call's 835.
 */
class RelationshipError implements ValidationError {
  parameter: string;
  code: ValidationError['code'];
  message: string;
  declare expected?: string;
  declare actual?: string;

  constructor(error: ValidationError) {
    this.parameter = error.parameter;
    this.code = error.code;
    this.message = error.message;
    if (error.expected !== undefined) this.expected = error.expected;
    if (error.actual !== undefined) this.actual = error.actual;
  }
}

/** By class when the result came straight from validateArguments, else by the rule's message. */
export function isRelationshipError(error: ValidationError, tool: ToolDefinition): boolean {
  if (error instanceof RelationshipError) return true;
  return (tool.relationships ?? []).some((relationship) => {
    if (relationship.parameter !== error.parameter) return false;
    if (relationship.kind === 'not_less_than')
      return error.code === 'out_of_range' && error.message.includes('must not be less than');
    if (relationship.kind === 'member_of')
      return error.code === 'invalid_value' && error.message.includes('must be one of the values in');
    return error.code === 'required' && error.message.includes('(required ');
  });
}

function pushRelationshipError(errors: ValidationError[], error: ValidationError): void {
  errors.push(new RelationshipError(error));
}

export function involvedParameters(relationship: ParameterRelationship): string[] {
  switch (relationship.kind) {
    case 'not_less_than':
      return [relationship.parameter, relationship.other];
    case 'member_of':
      return [relationship.parameter, relationship.list];
    case 'required_unless':
      return [relationship.parameter, relationship.when];
  }
}

export function hasErrorAt(errors: readonly ValidationError[], parameter: string): boolean {
  for (let index = 0; index < errors.length; index++) {
    const at = errors[index]!.parameter;
    if (at === parameter) return true;
    // At or below it (`parameter.x`, `parameter[0]`), without a string made per error to compare with.
    if (at.length > parameter.length && at.startsWith(parameter)) {
      const next = at.charCodeAt(parameter.length);
      if (next === 46 || next === 91) return true;
    }
  }
  return false;
}

/**
 * The toolset's relationship rules decide what is broken (one definition shared with the toolset
 * loader); this turns each violation into an error that names both parameters.
 */
export function checkRelationships(
  relationships: readonly ParameterRelationship[],
  args: Record<string, unknown>,
  schema: JsonSchema,
  errors: ValidationError[] | null,
): ValidationError[] | null {
  const violations = relationshipViolations(relationships, args, schema);
  if (violations.length === 0) return errors;
  const found = errors ?? [];
  for (const violation of violations) {
    const relationship = violation.relationship;
    const parameter = relationship.parameter;
    // A value the schema already rejected is judged there; one cause, one error.
    if (involvedParameters(relationship).some((name) => hasErrorAt(found, name))) continue;
    const value = ownValue(args, parameter);
    switch (relationship.kind) {
      case 'not_less_than': {
        const other = ownValue(args, relationship.other);
        pushRelationshipError(found, {
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
        pushRelationshipError(found, {
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
        const because =
          condition === undefined
            ? `required unless '${relationship.when}' is ${describeValue(relationship.equals)}`
            : `required when '${relationship.when}' is ${describeValue(condition)}, not ${describeValue(relationship.equals)}`;
        pushRelationshipError(found, {
          parameter,
          code: 'required',
          message: `Missing required property '${parameter}' (${because})`,
          expected: type === undefined ? 'A value' : `A ${type} value`,
        });
        break;
      }
    }
  }
  return found;
}

/** What a valid call with nothing to remark returns: shared, frozen, so no array is allocated per call. */
export const NO_WARNINGS: ValidationWarning[] = Object.freeze([]) as unknown as ValidationWarning[];

export function pathWarnings(
  parameter: string,
  value: string,
  errors: readonly ValidationError[],
  warnings: ValidationWarning[] | null,
): ValidationWarning[] | null {
  if (hasErrorAt(errors, parameter)) return warnings;
  for (const remark of pathRemarks(parameter, value)) {
    (warnings ??= []).push(
      remark.code === 'security_concern'
        ? securityConcern(parameter, remark.message)
        : compatibility(parameter, remark.message),
    );
  }
  return warnings;
}

/** Whether validating this tool runs warning patterns, which need RE2 (see linear-engine.ts). */
export function hasPatternWarnings(tool: ToolDefinition): boolean {
  return (tool.warnings ?? []).some((rule) => rule.code === 'security_concern' || rule.code === 'compatibility');
}

/** True when this tool's warnings cannot be checked with this engine until RE2 has loaded (then: `regexEngine.load()`). */
export function needsLinearEngine(tool: ToolDefinition, regexEngine: RegexEngine): boolean {
  return regexEngine.current() === null && hasPatternWarnings(tool);
}
