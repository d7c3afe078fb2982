/**
 * Python for the snippets: JSON values as Python literals, and a tool's arguments as a Pydantic (v2) model with
 * every bound as a Field constraint. Written here for the reasons schema-code.ts gives; datamodel-code-generator,
 * the Python generator, runs in Python only.
 */
import { isJsonObject } from '../../core/json/is-json-object';
import type { JsonSchema, JsonValue } from '../../core/toolset/types';
import { typeName } from './schema-code';

const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);

/** A JSON value as a Python literal, laid out as JSON.stringify lays it out. */
export function pythonLiteral(value: JsonValue, space = 2): string {
  // Strings stay JSON strings (valid Python); true, false and null outside strings become True, False and None.
  return JSON.stringify(value, null, space).replace(
    /("(?:[^"\\]|\\.)*")|\btrue\b|\bfalse\b|\bnull\b/g,
    (token, string: string | undefined) =>
      string !== undefined ? string : token === 'true' ? 'True' : token === 'false' ? 'False' : 'None',
  );
}

/** A name Python accepts for a field, and the alias that keeps the JSON name when it differs. */
export function pythonField(name: string): { field: string; alias?: string } {
  let field = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (/^[0-9]/.test(field) || field === '') field = `field_${field}`;
  if (PYTHON_KEYWORDS.has(field) || field.startsWith('model_')) field = `${field}_`;
  return field === name ? { field } : { field, alias: name };
}

const asSchema = (value: JsonValue | undefined): JsonSchema | undefined => (isJsonObject(value) ? value : undefined);
const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type)
    ? schema.type.filter((type): type is string => typeof type === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];

/** A schema's bounds and pattern as `Field(…)` arguments. */
function constraintArguments(schema: JsonSchema): string[] {
  const settings: string[] = [];
  for (const [key, argument] of [
    ['minimum', 'ge'],
    ['maximum', 'le'],
    ['exclusiveMinimum', 'gt'],
    ['exclusiveMaximum', 'lt'],
    ['multipleOf', 'multiple_of'],
    ['minLength', 'min_length'],
    ['maxLength', 'max_length'],
    ['minItems', 'min_length'],
    ['maxItems', 'max_length'],
  ] as const) {
    if (typeof schema[key] === 'number') settings.push(`${argument}=${String(schema[key])}`);
  }
  if (typeof schema.pattern === 'string') settings.push(`pattern=${JSON.stringify(schema.pattern)}`);
  return settings;
}

/** The arguments of a property's `Field(…)`: its default (`...` when required), alias, bounds, pattern and description. */
export function fieldArguments(schema: JsonSchema, isRequired: boolean, alias?: string): string[] {
  const settings: string[] = [
    isRequired ? '...' : schema.default !== undefined ? pythonLiteral(schema.default, 0) : 'None',
  ];
  if (alias) settings.push(`alias=${JSON.stringify(alias)}`);
  settings.push(...constraintArguments(schema));
  if (typeof schema.description === 'string') settings.push(`description=${JSON.stringify(schema.description)}`);
  return settings;
}

/** Builds the models of one tool: nested objects become classes of their own, written before the class that uses them. */
export class ModelWriter {
  readonly classes: string[] = [];
  private readonly names = new Set<string>();

  pythonType(schema: JsonSchema, hint: string): string {
    if (schema.const !== undefined) return `Literal[${pythonLiteral(schema.const, 0)}]`;
    if (Array.isArray(schema.enum))
      return schema.enum.length > 0
        ? `Literal[${schema.enum.map((value) => pythonLiteral(value, 0)).join(', ')}]`
        : 'Any';
    const variants = (
      Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []
    ).filter((variant): variant is JsonSchema => isJsonObject(variant));
    if (variants.length > 0)
      return `Union[${variants.map((variant, index) => this.pythonType(variant, `${hint}${index + 1}`)).join(', ')}]`;
    const types = typesOf(schema);
    if (types.length > 1) return `Union[${types.map((type) => this.pythonType({ ...schema, type }, hint)).join(', ')}]`;
    switch (types[0]) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array': {
        const items = asSchema(schema.items);
        if (!items) return 'List[Any]';
        // An item's own bounds hold for each item: Annotated carries them into the list.
        const itemType = this.pythonType(items, `${hint}Item`);
        const constraints = constraintArguments(items);
        return `List[${constraints.length > 0 ? `Annotated[${itemType}, Field(${constraints.join(', ')})]` : itemType}]`;
      }
      case 'object':
      default: {
        if (asSchema(schema.properties)) return this.model(schema, hint);
        const additional = asSchema(schema.additionalProperties);
        if (additional) return `Dict[str, ${this.pythonType(additional, `${hint}Value`)}]`;
        return types[0] === 'object' ? 'Dict[str, Any]' : 'Any';
      }
    }
  }

  /** Writes a class for an object schema and returns its name. */
  model(schema: JsonSchema, wanted: string): string {
    let name = wanted;
    for (let index = 2; this.names.has(name); index++) name = `${wanted}${index}`;
    this.names.add(name);
    const required = Array.isArray(schema.required) ? schema.required : [];
    const lines: string[] = [];
    for (const [property, value] of Object.entries(asSchema(schema.properties) ?? {})) {
      const propertySchema = asSchema(value);
      if (!propertySchema) continue;
      const { field, alias } = pythonField(property);
      const fieldName =
        field[0]!.toUpperCase() + field.slice(1).replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
      let type = this.pythonType(propertySchema, `${name.replace(/Arguments$/, '')}${fieldName}`);
      const isRequired = required.includes(property);
      if (!isRequired && propertySchema.default === undefined) type = `Optional[${type}]`;
      const settings = fieldArguments(propertySchema, isRequired, alias);
      lines.push(`    ${field}: ${type} = Field(${settings.join(', ')})`);
    }
    const config =
      schema.additionalProperties === false
        ? ['    model_config = ConfigDict(extra="forbid", populate_by_name=True)', '']
        : [];
    const body = [...config, ...(lines.length > 0 ? lines : config.length > 0 ? [] : ['    pass'])];
    const doc = typeof schema.description === 'string' ? [`    ${JSON.stringify(schema.description)}`, ''] : [];
    this.classes.push([`class ${name}(BaseModel):`, ...doc, ...body].join('\n').trimEnd());
    return name;
  }
}

/** The arguments as a Pydantic v2 model (nested objects as models of their own). */
export function pydanticSnippet(toolName: string, schema: JsonSchema): string {
  const writer = new ModelWriter();
  writer.model(schema, typeName(toolName));
  const header =
    'from typing import Annotated, Any, Dict, List, Literal, Optional, Union\n\nfrom pydantic import BaseModel, ConfigDict, Field\n';
  return `${header}\n\n${writer.classes.join('\n\n\n')}\n`;
}
