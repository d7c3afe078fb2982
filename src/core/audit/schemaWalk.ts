import { isJsonObject } from '../json/is-json-object';
import { walkSchema as walkJsonSchema, type WalkedSchema } from '../json/walk-schema';
import type { JsonObject } from '../toolset/types';
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

const KINDS: Record<string, SchemaNode['kind']> = {
  properties: 'property',
  items: 'items',
  additionalProperties: 'additional',
};

/**
 * Every schema node below an object schema: properties, array items, additionalProperties schemas
 * (the one schema walker, through those keywords alone).
 */
export const walkSchema = (root: JsonObject): SchemaNode[] => {
  const nodes: SchemaNode[] = [];
  // The property an items or additionalProperties schema belongs to names it ('' at the root).
  const owners = new Map<WalkedSchema, string>();
  for (const walked of walkJsonSchema(root, { only: Object.keys(KINDS) })) {
    const parent = walked.parent;
    if (!parent) continue;
    const kind = KINDS[walked.keyword]!;
    const name = kind === 'property' ? walked.key! : (owners.get(parent) ?? '');
    owners.set(walked, name);
    const required = kind === 'property' && Array.isArray(parent.node.required) && parent.node.required.includes(name);
    nodes.push({ parameter: walked.parameter, name, schema: walked.node, kind, required });
  }
  return nodes;
};

/** A name's words in snake_case (`filePath`, `FilePath` → `file_path`), so rules read every naming style alike. */
export const snakeWords = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
