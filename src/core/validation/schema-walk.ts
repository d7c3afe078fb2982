/**
 * Every subschema of a schema, with its JSON pointer, walking schema positions only: the values of `default`,
 * `enum`, `const` and `examples` are data (a `$ref` or a `pattern` inside them means nothing), and the keys of
 * `properties`, `$defs` and the like are names, not keywords. Iterative, so deep input cannot overflow the stack.
 */
import { isPlainObject } from './ajv-errors';
import { DATA_KEYWORDS } from './dialect';

/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

export interface SchemaVisit {
  node: Record<string, unknown>;
  pointer: string;
  /** JSON levels below the root (a schema level is usually two: `properties` → name). */
  depth: number;
}

/** `~` and `/` escaped as a JSON pointer segment. */
export const pointerSegment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

interface Pending {
  value: unknown;
  pointer: string;
  depth: number;
  map: boolean;
}

export function* schemaObjects(schema: unknown): Generator<SchemaVisit> {
  const stack: Pending[] = [{ value: schema, pointer: '', depth: 0, map: false }];
  while (stack.length > 0) {
    const { value, pointer, depth, map } = stack.pop()!;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push({ value: value[index], pointer: `${pointer}/${index}`, depth: depth + 1, map: false });
      continue;
    }
    if (!isPlainObject(value)) continue;
    if (!map) yield { node: value, pointer, depth };
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index]!;
      if (typeof child !== 'object' || child === null) continue;
      if (!map && DATA_KEYWORDS.has(key)) continue;
      stack.push({ value: child, pointer: `${pointer}/${pointerSegment(key)}`, depth: depth + 1, map: !map && SCHEMA_MAPS.has(key) });
    }
  }
}

/** The deepest JSON value (objects and arrays alike, data included), iteratively: how deep the text nests. */
export function deepestValue(value: unknown): { pointer: string; depth: number } {
  let deepest = { pointer: '', depth: 0 };
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (visit.depth > deepest.depth) deepest = { pointer: visit.pointer, depth: visit.depth };
    if (typeof visit.value !== 'object' || visit.value === null) continue;
    for (const [key, child] of Object.entries(visit.value)) if (typeof child === 'object' && child !== null) stack.push({ value: child, pointer: `${visit.pointer}/${pointerSegment(key)}`, depth: visit.depth + 1 });
  }
  return deepest;
}
