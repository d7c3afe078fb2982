/**
 * Gemini `functionDeclarations`: `parameters` is an OpenAPI 3.0 subset (upper-case types, `nullable`,
 * `propertyOrdering`), turned here into the JSON Schema every other surface uses; `parametersJsonSchema`
 * is JSON Schema already and is taken as it is.
 */
import type { ImportProblem, RawTool } from '../types';
import { pointerOf, type JsonRecord, type Reader } from './shared';
import { isJsonObject } from '../../json/is-json-object';

const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL', 'TYPE_UNSPECIFIED']);

export const isGeminiDeclaration = (value: unknown): boolean =>
  isJsonObject(value) &&
  'name' in value &&
  !('type' in value) &&
  ('parameters' in value || 'parametersJsonSchema' in value) &&
  !('input_schema' in value);

/** Upper-case OpenAPI types mark a Gemini schema even where the wrapper does not. */
export const hasGeminiTypes = (schema: unknown, depth = 0): boolean => {
  if (!isJsonObject(schema) || depth > 8) return false;
  if (typeof schema.type === 'string' && GEMINI_TYPES.has(schema.type)) return true;
  if (isJsonObject(schema.properties))
    return Object.values(schema.properties).some((child) => hasGeminiTypes(child, depth + 1));
  return hasGeminiTypes(schema.items, depth + 1);
};

/** One schema node and its children, OpenAPI subset → JSON Schema 2020-12; what changed is noted once per kind. */
function convertNode(node: unknown, path: string, changes: Map<string, string[]>): unknown {
  if (Array.isArray(node)) return node.map((child, index) => convertNode(child, `${path}/${index}`, changes));
  if (!isJsonObject(node)) return node;
  const note = (what: string) => changes.set(what, [...(changes.get(what) ?? []), path || '/']);
  const out: JsonRecord = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' && typeof value === 'string') {
      if (value === 'TYPE_UNSPECIFIED') {
        note('TYPE_UNSPECIFIED dropped (any type)');
        continue;
      }
      out.type = value.toLowerCase();
      if (value !== value.toLowerCase()) note('upper-case types written in lower case');
    } else if (key === 'nullable') {
      if (value === true) note('nullable: true written as a "null" type');
    } else if (key === 'propertyOrdering') {
      note('propertyOrdering dropped (JSON Schema keeps the order of properties)');
    } else if (key === 'example') {
      out.examples = [value as never];
      note('example written as examples');
    } else if (key === 'properties' && isJsonObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, convertNode(child, `${path}/properties/${name}`, changes)]),
      );
    } else if (key === 'items' || key === 'anyOf') {
      out[key] = convertNode(value, `${path}/${key}`, changes);
    } else {
      out[key] = value;
    }
  }
  if (node.nullable === true && typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

export function geminiSchemaToJsonSchema(schema: unknown): { schema: unknown; changes: Map<string, string[]> } {
  const changes = new Map<string, string[]>();
  return { schema: convertNode(schema, '', changes), changes };
}

export const readGemini: Reader = (entries, base) =>
  entries.map((entry, index): RawTool => {
    const declaration = isJsonObject(entry) ? entry : {};
    const pointer = `${base}${pointerOf(index)}`;
    if (declaration.parametersJsonSchema !== undefined) {
      return {
        index,
        pointer,
        name: declaration.name,
        description: declaration.description ?? '',
        schemaPointer: '/parametersJsonSchema',
        schema: declaration.parametersJsonSchema,
      };
    }
    if (declaration.parameters === undefined) {
      return {
        index,
        pointer,
        name: declaration.name,
        description: declaration.description ?? '',
        schemaPointer: '/parameters',
        schema: { type: 'object', properties: {} },
      };
    }
    const { schema, changes } = geminiSchemaToJsonSchema(declaration.parameters);
    const notes: ImportProblem[] = [...changes].map(([what, paths]) => ({
      toolIndex: index,
      ...(typeof declaration.name === 'string' ? { toolName: declaration.name } : {}),
      pointer: `${pointer}/parameters${paths[0] === '/' ? '' : paths[0]}`,
      rule: 'converted',
      severity: 'warning',
      message: `Converted from Gemini's OpenAPI subset: ${what}${paths.length > 1 ? ` (${paths.length} places)` : ''}`,
    }));
    return {
      index,
      pointer,
      name: declaration.name,
      description: declaration.description ?? '',
      schemaPointer: '/parameters',
      schema,
      notes,
    };
  });
