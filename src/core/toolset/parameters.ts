/** A schema's parameters as rows and its constraints in words: the tool page's table, the form's hints and the Markdown twin read the same. */
import { additionalPath, itemsPath, propertyPath } from '../json/parameter-path';
import type { JsonSchema, JsonValue } from './types';

export interface ParameterRow {
  /** Path as the validator names it: `path`, `env.*`, `files[]`. */
  name: string;
  depth: number;
  type: string;
  /** Whether the parameter must be given; null where that does not apply (an array item, a map value). */
  required: boolean | null;
  defaultValue?: string;
  constraints: string[];
  description: string;
}

const asSchema = (value: JsonValue | undefined): JsonSchema | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;

/** A nested schema's own words, if it has any: no stock filler ("Each item") in their place. */
const ownDescription = (schema: JsonSchema): string =>
  typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : '';

/** A nested row (array items, map values) earns its place only when it says more than the parent's type. */
const saysMore = (schema: JsonSchema): boolean =>
  Boolean(asSchema(schema.properties)) || describeConstraints(schema).length > 0 || ownDescription(schema) !== '';

const formatJsonValue = (value: JsonValue): string => JSON.stringify(value);

function typeOf(schema: JsonSchema): string {
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (typeof type === 'string') {
    if (type === 'array') {
      const items = asSchema(schema.items);
      return items ? `array<${typeOf(items)}>` : 'array';
    }
    if (type === 'object' && asSchema(schema.additionalProperties))
      return `map<string, ${typeOf(asSchema(schema.additionalProperties)!)}>`;
    return type;
  }
  if (Array.isArray(schema.enum)) return 'enum';
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return 'one of';
  return 'any';
}

/** Every constraint a schema states, in words a reviewer can check at a glance. */
export function describeConstraints(schema: JsonSchema): string[] {
  const constraints: string[] = [];
  const number = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const minimum = number('minimum');
  const maximum = number('maximum');
  if (minimum !== undefined && maximum !== undefined) constraints.push(`range ${minimum}–${maximum}`);
  else if (minimum !== undefined) constraints.push(`minimum ${minimum}`);
  else if (maximum !== undefined) constraints.push(`maximum ${maximum}`);
  if (number('exclusiveMinimum') !== undefined) constraints.push(`greater than ${number('exclusiveMinimum')}`);
  if (number('exclusiveMaximum') !== undefined) constraints.push(`less than ${number('exclusiveMaximum')}`);
  if (number('multipleOf') !== undefined) constraints.push(`multiple of ${number('multipleOf')}`);
  const minLength = number('minLength');
  const maxLength = number('maxLength');
  if (minLength !== undefined) constraints.push(`min length ${minLength}`);
  if (maxLength !== undefined) constraints.push(`max length ${maxLength}`);
  if (typeof schema.pattern === 'string') constraints.push(`pattern ${schema.pattern}`);
  if (typeof schema.format === 'string') constraints.push(`format ${schema.format}`);
  if (Array.isArray(schema.enum)) constraints.push(`one of ${schema.enum.map(formatJsonValue).join(', ')}`);
  if (schema.const !== undefined) constraints.push(`exactly ${formatJsonValue(schema.const)}`);
  if (number('minItems') !== undefined) constraints.push(`min items ${number('minItems')}`);
  if (number('maxItems') !== undefined) constraints.push(`max items ${number('maxItems')}`);
  if (schema.uniqueItems === true) constraints.push('unique items');
  if (number('minProperties') !== undefined) constraints.push(`min entries ${number('minProperties')}`);
  if (number('maxProperties') !== undefined) constraints.push(`max entries ${number('maxProperties')}`);
  if (schema.additionalProperties === false && schema.type === 'object') constraints.push('no other properties');
  const additional = asSchema(schema.additionalProperties);
  if (additional) constraints.push(`any key; values: ${typeOf(additional)}`);
  const propertyNames = asSchema(schema.propertyNames);
  if (propertyNames && typeof propertyNames.pattern === 'string')
    constraints.push(`keys match ${propertyNames.pattern}`);
  if (schema.deprecated === true) constraints.push('deprecated');
  return constraints;
}

/** Flattens an input schema into table rows, nested rows for array items and map values. */
export function parameterRows(inputSchema: JsonSchema): ParameterRow[] {
  const rows: ParameterRow[] = [];
  const visit = (schema: JsonSchema, prefix: string, depth: number) => {
    const properties = asSchema(schema.properties) ?? {};
    const required = Array.isArray(schema.required)
      ? schema.required.filter((entry): entry is string => typeof entry === 'string')
      : [];
    for (const [name, value] of Object.entries(properties)) {
      const property = asSchema(value);
      if (!property) continue;
      const path = propertyPath(prefix, name);
      rows.push({
        name: path,
        depth,
        type: typeOf(property),
        required: required.includes(name),
        defaultValue: property.default !== undefined ? formatJsonValue(property.default) : undefined,
        constraints: describeConstraints(property),
        description: typeof property.description === 'string' ? property.description : '',
      });
      const items = asSchema(property.items);
      if (items && saysMore(items)) {
        rows.push({
          name: itemsPath(path),
          depth: depth + 1,
          type: typeOf(items),
          required: null,
          defaultValue: undefined,
          constraints: describeConstraints(items),
          description: ownDescription(items),
        });
        if (asSchema(items.properties)) visit(items, itemsPath(path), depth + 2);
      }
      const additional = asSchema(property.additionalProperties);
      if (additional && saysMore(additional)) {
        rows.push({
          name: additionalPath(path),
          depth: depth + 1,
          type: typeOf(additional),
          required: null,
          constraints: describeConstraints(additional),
          description: ownDescription(additional),
        });
      }
      if (asSchema(property.properties)) visit(property, path, depth + 1);
    }
  };
  visit(inputSchema, '', 0);
  return rows;
}
