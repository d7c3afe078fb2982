/**
 * The validation error codes a tool's arguments can be refused with, each with the parameters that can give it:
 * read off the schema's keywords and the tool's relationships, by the mapping the validator reports with
 * (core/validation/ajv-errors.ts for the keywords, core/toolset/relationships.ts for the rules).
 */
import { isJsonObject } from '../core/json/is-json-object';
import { propertyPath } from '../core/json/parameter-path';
import { eachSubschema } from '../core/json/walk-schema';
import type { JsonObject, ToolDefinition } from '../core/toolset/types';
import { VALIDATION_ERROR_CODES, type ValidationErrorCode } from '../core/validation/types';
import { isPathFormat } from '../core/validation/path-formats';

export interface ToolErrorCode {
  code: ValidationErrorCode;
  /** What gives it, in words: "a required parameter is missing". */
  meaning: string;
  /** The parameters that can give it (`path`, `files[]`, `env.*`); '' stands for the arguments object itself. */
  parameters: string[];
}

const MEANINGS: Record<ValidationErrorCode, string> = {
  required: 'a required parameter is missing',
  type_mismatch: 'a value is not of the declared type',
  out_of_range: 'a number is outside its bounds',
  string_too_short: 'a string is shorter than its minimum length',
  string_too_long: 'a string is longer than its maximum length',
  pattern_mismatch: 'a string does not match its pattern',
  invalid_enum: 'a value is not one of the allowed values',
  array_too_few: 'a list has fewer items than its minimum',
  array_too_many: 'a list has more items than its maximum',
  items_not_unique: 'a list repeats an item',
  invalid_value: 'a value breaks another rule (an unknown parameter, a format, a rule between parameters)',
  path_outside_workspace: 'a path leaves the workspace',
  path_not_found: 'a path names nothing in the workspace',
};

/** Keyword → the code the validator reports it with. `format` and `additionalProperties` are decided apart. */
const KEYWORD_CODES: Record<string, ValidationErrorCode> = {
  type: 'type_mismatch',
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  exclusiveMinimum: 'out_of_range',
  exclusiveMaximum: 'out_of_range',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  pattern: 'pattern_mismatch',
  enum: 'invalid_enum',
  const: 'invalid_enum',
  minItems: 'array_too_few',
  maxItems: 'array_too_many',
  uniqueItems: 'items_not_unique',
  minProperties: 'invalid_value',
  maxProperties: 'invalid_value',
  multipleOf: 'invalid_value',
  propertyNames: 'invalid_value',
};

const RELATIONSHIP_CODES = {
  not_less_than: 'out_of_range',
  member_of: 'invalid_value',
  required_unless: 'required',
} as const;

const requiredNames = (node: JsonObject): string[] =>
  Array.isArray(node.required) ? node.required.filter((name): name is string => typeof name === 'string') : [];

/** Every code the tool's arguments can be refused with, in the validator's order of codes, each with its parameters in schema order. */
export function toolErrorCodes(tool: ToolDefinition): ToolErrorCode[] {
  const found = new Map<ValidationErrorCode, Set<string>>();
  const add = (code: ValidationErrorCode, parameter: string) => {
    const parameters = found.get(code) ?? new Set<string>();
    parameters.add(parameter);
    found.set(code, parameters);
  };
  for (const { node, parameter } of eachSubschema(tool.inputSchema, {
    only: ['properties', 'items', 'additionalProperties'],
  })) {
    for (const keyword of Object.keys(node)) {
      const code = KEYWORD_CODES[keyword];
      if (code && !(keyword === 'uniqueItems' && node.uniqueItems !== true)) add(code, parameter);
    }
    if (typeof node.format === 'string')
      add(isPathFormat(node.format) ? 'path_outside_workspace' : 'invalid_value', parameter);
    // A path format refuses an empty path as a value, not as a place.
    if (isPathFormat(node.format)) add('invalid_value', parameter);
    if (node.additionalProperties === false) add('invalid_value', parameter);
    const properties = isJsonObject(node.properties) ? node.properties : {};
    for (const name of requiredNames(node)) if (name in properties) add('required', propertyPath(parameter, name));
  }
  for (const relationship of tool.relationships ?? [])
    add(RELATIONSHIP_CODES[relationship.kind], relationship.parameter);
  return VALIDATION_ERROR_CODES.filter((code) => found.has(code)).map((code) => ({
    code,
    meaning: MEANINGS[code],
    parameters: [...found.get(code)!],
  }));
}
