/** Local references (`#/$defs/x`, `#/definitions/x`, `#/properties/a`) inside one input schema: resolve, find the used ones, inline. */
import { unescapePointerSegment } from './pointer';
import { isJsonObject } from './is-json-object';
import type { JsonObject, JsonValue } from './json-value';

const cloneJson = <T extends JsonValue>(value: T): T => structuredClone(value);

const DEFINITION_KEYWORDS = ['$defs', 'definitions'] as const;
/** Keywords whose values are data, not schemas: a `$ref`-shaped value there is not a reference. */
const DATA_KEYWORDS = new Set(['default', 'enum', 'const', 'examples', 'example']);

const unescape = (segment: string): string => unescapePointerSegment(decodeURIComponent(segment));

/** The subschema a local `#/…` reference points to, or undefined when it leaves the document or points nowhere. */
export const resolveLocalRef = (root: JsonObject, ref: string): JsonObject | undefined => {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: JsonValue | undefined = root;
  for (const segment of ref.slice(2).split('/').map(unescape)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isJsonObject(node)) node = node[segment];
    else return undefined;
  }
  return isJsonObject(node) ? node : undefined;
};

/** Calls `visit` on every `$ref` string in schema positions below `node` (not inside data keywords). */
const eachRef = (node: JsonValue, visit: (ref: string) => void, skipDefinitions: boolean): void => {
  if (Array.isArray(node)) {
    for (const item of node) eachRef(item, visit, false);
    return;
  }
  if (!isJsonObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') visit(value);
    else if (DATA_KEYWORDS.has(key)) continue;
    else if (skipDefinitions && (DEFINITION_KEYWORDS as readonly string[]).includes(key)) continue;
    else eachRef(value, visit, false);
  }
};

/** The `$defs`/`definitions` entries reachable from the schema's body, as `$defs/name` keys. */
export const usedDefinitions = (root: JsonObject): Set<string> => {
  const used = new Set<string>();
  const queue: string[] = [];
  const note = (ref: string) => {
    const match = /^#\/(\$defs|definitions)\/([^/]+)/.exec(ref);
    if (!match) return;
    const key = `${match[1]}/${unescape(match[2] ?? '')}`;
    if (used.has(key)) return;
    used.add(key);
    queue.push(ref);
  };
  eachRef(root, note, true);
  while (queue.length > 0) {
    const target = resolveLocalRef(root, queue.pop() ?? '#');
    if (target) eachRef(target, note, false);
  }
  return used;
};

/** The definitions no reference reaches, as `$defs/name` keys. */
export const unusedDefinitions = (root: JsonObject): string[] => {
  const used = usedDefinitions(root);
  const unused: string[] = [];
  for (const keyword of DEFINITION_KEYWORDS) {
    const map = root[keyword];
    if (isJsonObject(map))
      for (const name of Object.keys(map)) if (!used.has(`${keyword}/${name}`)) unused.push(`${keyword}/${name}`);
  }
  return unused;
};

/** A copy without the unused root definitions (and without an emptied `$defs`). */
export const withoutUnusedDefinitions = (root: JsonObject): { schema: JsonObject; removed: string[] } => {
  const removed = unusedDefinitions(root);
  if (removed.length === 0) return { schema: root, removed };
  const schema = cloneJson(root);
  for (const key of removed) {
    const [keyword = '', name = ''] = key.split(/\/(.*)/s);
    const map = schema[keyword];
    if (isJsonObject(map)) {
      delete map[name];
      if (Object.keys(map).length === 0) delete schema[keyword];
    }
  }
  return { schema, removed };
};

export interface InlineResult {
  schema: JsonObject;
  /** References replaced by their target. */
  inlined: string[];
  /** References that point back into themselves: inlining them would never end. */
  recursive: string[];
  /** References that leave the document or point nowhere. */
  unresolved: string[];
}

/**
 * Replaces every local `$ref` by a copy of its target (siblings of `$ref` kept, they win), then removes the root
 * definitions. Recursive and unresolvable references are left out and listed, so the caller can say so.
 */
export const inlineLocalRefs = (root: JsonObject): InlineResult => {
  const inlined = new Set<string>();
  const recursive = new Set<string>();
  const unresolved = new Set<string>();
  const expand = (node: JsonValue, stack: readonly string[]): JsonValue => {
    if (Array.isArray(node)) return node.map((item) => expand(item, stack));
    if (!isJsonObject(node)) return node;
    const result: JsonObject = {};
    let base: JsonObject = {};
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const target = resolveLocalRef(root, ref);
      if (stack.includes(ref)) recursive.add(ref);
      else if (!target) unresolved.add(ref);
      else {
        inlined.add(ref);
        const expanded = expand(target, [...stack, ref]);
        if (isJsonObject(expanded)) base = expanded;
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') continue;
      if (stack.length === 0 && node === root && (DEFINITION_KEYWORDS as readonly string[]).includes(key)) continue;
      result[key] = DATA_KEYWORDS.has(key) ? cloneJson(value) : expand(value, stack);
    }
    for (const keyword of DEFINITION_KEYWORDS) delete base[keyword];
    return { ...base, ...result };
  };
  const expanded = expand(root, []);
  return {
    schema: isJsonObject(expanded) ? expanded : {},
    inlined: [...inlined],
    recursive: [...recursive],
    unresolved: [...unresolved],
  };
};

/** Whether the schema holds a `$ref` anywhere in a schema position. */
export const hasRefs = (root: JsonObject): boolean => {
  let found = false;
  eachRef(root, () => (found = true), false);
  return found;
};
