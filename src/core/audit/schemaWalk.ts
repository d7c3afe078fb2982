import { isJsonObject } from '../json/is-json-object';
import type { JsonObject, JsonValue } from '../toolset/types';
import type { SchemaNode } from './types';

export { isJsonObject };

/** The declared type as a list (`type` may be a string or an array in JSON Schema). */
export const schemaTypes = (schema: JsonObject): string[] => {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return [];
};

export const hasType = (schema: JsonObject, type: string): boolean => schemaTypes(schema).includes(type);

/** Every schema node below an object schema: properties, array items, additionalProperties schemas. */
export const walkSchema = (root: JsonObject): SchemaNode[] => {
  const nodes: SchemaNode[] = [];
  const visit = (schema: JsonObject, prefix: string, ownerName: string) => {
    const properties = schema.properties;
    const required = Array.isArray(schema.required) ? schema.required : [];
    if (isJsonObject(properties)) {
      for (const [name, child] of Object.entries(properties)) {
        if (!isJsonObject(child)) continue;
        const parameter = prefix ? `${prefix}.${name}` : name;
        nodes.push({ parameter, name, schema: child, kind: 'property', required: required.includes(name) });
        visit(child, parameter, name);
      }
    }
    if (isJsonObject(schema.items)) {
      const parameter = `${prefix}[]`;
      nodes.push({ parameter, name: ownerName, schema: schema.items, kind: 'items', required: false });
      visit(schema.items, parameter, ownerName);
    }
    if (isJsonObject(schema.additionalProperties)) {
      const parameter = prefix ? `${prefix}.*` : '*';
      nodes.push({ parameter, name: ownerName, schema: schema.additionalProperties, kind: 'additional', required: false });
      visit(schema.additionalProperties, parameter, ownerName);
    }
  };
  visit(root, '', '');
  return nodes;
};

export const describeValue = (value: JsonValue | undefined): string => JSON.stringify(value) ?? 'undefined';

/** A name's words in snake_case (`filePath`, `FilePath` → `file_path`), so rules read every naming style alike. */
export const snakeWords = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
