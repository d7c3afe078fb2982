import { additionalPath, itemsPath, propertyPath } from '../json/parameter-path';
import { isJsonObject } from '../json/is-json-object';
import type { JsonObject, JsonValue } from '../toolset/types';

export { isJsonObject };

export const cloneJson = <T extends JsonValue>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Keywords whose values are schemas or maps of schemas, so a transform must descend into them. */
const SCHEMA_MAP_KEYWORDS = ['properties', '$defs', 'definitions'] as const;
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;

/**
 * Rebuilds a schema bottom-up: `visit` receives each node (children already transformed) and its path
 * (`path`, `files[]`, `env.*`; empty for the root) and returns the replacement node.
 */
export const transformSchema = (
  schema: JsonObject,
  visit: (node: JsonObject, path: string) => JsonObject,
  path = '',
): JsonObject => {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((SCHEMA_MAP_KEYWORDS as readonly string[]).includes(key) && isJsonObject(value)) {
      const map: JsonObject = {};
      for (const [name, child] of Object.entries(value)) {
        const childPath = key === 'properties' ? propertyPath(path, name) : `${key}.${name}`;
        map[name] = isJsonObject(child) ? transformSchema(child, visit, childPath) : child;
      }
      result[key] = map;
    } else if ((SCHEMA_KEYWORDS as readonly string[]).includes(key) && isJsonObject(value)) {
      const childPath =
        key === 'items' ? itemsPath(path) : key === 'additionalProperties' ? additionalPath(path) : `${path}(${key})`;
      result[key] = transformSchema(value, visit, childPath);
    } else if ((SCHEMA_LIST_KEYWORDS as readonly string[]).includes(key) && Array.isArray(value)) {
      result[key] = value.map((child, index) =>
        isJsonObject(child) ? transformSchema(child, visit, `${path}(${key}[${index}])`) : child,
      );
    } else {
      result[key] = cloneJson(value);
    }
  }
  return visit(result, path);
};

/** Groups "keyword on parameter" observations into one readable line per keyword. */
export class KeywordLedger {
  private readonly byKeyword = new Map<string, string[]>();
  add(keyword: string, path: string) {
    const list = this.byKeyword.get(keyword) ?? [];
    list.push(path || '(root)');
    this.byKeyword.set(keyword, list);
  }
  get size() {
    return this.byKeyword.size;
  }
  lines(format: (keyword: string, paths: string) => string): string[] {
    return [...this.byKeyword.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([keyword, paths]) => format(keyword, paths.join(', ')));
  }
}
