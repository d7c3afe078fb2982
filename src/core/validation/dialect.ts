/**
 * Which JSON Schema draft a schema is written in. Tools in the wild declare draft-07 (zod-to-json-schema),
 * draft-04 (older OpenAPI generators) or nothing at all; each is compiled by the Ajv class of its own draft
 * (compile.ts), so `items: [...]`, `additionalItems`, `dependencies` and a boolean `exclusiveMaximum` mean
 * what their draft says. A schema that declares nothing is read as 2020-12 unless it holds a keyword shape
 * only an older draft has, which says which draft its author wrote.
 */
import { DATA_KEYWORDS } from '../json/data-keywords';
import { isJsonObject } from '../json/is-json-object';

export type Dialect = '2020-12' | '2019-09' | 'draft-07' | 'draft-06' | 'draft-04';

export interface DialectChoice {
  dialect: Dialect;
  /** Why this draft when the schema does not declare it plainly (for the import report); undefined when declared. */
  note?: string;
}

const DECLARED: Record<string, Dialect> = {
  'json-schema.org/draft/2020-12/schema': '2020-12',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft-06/schema': 'draft-06',
  'json-schema.org/draft-04/schema': 'draft-04',
};

export { DATA_KEYWORDS };

export function dialectOf(schema: unknown): DialectChoice {
  const declared = isJsonObject(schema) ? schema.$schema : undefined;
  if (typeof declared === 'string') {
    const key = declared.replace(/^https?:\/\//, '').replace(/#$/, '');
    const dialect = DECLARED[key];
    if (dialect !== undefined) return { dialect };
    return {
      dialect: '2020-12',
      note: `$schema ${JSON.stringify(declared)} is not a draft this validator knows (draft-04, -06, -07, 2019-09, 2020-12); the schema is read as 2020-12`,
    };
  }
  const shape = olderShape(schema);
  if (shape === null) return { dialect: '2020-12' };
  return {
    dialect: shape.dialect,
    note: `the schema declares no $schema but uses ${shape.keyword} as ${shape.dialect} defines it, so it is read as ${shape.dialect}`,
  };
}

/** The first keyword shape that exists only before 2019-09, walking schema positions only (never data). */
function olderShape(schema: unknown): { dialect: Dialect; keyword: string } | null {
  const stack: unknown[] = [schema];
  let seen = 0;
  while (stack.length > 0 && seen < 10_000) {
    const node = stack.pop();
    seen += 1;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (!isJsonObject(node)) continue;
    if (typeof node.exclusiveMaximum === 'boolean' || typeof node.exclusiveMinimum === 'boolean')
      return { dialect: 'draft-04', keyword: 'a boolean exclusiveMaximum/exclusiveMinimum' };
    if (Array.isArray(node.items)) return { dialect: 'draft-07', keyword: 'an array "items" (a tuple)' };
    if (node.additionalItems !== undefined) return { dialect: 'draft-07', keyword: '"additionalItems"' };
    if (isJsonObject(node.dependencies)) return { dialect: 'draft-07', keyword: '"dependencies"' };
    for (const [key, value] of Object.entries(node))
      if (!DATA_KEYWORDS.has(key) && typeof value === 'object' && value !== null) stack.push(value);
  }
  return null;
}
