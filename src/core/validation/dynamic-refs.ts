/**
 * `$dynamicRef` resolved before Ajv sees it, wherever the document alone decides its target. Ajv compiles a
 * `$dynamicRef` as 2019-09's `$recursiveRef`: when no dynamic anchor is in scope it calls the validator it sits in,
 * so a `$dynamicRef` inside an embedded resource (`{"$id": "./base", "$dynamicRef": "#addons", …}`, the shape
 * `unevaluatedItems`/`unevaluatedProperties` extension schemas use) recurses until the stack overflows.
 *
 * What 2020-12 says: a `$dynamicRef` first resolves as a `$ref`. When that target carries no `$dynamicAnchor` of the
 * fragment's name, it is a `$ref`. When it does, the target is the outermost schema resource in the dynamic scope
 * that declares that `$dynamicAnchor`. Evaluation starts at the root, so the root resource is the outermost of every
 * dynamic scope: if the root declares the anchor, that is the target; if only the initial target's resource declares
 * it, that is. Those three cases become a plain `$ref` here; any other (an intermediate resource may decide) is left
 * to Ajv.
 */
import { DATA_KEYWORDS } from '../json/data-keywords';
import { isJsonObject } from '../json/is-json-object';
import type { JsonSchema } from '../toolset/types';

/** The base a root without `$id` resolves against (only ever compared, never fetched). */
const PLACEHOLDER_BASE = 'tool-schema:///input';
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);

interface Anchor {
  resource: string;
  dynamic: boolean;
}

/** Ajv registers no anchor on the document's root node itself: a reference to one names the root instead. */

const withoutFragment = (uri: string) => uri.replace(/#.*$/, '');

function resolve(reference: string, base: string): URL | null {
  try {
    return new URL(reference, base);
  } catch {
    return null;
  }
}

/** A copy of the schema with each decidable `$dynamicRef` written as the `$ref` it resolves to; the schema itself when there is none. */
export function staticDynamicRefs(schema: JsonSchema): JsonSchema {
  const rootId = typeof schema.$id === 'string' ? resolve(schema.$id, PLACEHOLDER_BASE) : null;
  const rootBase = rootId === null ? PLACEHOLDER_BASE : withoutFragment(rootId.href);
  /** Anchors by `resource#name`; resources declaring each dynamic anchor name. */
  const anchors = new Map<string, Anchor>();
  const dynamicDeclarers = new Map<string, Set<string>>();
  const dynamicRefs: { node: Record<string, unknown>; base: string }[] = [];
  /** Dynamic anchors declared on the root node itself (Ajv knows them only as the root). */
  const onRoot = typeof schema.$dynamicAnchor === 'string' ? schema.$dynamicAnchor : null;
  const stack: { value: unknown; base: string; map: boolean }[] = [{ value: schema, base: rootBase, map: false }];
  while (stack.length > 0) {
    const { value, base: outer, map } = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, base: outer, map: false });
      continue;
    }
    if (!isJsonObject(value)) continue;
    if (map) {
      // Names to schemas: every value is a schema, whatever its name.
      for (const child of Object.values(value)) stack.push({ value: child, base: outer, map: false });
      continue;
    }
    const id = typeof value.$id === 'string' ? resolve(value.$id, outer) : null;
    const base = id === null ? outer : withoutFragment(id.href);
    if (typeof value.$anchor === 'string') anchors.set(`${base}#${value.$anchor}`, { resource: base, dynamic: false });
    if (typeof value.$dynamicAnchor === 'string') {
      anchors.set(`${base}#${value.$dynamicAnchor}`, { resource: base, dynamic: true });
      const declarers = dynamicDeclarers.get(value.$dynamicAnchor) ?? new Set<string>();
      declarers.add(base);
      dynamicDeclarers.set(value.$dynamicAnchor, declarers);
    }
    if (typeof value.$dynamicRef === 'string') dynamicRefs.push({ node: value, base });
    for (const [key, child] of Object.entries(value)) {
      if (!DATA_KEYWORDS.has(key) && typeof child === 'object' && child !== null)
        stack.push({ value: child, base, map: SCHEMA_MAPS.has(key) });
    }
  }
  if (dynamicRefs.length === 0) return schema;

  const replacements = new Map<Record<string, unknown>, string>();
  /** How a `$ref` at `from` names the anchor `name` of `resource`, or null where Ajv would read it otherwise. */
  const referenceTo = (resource: string, name: string, from: string): string | null => {
    const rootNode = resource === rootBase && onRoot === name;
    if (!resource.startsWith(PLACEHOLDER_BASE.slice(0, PLACEHOLDER_BASE.indexOf(':') + 1)))
      return rootNode ? resource : `${resource}#${name}`;
    // Below a root without `$id` only the root's own `#name` (or `#`), from the root resource, means the same to Ajv.
    return resource === rootBase && from === rootBase ? (rootNode ? '#' : `#${name}`) : null;
  };
  for (const { node, base } of dynamicRefs) {
    const reference = node.$dynamicRef as string;
    const target = resolve(reference, base);
    const name = target === null ? '' : decodeURIComponent(target.hash.slice(1));
    // A JSON-pointer fragment (or none) is a `$ref` already, which Ajv refuses as a `$dynamicRef`: left to say so.
    if (target === null || name === '' || name.startsWith('/')) continue;
    const resource = withoutFragment(target.href);
    const initial = anchors.get(`${resource}#${name}`);
    if (initial === undefined) continue;
    const declarers = dynamicDeclarers.get(name);
    let replacement: string | null = null;
    if (!initial.dynamic) replacement = reference;
    else if (declarers?.has(rootBase)) replacement = referenceTo(rootBase, name, base);
    else if (declarers?.size === 1) replacement = referenceTo(resource, name, base);
    if (replacement !== null) replacements.set(node, replacement);
  }
  if (replacements.size === 0) return schema;
  return rewrite(schema, replacements) as JsonSchema;
}

function rewrite(value: unknown, replacements: ReadonlyMap<Record<string, unknown>, string>, map = false): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, replacements));
  if (!isJsonObject(value)) return value;
  if (map) return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, rewrite(child, replacements)]));
  const reference = replacements.get(value);
  // fromEntries defines own properties: a key named "__proto__" stays a key.
  const copy = Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => reference === undefined || key !== '$dynamicRef')
      .map(([key, child]) => [
        key,
        DATA_KEYWORDS.has(key) ? child : rewrite(child, replacements, SCHEMA_MAPS.has(key)),
      ]),
  );
  if (reference === undefined) return copy;
  // Beside a `$ref` already there, the resolved one joins it through `allOf` (both apply).
  if (typeof copy.$ref === 'string')
    copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), { $ref: reference }];
  else copy.$ref = reference;
  return copy;
}
