/**
 * Where a schema's references lead, as JSON Schema resolves them: against the base URI of the resource they
 * sit in (each `$id` starts one, draft-04 spells it `id`), to a JSON pointer in that resource, to an `$anchor`
 * (or a draft-07 `$id: "#name"`), or to an embedded resource by its `$id`. Only a reference to a resource the
 * document does not hold is remote.
 */
import { unescapePointerSegment } from '../json/pointer';
import { dialectOf, type Dialect } from '../validation/dialect';
import type { JsonValue } from '../json/json-value';
import { eachSubschema } from '../json/walk-schema';
import { isJsonObject } from '../json/is-json-object';

/** The base of a root without `$id`: a reserved name (.invalid), so no real reference can equal it by chance. */
const ROOT_BASE = 'https://root.schema.invalid/schema.json';

export interface SchemaRef {
  /** Pointer of the subschema holding the reference. */
  pointer: string;
  keyword: '$ref' | '$dynamicRef' | '$recursiveRef';
  ref: string;
  base: string;
}

type Resolution =
  { kind: 'found'; node: unknown; pointer: string | null } | { kind: 'remote'; uri: string } | { kind: 'missing' };

export interface RefIndex {
  refs: SchemaRef[];
  resolve(ref: SchemaRef): Resolution;
}

const withoutFragment = (uri: string): string => uri.replace(/#.*$/, '');

function resolveUri(ref: string, base: string): URL | null {
  try {
    return new URL(ref, base);
  } catch {
    return null;
  }
}

/** The meta-schema of each draft, which the validator holds (a reference to it is not remote). */
const META_SCHEMAS: Record<Dialect, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
  'draft-06': 'http://json-schema.org/draft-06/schema',
  'draft-04': 'http://json-schema.org/draft-04/schema',
};

export function indexRefs(schema: unknown): RefIndex {
  const { dialect } = dialectOf(schema);
  const idKeyword = dialect === 'draft-04' ? 'id' : '$id';
  const metaSchema = META_SCHEMAS[dialect];
  const resources = new Map<string, unknown>();
  const anchors = new Map<string, unknown>();
  const pointers = new Map<unknown, string>();
  const bases = new Map<string, string>();
  const refs: SchemaRef[] = [];
  resources.set(ROOT_BASE, schema);
  for (const { node, pointer } of eachSubschema(schema as JsonValue, { everyKeyword: true })) {
    pointers.set(node, pointer);
    // The base of the nearest enclosing resource: the parent pointer's base (visits come parent first).
    let base = ROOT_BASE;
    for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
      const found = bases.get(at);
      if (found !== undefined) {
        base = found;
        break;
      }
      if (at === '') break;
    }
    const id = node[idKeyword];
    if (typeof id === 'string') {
      if (id.startsWith('#') && !id.startsWith('#/') && id.length > 1) anchors.set(`${base}#${id.slice(1)}`, node);
      else {
        const url = resolveUri(id, base);
        if (url !== null) {
          base = withoutFragment(url.href);
          resources.set(base, node);
        }
      }
    }
    bases.set(pointer, base);
    for (const keyword of ['$anchor', '$dynamicAnchor'] as const)
      if (typeof node[keyword] === 'string') anchors.set(`${base}#${node[keyword] as string}`, node);
    for (const keyword of ['$ref', '$dynamicRef', '$recursiveRef'] as const)
      if (typeof node[keyword] === 'string') refs.push({ pointer, keyword, ref: node[keyword] as string, base });
  }

  const resolve = (ref: SchemaRef): Resolution => {
    const url = resolveUri(ref.ref, ref.base);
    if (url === null) return { kind: 'missing' };
    const document = withoutFragment(url.href);
    const resource = resources.get(document);
    if (resource === undefined)
      return document === metaSchema ? { kind: 'found', node: null, pointer: null } : { kind: 'remote', uri: document };
    const fragment = url.hash.slice(1);
    if (fragment === '') return { kind: 'found', node: resource, pointer: pointers.get(resource) ?? null };
    if (!fragment.startsWith('/')) {
      const anchored = anchors.get(`${document}#${decodeSafely(fragment)}`);
      return anchored === undefined
        ? { kind: 'missing' }
        : { kind: 'found', node: anchored, pointer: pointers.get(anchored) ?? null };
    }
    let current: unknown = resource;
    for (const raw of fragment.slice(1).split('/')) {
      const decoded = decodeSafely(raw);
      if (decoded === undefined) return { kind: 'missing' };
      const key = unescapePointerSegment(decoded);
      if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
      else if (isJsonObject(current) && Object.prototype.hasOwnProperty.call(current, key)) current = current[key];
      else return { kind: 'missing' };
      if (current === undefined) return { kind: 'missing' };
    }
    const base = pointers.get(resource);
    return {
      kind: 'found',
      node: current,
      pointer: pointers.get(current) ?? (base === undefined ? null : `${base}${fragment}`),
    };
  };
  return { refs, resolve };
}

function decodeSafely(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
