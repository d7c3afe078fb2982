/** The step-by-step account the CLI prints with --verbose. */
import type { ToolDefinition } from '../toolset/types';
import { describeSchemaType } from './schema-type';
import { describeList, describeValue, jsonTypeOf, ownValue, truncate } from './describe';
import { MAX_NESTING_DEPTH } from './limits';
import { hasErrorAt, involvedParameters, isRelationshipError } from './rules';
import type { ValidationError, ValidationResult } from './types';
import { isJsonObject } from '../json/is-json-object';

const CONSTRAINT_KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
] as const;

/** A passed constraint as the seed's trace words it, value against limit: "length 8 <= maxLength 4096", "1 >= minimum 1". */
function describePassedConstraint(
  keyword: (typeof CONSTRAINT_KEYWORDS)[number],
  setting: unknown,
  value: unknown,
): string {
  const limit = String(setting);
  const count =
    typeof value === 'string'
      ? `length ${value.length}`
      : Array.isArray(value)
        ? `${value.length} item${value.length === 1 ? '' : 's'}`
        : describeValue(value);
  switch (keyword) {
    case 'minLength':
    case 'minItems':
    case 'minimum':
      return `${count} >= ${keyword} ${limit}`;
    case 'maxLength':
    case 'maxItems':
    case 'maximum':
      return `${count} <= ${keyword} ${limit}`;
    case 'exclusiveMinimum':
      return `${count} > ${keyword} ${limit}`;
    case 'exclusiveMaximum':
      return `${count} < ${keyword} ${limit}`;
    case 'enum':
      return `${describeValue(value)} is one of enum [${Array.isArray(setting) ? describeList(setting) : limit}]`;
    case 'const':
      return `${describeValue(value)} equals const ${describeValue(setting)}`;
    case 'pattern':
      return `matches pattern ${truncate(limit, 80)}`;
    case 'format':
      return `is a valid ${limit} (format)`;
    case 'multipleOf':
      return `${count} is a multiple of ${limit} (multipleOf)`;
    case 'uniqueItems':
      return 'items are unique (uniqueItems)';
  }
}

/**
 * The step-by-step account the CLI prints with --verbose: required parameters, types,
 * constraints, unknown parameters, relationships, warnings, and the result.
 */
export function verboseTrace(tool: ToolDefinition, args: unknown, result: ValidationResult): string[] {
  try {
    return buildTrace(tool, args, result);
  } catch {
    return [`Validating against: ${String(tool?.name)}`, `Result: ${result.valid ? '✓ Valid' : '✗ Invalid'}`];
  }
}

function buildTrace(tool: ToolDefinition, args: unknown, result: ValidationResult): string[] {
  const lines: string[] = [`Validating against: ${tool.name} v${tool.version}`, `Schema: ${tool.category} category`];
  const printed = new Set<ValidationError>();
  const errorsFor = (predicate: (error: ValidationError) => boolean) =>
    result.errors.filter((error) => !printed.has(error) && predicate(error));
  const printErrors = (errors: ValidationError[]) => {
    for (const error of errors) {
      printed.add(error);
      lines.push(`  ✗ ${error.parameter === '' ? '(arguments)' : error.parameter}: ${error.message}`);
    }
  };

  const properties = (ownValue(tool.inputSchema, 'properties') ?? {}) as Record<string, unknown>;
  const requiredNames = (Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : []).map(String);
  const argumentsObject = isJsonObject(args) ? args : undefined;

  lines.push('Checking arguments are an object…');
  const rootErrors = errorsFor((error) => error.parameter === '' && error.code === 'type_mismatch');
  if (rootErrors.length > 0 || argumentsObject === undefined) {
    printErrors(rootErrors);
    lines.push(`Result: ✗ Invalid (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})`);
    return lines;
  }
  lines.push('  ✓ object');

  // Too deep a value is refused before any other rule runs, so there is nothing else to report.
  const depthErrors = errorsFor(
    (error) =>
      error.code === 'invalid_value' && error.message.includes(`nested more than ${MAX_NESTING_DEPTH} levels deep`),
  );
  if (depthErrors.length > 0) {
    lines.push('Checking nesting depth…');
    printErrors(depthErrors);
    lines.push('  (no other rule was checked)');
    lines.push(`Result: ✗ Invalid (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})`);
    return lines;
  }

  lines.push('Checking required parameters…');
  for (const name of requiredNames) {
    if (ownValue(argumentsObject, name) !== undefined) lines.push(`  ✓ ${name}: present`);
  }
  printErrors(errorsFor((error) => error.code === 'required' && !isRelationshipError(error, tool)));
  if (requiredNames.length === 0) lines.push('  ✓ (no required parameters)');

  lines.push('Checking types…');
  const typeErrors = errorsFor((error) => error.code === 'type_mismatch');
  for (const name of Object.keys(properties)) {
    if (ownValue(argumentsObject, name) === undefined) continue;
    if (
      typeErrors.some(
        (error) =>
          error.parameter === name || error.parameter.startsWith(`${name}.`) || error.parameter.startsWith(`${name}[`),
      )
    )
      continue;
    lines.push(`  ✓ ${name}: ${describeSchemaType(properties[name]) ?? jsonTypeOf(ownValue(argumentsObject, name))}`);
  }
  printErrors(typeErrors);

  lines.push('Checking constraints…');
  const unknownErrors = errorsFor(
    (error) => error.code === 'invalid_value' && error.message.startsWith('Unknown parameter'),
  );
  for (const error of unknownErrors) printed.add(error);
  // A parameter whose only failure is a relationship (end_line < start_line) still passed its own
  // constraints, so they are ticked; the relationship is reported under relationships.
  const failedParameters = new Set(
    result.errors.filter((error) => !isRelationshipError(error, tool)).map((error) => error.parameter),
  );
  for (const name of Object.keys(properties)) {
    const value = ownValue(argumentsObject, name);
    if (value === undefined || failedParameters.has(name)) continue;
    const propertySchema = properties[name];
    for (const keyword of CONSTRAINT_KEYWORDS) {
      const setting = ownValue(propertySchema, keyword);
      if (setting === undefined || (keyword === 'uniqueItems' && setting !== true)) continue;
      lines.push(`  ✓ ${name}: ${describePassedConstraint(keyword, setting, value)}`);
    }
  }
  const constraintErrors = errorsFor((error) => !isRelationshipError(error, tool));
  printErrors(constraintErrors);

  lines.push('Checking unknown parameters…');
  for (const error of unknownErrors) lines.push(`  ✗ ${error.parameter}: ${error.message}`);
  if (unknownErrors.length === 0) lines.push('  ✓ none');

  const relationships = tool.relationships ?? [];
  if (relationships.length > 0) {
    lines.push('Checking relationships…');
    for (const relationship of relationships) {
      const failures = errorsFor(
        (error) => error.parameter === relationship.parameter && isRelationshipError(error, tool),
      );
      // The rule is not judged on a value the schema already rejected; a tick would claim it held.
      const broken = involvedParameters(relationship).filter((name) =>
        hasErrorAt(
          result.errors.filter((error) => !isRelationshipError(error, tool)),
          name,
        ),
      );
      if (failures.length > 0) printErrors(failures);
      else if (broken.length > 0)
        lines.push(
          `  – not checked (${broken.map((name) => `'${name}'`).join(' and ')} already invalid): ${relationship.description}`,
        );
      else lines.push(`  ✓ ${relationship.description}`);
    }
  }

  lines.push('Checking warnings…');
  for (const warning of result.warnings)
    lines.push(`  ⚠ ${warning.parameter === '' ? '(arguments)' : warning.parameter}: ${warning.message}`);
  if (result.warnings.length === 0) lines.push('  ✓ none');

  printErrors(errorsFor(() => true));
  lines.push(
    result.valid
      ? `Result: ✓ Valid${result.warnings.length > 0 ? ` (${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'})` : ''}`
      : `Result: ✗ Invalid (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})`,
  );
  return lines;
}
