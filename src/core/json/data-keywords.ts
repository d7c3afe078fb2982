/** Keywords whose value is data, never a schema: a `$ref` or a `pattern` inside them means nothing. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set(['default', 'enum', 'const', 'examples']);
