/** Every subschema of an input schema with its JSON pointer, the parameter path, and how many objects deep it is. */
import { escapePointerSegment as escape } from '../json/pointer';
import { isJsonObject as isObject } from '../json/is-json-object';
import { usedDefinitions } from '../json/local-refs';
import type { JsonObject, JsonValue } from '../toolset/types';

export interface SchemaNode {
  node: JsonObject;
  pointer: string;
  /** `path`, `files[]`, `env.*`: what messages call the parameter; '' for the arguments object. */
  parameter: string;
  /** Object levels from the root (the root object is level 1). */
  depth: number;
}


const SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'] as const;
const MAPS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'] as const;
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

export const isObjectSchema = (node: JsonObject): boolean =>
  node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || isObject(node.properties);

/** Every subschema, except root definitions no reference reaches: a provider is not judged on schemas it never applies. */
export function walkSchema(schema: JsonValue, pointer = '/inputSchema'): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  const used = isObject(schema) ? usedDefinitions(schema) : new Set<string>();
  const visit = (value: JsonValue, at: string, parameter: string, parentDepth: number): void => {
    if (!isObject(value)) return;
    const depth = isObjectSchema(value) ? parentDepth + 1 : parentDepth;
    nodes.push({ node: value, pointer: at, parameter, depth });
    for (const keyword of MAPS) {
      const map = value[keyword];
      if (!isObject(map)) continue;
      for (const [name, child] of Object.entries(map)) {
        if (value === schema && (keyword === '$defs' || keyword === 'definitions') && !used.has(`${keyword}/${name}`)) continue;
        const childParameter = keyword === 'properties' ? (parameter ? `${parameter}.${name}` : name) : `${keyword}.${name}`;
        visit(child, `${at}/${keyword}/${escape(name)}`, childParameter, depth);
      }
    }
    for (const keyword of SINGLE) {
      const child = value[keyword];
      if (isObject(child)) visit(child, `${at}/${keyword}`, keyword === 'items' ? `${parameter}[]` : keyword === 'additionalProperties' ? `${parameter || ''}.*` : parameter, depth);
    }
    for (const keyword of LISTS) {
      const list = value[keyword];
      if (Array.isArray(list)) list.forEach((child, index) => visit(child, `${at}/${keyword}/${index}`, parameter, depth));
    }
  };
  visit(schema, pointer, '', 0);
  return nodes;
}

/** "parameter 'path'" or "the arguments object", for messages. */
export const where = (parameter: string): string => (parameter ? `'${parameter}'` : 'the arguments object');
