import { isJsonObject as isObject } from '../json/is-json-object';
import type { JsonSchema, JsonValue, ParameterRelationship } from './types';

/** A broken parameter relationship, with the error code it reports as. */
export interface RelationshipViolation {
  relationship: ParameterRelationship;
  parameter: string;
  code: 'out_of_range' | 'invalid_value' | 'required';
}

/** The default a schema declares for a top-level property, if any. */
const declaredDefault = (inputSchema: JsonSchema, name: string): JsonValue | undefined => {
  const properties = inputSchema.properties;
  if (!isObject(properties)) return undefined;
  const property = properties[name];
  return isObject(property) ? property.default : undefined;
};

/** Shared and frozen: what most calls get back. */
const NO_VIOLATIONS: RelationshipViolation[] = Object.freeze([]) as unknown as RelationshipViolation[];

/**
 * Evaluates the cross-parameter rules JSON Schema cannot state.
 * Rules only judge values of the right type: type errors are the schema's job.
 */
export function relationshipViolations(
  relationships: readonly ParameterRelationship[],
  args: unknown,
  inputSchema: JsonSchema = {},
): RelationshipViolation[] {
  if (!isObject(args)) return [];
  // Allocated on the first violation only: the validator asks on every call, and most calls break nothing.
  let violations: RelationshipViolation[] | null = null;
  for (const relationship of relationships) {
    switch (relationship.kind) {
      case 'not_less_than': {
        const value = args[relationship.parameter];
        const other = args[relationship.other];
        if (typeof value === 'number' && typeof other === 'number' && value < other) {
          (violations ??= []).push({ relationship, parameter: relationship.parameter, code: 'out_of_range' });
        }
        break;
      }
      case 'member_of': {
        const value = args[relationship.parameter];
        const list = args[relationship.list];
        // A default option needs options to be one of; without a list it cannot be a member.
        if (value !== undefined && !(Array.isArray(list) && list.some((item) => item === value))) {
          (violations ??= []).push({ relationship, parameter: relationship.parameter, code: 'invalid_value' });
        }
        break;
      }
      case 'required_unless': {
        const condition = args[relationship.when] ?? declaredDefault(inputSchema, relationship.when);
        if (args[relationship.parameter] === undefined && condition !== relationship.equals) {
          (violations ??= []).push({ relationship, parameter: relationship.parameter, code: 'required' });
        }
        break;
      }
    }
  }
  return violations ?? NO_VIOLATIONS;
}
