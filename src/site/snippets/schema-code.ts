/**
 * A tool's arguments as code: a TypeScript type, a Zod schema and a Pydantic model, from its input schema.
 *
 * Written here: json-schema-to-typescript runs prettier and a file-reading $ref parser (Node only) and
 * json-schema-to-zod emits Zod 3; neither is in this project's install, and the snippets must be made in the page
 * too. These cover the keywords tool schemas use (types, enums, const, bounds, lengths, patterns, items, nested and
 * map objects, unions, defaults, descriptions); any other schema becomes the widest type (`unknown`, `z.unknown()`,
 * `Any`), so a snippet never claims a constraint it does not enforce.
 */
import { isJsonObject } from '../../core/json/is-json-object';
import type { JsonSchema, JsonValue } from '../../core/toolset/types';

const asSchema = (value: JsonValue | undefined): JsonSchema | undefined => (isJsonObject(value) ? value : undefined);
const number = (schema: JsonSchema, key: string): number | undefined =>
  typeof schema[key] === 'number' ? (schema[key] as number) : undefined;
const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type)
    ? schema.type.filter((type): type is string => typeof type === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
const requiredOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
const propertiesOf = (schema: JsonSchema): [string, JsonSchema][] =>
  Object.entries(asSchema(schema.properties) ?? {}).flatMap(([name, value]) =>
    isJsonObject(value) ? [[name, value] as [string, JsonSchema]] : [],
  );
const variantsOf = (schema: JsonSchema): JsonSchema[] | undefined => {
  const list = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  return list?.filter((variant): variant is JsonSchema => isJsonObject(variant));
};

/** `ReadFileArguments` from `read_file`, `ReadFile`, `read-file`. */
export function typeName(toolName: string, suffix = 'Arguments'): string {
  const words = toolName.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
  const name = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  return `${/^[0-9]/.test(name) || name === '' ? `Tool${name}` : name}${suffix}`;
}

const indent = (text: string, by = '  ') => text.replace(/\n/g, `\n${by}`);
const tsKey = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
/** A comment's text that cannot end the comment. */
const commentText = (text: string) => text.replace(/\*\//g, '*\\/').replace(/\r?\n/g, ' ');

/** Bounds and formats in words, for the TypeScript type's comments (the type cannot state them). */
function boundsText(schema: JsonSchema): string[] {
  const words: string[] = [];
  for (const [key, label] of [
    ['minimum', '>='],
    ['maximum', '<='],
    ['exclusiveMinimum', '>'],
    ['exclusiveMaximum', '<'],
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['multipleOf', 'multiple of'],
  ] as const) {
    const value = number(schema, key);
    if (value !== undefined) words.push(`${label} ${value}`);
  }
  if (typeof schema.pattern === 'string') words.push(`pattern ${schema.pattern}`);
  if (typeof schema.format === 'string') words.push(`format ${schema.format}`);
  if (schema.default !== undefined) words.push(`default ${JSON.stringify(schema.default)}`);
  return words;
}

/** The TypeScript type of a schema (an inline type; objects as object literals). */
function tsType(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ') || 'never';
  const variants = variantsOf(schema);
  if (variants && variants.length > 0) return variants.map((variant) => tsType(variant)).join(' | ');
  const types = typesOf(schema);
  if (types.length > 1) return types.map((type) => tsType({ ...schema, type })).join(' | ');
  switch (types[0]) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const items = asSchema(schema.items);
      return `Array<${items ? tsType(items) : 'unknown'}>`;
    }
    case 'object':
      return tsObject(schema);
    default:
      return asSchema(schema.properties) ? tsObject(schema) : 'unknown';
  }
}

function tsObject(schema: JsonSchema): string {
  const properties = propertiesOf(schema);
  const additional = asSchema(schema.additionalProperties);
  if (properties.length === 0)
    return additional
      ? `Record<string, ${tsType(additional)}>`
      : schema.additionalProperties === false
        ? 'Record<string, never>'
        : 'Record<string, unknown>';
  const required = requiredOf(schema);
  const members = properties.map(([name, property]) => {
    const bounds = boundsText(property);
    const description = typeof property.description === 'string' ? property.description.trim() : '';
    const note = [description, bounds.length > 0 ? `(${bounds.join(', ')})` : ''].filter(Boolean).join(' ');
    const doc = note ? `/** ${commentText(note)} */\n` : '';
    return `${doc}${tsKey(name)}${required.includes(name) ? '' : '?'}: ${tsType(property)};`;
  });
  return `{\n  ${indent(members.join('\n'))}\n}`;
}

/** `export interface ReadFileArguments { … }`, or a type alias where the arguments are no object. */
export function typescriptSnippet(toolName: string, schema: JsonSchema): string {
  const type = tsType(schema);
  return type.startsWith('{')
    ? `export interface ${typeName(toolName)} ${type}\n`
    : `export type ${typeName(toolName)} = ${type};\n`;
}

/** The Zod (v4) expression of a schema. */
export function zodExpression(schema: JsonSchema): string {
  let expression = zodBase(schema);
  if (schema.default !== undefined) expression += `.default(${JSON.stringify(schema.default)})`;
  if (typeof schema.description === 'string') expression += `.describe(${JSON.stringify(schema.description)})`;
  return expression;
}

function zodBase(schema: JsonSchema): string {
  if (schema.const !== undefined) return `z.literal(${JSON.stringify(schema.const)})`;
  if (Array.isArray(schema.enum)) {
    if (schema.enum.length > 0 && schema.enum.every((value) => typeof value === 'string'))
      return `z.enum(${JSON.stringify(schema.enum)})`;
    const literals = schema.enum.map((value) => (value === null ? 'z.null()' : `z.literal(${JSON.stringify(value)})`));
    return literals.length === 1 ? literals[0]! : `z.union([${literals.join(', ')}])`;
  }
  const variants = variantsOf(schema);
  if (variants && variants.length > 0)
    return variants.length === 1 ? zodExpression(variants[0]!) : `z.union([${variants.map(zodExpression).join(', ')}])`;
  const types = typesOf(schema);
  if (types.length > 1) return `z.union([${types.map((type) => zodBase({ ...schema, type })).join(', ')}])`;
  const bound = (method: string, key: string) =>
    number(schema, key) !== undefined ? `.${method}(${number(schema, key)})` : '';
  switch (types[0]) {
    case 'string':
      return `z.string()${bound('min', 'minLength')}${bound('max', 'maxLength')}${typeof schema.pattern === 'string' ? `.regex(new RegExp(${JSON.stringify(schema.pattern)}))` : ''}`;
    case 'integer':
    case 'number':
      return `z.number()${types[0] === 'integer' ? '.int()' : ''}${bound('gte', 'minimum')}${bound('lte', 'maximum')}${bound('gt', 'exclusiveMinimum')}${bound('lt', 'exclusiveMaximum')}${bound('multipleOf', 'multipleOf')}`;
    case 'boolean':
      return 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'array': {
      const items = asSchema(schema.items);
      return `z.array(${items ? zodExpression(items) : 'z.unknown()'})${bound('min', 'minItems')}${bound('max', 'maxItems')}`;
    }
    case 'object':
      return zodObject(schema);
    default:
      return asSchema(schema.properties) ? zodObject(schema) : 'z.unknown()';
  }
}

function zodObject(schema: JsonSchema): string {
  const properties = propertiesOf(schema);
  const additional = asSchema(schema.additionalProperties);
  if (properties.length === 0 && additional) return `z.record(z.string(), ${zodExpression(additional)})`;
  const required = requiredOf(schema);
  const members = properties.map(([name, property]) => {
    const optional = required.includes(name) || property.default !== undefined ? '' : '.optional()';
    return `${tsKey(name)}: ${zodExpression(property)}${optional},`;
  });
  const body = members.length > 0 ? `{\n  ${indent(members.join('\n'))}\n}` : '{}';
  return schema.additionalProperties === false ? `z.strictObject(${body})` : `z.object(${body})`;
}

/** `import { z } from 'zod'; export const readFileArguments = z.strictObject({ … });` */
export function zodSnippet(toolName: string, schema: JsonSchema): string {
  const name = typeName(toolName);
  const constant = name[0]!.toLowerCase() + name.slice(1);
  return `import { z } from 'zod';\n\nexport const ${constant} = ${zodExpression(schema)};\n\nexport type ${name} = z.infer<typeof ${constant}>;\n`;
}
