/**
 * Rewrites a draft-04, -06, -07 or 2019-09 schema as 2020-12, listing each change with the pointer
 * (in the original) where it was made, as the Gemini import lists its conversions. The converted
 * schema accepts exactly the values the original accepts: convert.test.ts runs the
 * JSON-Schema-Test-Suite's draft-07 cases through both.
 *
 * What changes: `items: [...]` → `prefixItems` and `additionalItems` → `items`; draft-04's boolean
 * `exclusiveMaximum`/`exclusiveMinimum` → the numeric form; draft-04's `id` → `$id`; a fragment-only
 * `$id` (`#name`) → `$anchor`; `definitions` → `$defs`, with every `$ref` into them rewritten;
 * `dependencies` → `dependentRequired` / `dependentSchemas`; keywords beside a `$ref`, which drafts up
 * to 07 ignore, dropped; 2019-09's `$recursiveRef`/`$recursiveAnchor` → `$dynamicRef`/`$dynamicAnchor`;
 * `$schema` → 2020-12.
 */

import { type Dialect, dialectOf } from '../validation/dialect';
import { KEPT_BESIDE_REF, LIST_KEYWORDS, MAP_KEYWORDS, SCHEMA_KEYWORDS } from './keywords';
import { resolve, resourcesOf, translateRef } from './refs';
import { isJsonObject } from '../json/is-json-object';
import { escapePointerSegment } from '../json/pointer';

export const SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

export interface ConversionChange {
  /** JSON pointer in the original schema. */
  pointer: string;
  change: string;
}

export interface Conversion {
  schema: unknown;
  from: Dialect;
  changes: ConversionChange[];
}

/** Base URI of a schema that declares none: only references inside the document resolve against it. */
const DOCUMENT_BASE = 'tool-schema:///document';
/** The dynamic anchor name standing in for 2019-09's `$recursiveAnchor: true`. */
const RECURSIVE_ANCHOR = 'recursive';

const DATA = new Set(['default', 'enum', 'const', 'examples']);

export function convertTo202012(schema: unknown, from: Dialect = dialectOf(schema).dialect): Conversion {
  const changes: ConversionChange[] = [];
  if (from === '2020-12') return { schema, from, changes };
  const note = (pointer: string, change: string) => changes.push({ pointer: pointer || '/', change });
  const idKeyword = from === 'draft-04' ? 'id' : '$id';
  const rootId =
    isJsonObject(schema) && typeof schema[idKeyword] === 'string'
      ? resolve(schema[idKeyword], DOCUMENT_BASE)
      : DOCUMENT_BASE;
  const resources = resourcesOf(schema, idKeyword, rootId);
  const older = from !== '2019-09';

  const convert = (node: unknown, pointer: string, base: string, depth: number): unknown => {
    if (depth > 128 || !isJsonObject(node)) return node;
    const out: Record<string, unknown> = {};
    const refOnly = older && typeof node.$ref === 'string';
    let here = base;
    const id = node[idKeyword];
    // Beside a $ref an older draft ignores $id too, so it does not move the base.
    if (typeof id === 'string' && !id.startsWith('#') && !refOnly) here = resolve(id, base);
    const ignored = refOnly ? Object.keys(node).filter((key) => !KEPT_BESIDE_REF.has(key)) : [];
    if (ignored.length > 0)
      note(
        pointer,
        `${ignored.join(', ')} beside $ref dropped (${from} ignores keywords beside a $ref; 2020-12 would apply them)`,
      );
    const child = (value: unknown, at: string) => convert(value, at, here, depth + 1);
    const tuple = Array.isArray(node.items);

    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapePointerSegment(key)}`;
      if (ignored.includes(key)) continue;
      if (DATA.has(key)) {
        out[key] = value;
        continue;
      }
      switch (key) {
        case '$schema':
          out.$schema = SCHEMA_2020_12;
          note(at, `$schema ${JSON.stringify(value)} → 2020-12`);
          continue;
        case 'id':
        case '$id': {
          if (key !== idKeyword || typeof value !== 'string') {
            out[key] = value;
            continue;
          }
          const hash = value.indexOf('#');
          const path = hash === -1 ? value : value.slice(0, hash);
          const anchor = hash === -1 ? '' : value.slice(hash + 1);
          if (path !== '') out.$id = path;
          if (anchor !== '') out.$anchor = anchor;
          if (key === 'id' || anchor !== '' || hash !== -1)
            note(
              at,
              `${key} ${JSON.stringify(value)} → ${[path && `$id ${JSON.stringify(path)}`, anchor && `$anchor ${JSON.stringify(anchor)}`].filter(Boolean).join(' and ')}`,
            );
          continue;
        }
        case '$ref':
        case '$recursiveRef': {
          if (typeof value !== 'string') {
            out[key] = value;
            continue;
          }
          if (key === '$recursiveRef') {
            const dynamic = isJsonObject(schema) && schema.$recursiveAnchor === true;
            if (dynamic) out.$dynamicRef = `#${RECURSIVE_ANCHOR}`;
            else out.$ref = value;
            note(
              at,
              dynamic
                ? `$recursiveRef → $dynamicRef "#${RECURSIVE_ANCHOR}"`
                : '$recursiveRef → $ref (no $recursiveAnchor to make it dynamic)',
            );
            continue;
          }
          const translated = translateRef(value, here, resources);
          out.$ref = translated;
          if (translated !== value) note(at, `$ref ${JSON.stringify(value)} → ${JSON.stringify(translated)}`);
          continue;
        }
        case '$recursiveAnchor':
          if (value === true) {
            out.$dynamicAnchor = RECURSIVE_ANCHOR;
            note(at, `$recursiveAnchor → $dynamicAnchor "${RECURSIVE_ANCHOR}"`);
          } else note(at, '$recursiveAnchor false dropped (no effect)');
          continue;
        case 'items':
          if (tuple) {
            out.prefixItems = (value as unknown[]).map((entry, index) => child(entry, `${at}/${index}`));
            note(at, 'items array (a tuple) → prefixItems');
          } else out.items = child(value, at);
          continue;
        case 'additionalItems':
          if (tuple) {
            out.items = child(value, at);
            note(at, 'additionalItems → items');
          } else note(at, 'additionalItems dropped (without a tuple items it has no effect)');
          continue;
        case 'exclusiveMaximum':
        case 'exclusiveMinimum': {
          if (typeof value !== 'boolean') {
            out[key] = value;
            continue;
          }
          const bound = key === 'exclusiveMaximum' ? 'maximum' : 'minimum';
          if (value && typeof node[bound] === 'number') {
            out[key] = node[bound];
            note(at, `${key}: true with ${bound} ${String(node[bound])} → ${key}: ${String(node[bound])}`);
          } else
            note(at, `${key}: ${String(value)} dropped (${value ? `no ${bound} to make exclusive` : 'the default'})`);
          continue;
        }
        case 'maximum':
        case 'minimum':
          // Folded into the exclusive bound above when that one is `true`.
          if (node[key === 'maximum' ? 'exclusiveMaximum' : 'exclusiveMinimum'] !== true) out[key] = value;
          continue;
        case 'definitions':
        case '$defs': {
          if (!isJsonObject(value)) {
            out[key] = value;
            continue;
          }
          const defs = (out.$defs as Record<string, unknown> | undefined) ?? {};
          for (const [name, entry] of Object.entries(value)) {
            if (key === 'definitions' && name in defs) continue;
            defs[name] = child(entry, `${at}/${escapePointerSegment(name)}`);
          }
          out.$defs = defs;
          if (key === 'definitions') note(at, 'definitions → $defs');
          continue;
        }
        case 'dependencies': {
          if (!isJsonObject(value)) {
            out[key] = value;
            continue;
          }
          for (const [name, entry] of Object.entries(value)) {
            const target = Array.isArray(entry) ? 'dependentRequired' : 'dependentSchemas';
            const bucket = ((out[target] as Record<string, unknown> | undefined) ??= {});
            bucket[name] = Array.isArray(entry) ? entry : child(entry, `${at}/${escapePointerSegment(name)}`);
          }
          note(at, 'dependencies → dependentRequired (lists of names) and dependentSchemas (schemas)');
          continue;
        }
      }
      if (SCHEMA_KEYWORDS.has(key)) out[key] = child(value, at);
      else if (LIST_KEYWORDS.has(key) && Array.isArray(value))
        out[key] = value.map((entry, index) => child(entry, `${at}/${index}`));
      else if (MAP_KEYWORDS.has(key) && isJsonObject(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, entry]) => [name, child(entry, `${at}/${escapePointerSegment(name)}`)]),
        );
      } else out[key] = value;
    }
    return out;
  };

  const converted = convert(schema, '', rootId, 0);
  if (isJsonObject(converted) && converted.$schema === undefined) {
    converted.$schema = SCHEMA_2020_12;
    note('', `$schema 2020-12 added (the schema was read as ${from})`);
    // Keep $schema first, as authors write it.
    const { $schema, ...rest } = converted;
    return { schema: { $schema, ...rest }, from, changes };
  }
  return { schema: converted, from, changes };
}
