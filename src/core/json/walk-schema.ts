/**
 * The one schema walker: every subschema of a schema with its JSON pointer, the parameter path
 * messages give it, how many objects deep it is, and where it sits in its parent.
 */
import { DATA_KEYWORDS } from './data-keywords';
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
  /**
   * Descend through every keyword but the data ones (`default`, `enum`, `const`, `examples`): unknown keywords,
   * `dependencies` and arrays (a draft-07 `items` list) too, in the order the schema writes them. What a check of
   * an imported schema must see, where a `pattern` or a `$ref` may sit under any keyword.
   */
  everyKeyword?: boolean;
}

/** Keywords whose value maps names to subschemas, one subschema, or a list of them; in the order walked. */
export const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'] as const;
export const SUBSCHEMA_SINGLES = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
] as const;
export const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
/** Under everyKeyword: the keywords whose value maps names to subschemas (draft-07's `dependencies` too). */
const EVERY_MAPS: ReadonlySet<string> = new Set([...SUBSCHEMA_MAPS, 'dependencies']);

/** True when a schema describes an object: its type says so, or it declares properties. */
export const isObjectSchema = (node: JsonObject): boolean =>
  node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || isJsonObject(node.properties);

const singleParameter = (keyword: string, parameter: string): string =>
  keyword === 'items'
    ? itemsPath(parameter)
    : keyword === 'additionalProperties'
      ? additionalPath(parameter)
      : parameter;

const mapParameter = (keyword: string, parameter: string, name: string): string =>
  keyword === 'properties' ? propertyPath(parameter, name) : `${keyword}.${name}`;

/** A value still to visit; an array is looked through (under everyKeyword) to the schemas it holds. */
interface Pending {
  value: JsonValue | undefined;
  pointer: string;
  parameter: string;
  parent: WalkedSchema | null;
  keyword: string;
  key?: string;
}

/**
 * Every subschema, depth first, each before its children (properties, then definitions, then single and list
 * keywords; under everyKeyword, in the schema's own order). Iterative, so deep input cannot overflow the stack.
 */
export function* eachSubschema(schema: JsonValue, options: WalkOptions = {}): Generator<WalkedSchema> {
  const only = options.only ? new Set(options.only) : null;
  const follows = (keyword: string) => only === null || only.has(keyword);
  const every = options.everyKeyword === true;
  const used = options.skipUnusedDefinitions && isJsonObject(schema) ? usedDefinitions(schema) : null;
  const skipped = (walked: WalkedSchema, keyword: string, name: string) =>
    used !== null &&
    walked.parent === null &&
    (keyword === '$defs' || keyword === 'definitions') &&
    !used.has(`${keyword}/${name}`);
  const stack: Pending[] = [
    { value: schema, pointer: options.pointer ?? '', parameter: '', parent: null, keyword: '' },
  ];
  while (stack.length > 0) {
    const { value, pointer, parameter, parent, keyword, key } = stack.pop()!;
    if (every && Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1)
        stack.push({
          value: value[index],
          pointer: `${pointer}/${index}`,
          parameter,
          parent,
          keyword,
          key: String(index),
        });
      continue;
    }
    if (!isJsonObject(value)) continue;
    const depth = (parent?.depth ?? 0) + (isObjectSchema(value) ? 1 : 0);
    const walked: WalkedSchema = {
      node: value,
      pointer,
      parameter,
      depth,
      keyword,
      ...(key !== undefined ? { key } : {}),
      parent,
    };
    yield walked;
    const children: Pending[] = [];
    const addMap = (mapKeyword: string, map: JsonObject) => {
      for (const [name, child] of Object.entries(map)) {
        if (skipped(walked, mapKeyword, name)) continue;
        children.push({
          value: child,
          pointer: `${pointer}/${mapKeyword}/${escapePointerSegment(name)}`,
          parameter: mapParameter(mapKeyword, parameter, name),
          parent: walked,
          keyword: mapKeyword,
          key: name,
        });
      }
    };
    if (every) {
      for (const [childKeyword, child] of Object.entries(value)) {
        if (!follows(childKeyword) || DATA_KEYWORDS.has(childKeyword) || typeof child !== 'object' || child === null)
          continue;
        if (EVERY_MAPS.has(childKeyword) && isJsonObject(child)) addMap(childKeyword, child);
        else
          children.push({
            value: child,
            pointer: `${pointer}/${escapePointerSegment(childKeyword)}`,
            parameter: singleParameter(childKeyword, parameter),
            parent: walked,
            keyword: childKeyword,
          });
      }
    } else {
      for (const mapKeyword of SUBSCHEMA_MAPS) {
        const map = value[mapKeyword];
        if (follows(mapKeyword) && isJsonObject(map)) addMap(mapKeyword, map);
      }
      for (const singleKeyword of SUBSCHEMA_SINGLES) {
        const child = value[singleKeyword];
        if (follows(singleKeyword) && isJsonObject(child))
          children.push({
            value: child,
            pointer: `${pointer}/${singleKeyword}`,
            parameter: singleParameter(singleKeyword, parameter),
            parent: walked,
            keyword: singleKeyword,
          });
      }
      for (const listKeyword of SUBSCHEMA_LISTS) {
        const list = value[listKeyword];
        if (follows(listKeyword) && Array.isArray(list))
          list.forEach((child, index) =>
            children.push({
              value: child,
              pointer: `${pointer}/${listKeyword}/${index}`,
              parameter,
              parent: walked,
              keyword: listKeyword,
              key: String(index),
            }),
          );
      }
    }
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
}

/** Every subschema, as eachSubschema walks them, in a list. */
export const walkSchema = (schema: JsonValue, options: WalkOptions = {}): WalkedSchema[] => [
  ...eachSubschema(schema, options),
];
