/**
 * A `$ref` written for an older draft, pointed at the same place in the converted schema: JSON pointer
 * segments that name a renamed keyword (`definitions`, a tuple's `items`, `additionalItems`,
 * `dependencies`) are renamed; the rest of the reference is kept as written.
 */

import { LIST_KEYWORDS, MAP_KEYWORDS, SCHEMA_KEYWORDS } from './keywords';
import { isJsonObject } from '../json/is-json-object';
import { unescapePointerSegment } from '../json/pointer';

/** The new keyword for a pointer segment at a schema object of the original, or the segment unchanged. */
function renamed(node: Record<string, unknown>, keyword: string, next: string | undefined): string {
  if (keyword === 'definitions') return '$defs';
  if (keyword === 'items' && Array.isArray(node.items)) return 'prefixItems';
  if (keyword === 'additionalItems' && Array.isArray(node.items)) return 'items';
  if (keyword === 'dependencies' && next !== undefined && isJsonObject(node.dependencies)) {
    return Array.isArray(node.dependencies[decode(next)]) ? 'dependentRequired' : 'dependentSchemas';
  }
  return keyword;
}

const decode = (segment: string): string => {
  try {
    return unescapePointerSegment(decodeURIComponent(segment));
  } catch {
    return segment;
  }
};

/** A `#/…` pointer (without `#`) into `root`, translated; segments past anything it cannot follow stay as written. */
function translatePointer(root: unknown, pointer: string): string {
  const segments = pointer.split('/').slice(1);
  const out: string[] = [];
  let node: unknown = root;
  // What the next segment is: a keyword of a schema object, a name in a map, or an index in a list.
  let expect: 'schema' | 'key' | 'index' | 'opaque' = 'schema';
  for (let index = 0; index < segments.length; index++) {
    const raw = segments[index]!;
    if (expect === 'opaque' || node === undefined) {
      out.push(raw);
      continue;
    }
    if (expect === 'schema') {
      if (!isJsonObject(node)) {
        out.push(raw);
        expect = 'opaque';
        continue;
      }
      const keyword = decode(raw);
      const name = renamed(node, keyword, segments[index + 1]);
      out.push(name === keyword ? raw : name);
      const value = node[keyword];
      node = value;
      if (MAP_KEYWORDS.has(keyword)) expect = 'key';
      else if (LIST_KEYWORDS.has(keyword) || (keyword === 'items' && Array.isArray(value))) expect = 'index';
      else if (SCHEMA_KEYWORDS.has(keyword) || keyword === 'items') expect = 'schema';
      else expect = 'opaque';
      continue;
    }
    out.push(raw);
    node = isJsonObject(node) ? node[decode(raw)] : Array.isArray(node) ? node[Number(raw)] : undefined;
    expect = 'schema';
  }
  return out.length === 0 ? '' : `/${out.join('/')}`;
}

/** Every schema resource of the original by its base URI (no fragment), for references that name one. */
export function resourcesOf(root: unknown, idKeyword: '$id' | 'id', base: string): Map<string, unknown> {
  const found = new Map<string, unknown>([[base, root]]);
  const visit = (node: unknown, current: string, depth: number) => {
    if (depth > 64) return;
    if (Array.isArray(node)) {
      for (const entry of node) visit(entry, current, depth + 1);
      return;
    }
    if (!isJsonObject(node)) return;
    let here = current;
    const id = node[idKeyword];
    if (typeof id === 'string' && !id.startsWith('#')) {
      here = resolve(id, current);
      found.set(here, node);
    }
    for (const [key, value] of Object.entries(node))
      if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') visit(value, here, depth + 1);
  };
  visit(root, base, 0);
  return found;
}

/** `reference` against `base`, without its fragment; `base` itself when it cannot be resolved. */
export function resolve(reference: string, base: string): string {
  try {
    const url = new URL(reference, base);
    url.hash = '';
    return url.href;
  } catch {
    return base;
  }
}

/** The reference for the converted schema. */
export function translateRef(reference: string, base: string, resources: Map<string, unknown>): string {
  const hash = reference.indexOf('#');
  if (hash === -1) return reference;
  const fragment = reference.slice(hash + 1);
  if (!fragment.startsWith('/')) return reference;
  const target = resources.get(resolve(reference.slice(0, hash) || '#', base));
  if (target === undefined) return reference;
  return `${reference.slice(0, hash)}#${translatePointer(target, fragment)}`;
}
