/**
 * The one schema walker: every subschema of a schema with its JSON pointer, the parameter path
 * messages give it, how many objects deep it is, and where it sits in its parent.
 */
import { isJsonObject } from './is-json-object';
import type { JsonObject, JsonValue } from './json-value';
import { usedDefinitions } from './local-refs';
import { additionalPath, itemsPath, propertyPath } from './parameter-path';
import { escapePointerSegment } from './pointer';

export interface WalkedSchema {
  node: JsonObject;
  pointer: string;
  /** `path`, `files[]`, `env.*`: what messages call the parameter; '' for the arguments object. */
  parameter: string;
  /** Object levels from the root (the root object is level 1). */
  depth: number;
  /** The keyword the node sits under in its parent: `properties`, `items`, `anyOf`…; '' for the root. */
  keyword: string;
  /** Its name under a map keyword (`properties`, `$defs`…), its index under a list keyword (`anyOf`…). */
  key?: string;
  parent: WalkedSchema | null;
}

export interface WalkOptions {
  /** The root's pointer ('' by default). */
  pointer?: string;
  /** Leave out root definitions no reference reaches (a provider is not judged on schemas it never applies). */
  skipUnusedDefinitions?: boolean;
  /** Descend only through these keywords (the parameters alone: properties, items, additionalProperties). */
  only?: readonly string[];
}

/** Keywords whose value maps names to subschemas, one subschema, or a list of them; in the order walked. */
const MAPS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'] as const;
const SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'] as const;
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

/** True when a schema describes an object: its type says so, or it declares properties. */
export const isObjectSchema = (node: JsonObject): boolean =>
  node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || isJsonObject(node.properties);

const singleParameter = (keyword: string, parameter: string): string =>
  keyword === 'items' ? itemsPath(parameter) : keyword === 'additionalProperties' ? additionalPath(parameter) : parameter;

/** Every subschema, depth first, each before its children (properties, then definitions, then single and list keywords). */
export function walkSchema(schema: JsonValue, options: WalkOptions = {}): WalkedSchema[] {
  const nodes: WalkedSchema[] = [];
  const only = options.only ? new Set(options.only) : null;
  const follows = (keyword: string) => only === null || only.has(keyword);
  const used = options.skipUnusedDefinitions && isJsonObject(schema) ? usedDefinitions(schema) : null;
  const visit = (value: JsonValue, at: string, parameter: string, parent: WalkedSchema | null, keyword: string, key?: string): void => {
    if (!isJsonObject(value)) return;
    const depth = (parent?.depth ?? 0) + (isObjectSchema(value) ? 1 : 0);
    const walked: WalkedSchema = { node: value, pointer: at, parameter, depth, keyword, ...(key !== undefined ? { key } : {}), parent };
    nodes.push(walked);
    for (const mapKeyword of MAPS) {
      const map = value[mapKeyword];
      if (!follows(mapKeyword) || !isJsonObject(map)) continue;
      for (const [name, child] of Object.entries(map)) {
        if (used && value === schema && (mapKeyword === '$defs' || mapKeyword === 'definitions') && !used.has(`${mapKeyword}/${name}`)) continue;
        const childParameter = mapKeyword === 'properties' ? propertyPath(parameter, name) : `${mapKeyword}.${name}`;
        visit(child, `${at}/${mapKeyword}/${escapePointerSegment(name)}`, childParameter, walked, mapKeyword, name);
      }
    }
    for (const singleKeyword of SINGLE) {
      const child = value[singleKeyword];
      if (follows(singleKeyword) && isJsonObject(child)) visit(child, `${at}/${singleKeyword}`, singleParameter(singleKeyword, parameter), walked, singleKeyword);
    }
    for (const listKeyword of LISTS) {
      const list = value[listKeyword];
      if (follows(listKeyword) && Array.isArray(list)) list.forEach((child, index) => visit(child, `${at}/${listKeyword}/${index}`, parameter, walked, listKeyword, String(index)));
    }
  };
  visit(schema, options.pointer ?? '', '', null, '');
  return nodes;
}
