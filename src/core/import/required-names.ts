/**
 * `required` lists the names of required properties: JSON Schema (and the CodeGenesis meta-schema, whose
 * `inputSchema.required` is an array of strings) allows nothing else, and no name twice. Anything else would
 * import and then refuse every call ("Missing required property '1'"), so it is refused at import.
 */
import type { JsonValue } from '../json/json-value';
import { eachSubschema } from '../json/walk-schema';
import type { SchemaIssue } from './types';

const RULE = 'JSON Schema requires "required" to be an array of unique property names (strings)';

export function requiredIssues(schema: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const { node, pointer } of eachSubschema(schema as JsonValue, { everyKeyword: true })) {
    if (!('required' in node)) continue;
    const required = node.required;
    if (!Array.isArray(required)) {
      issues.push({
        pointer: `${pointer}/required`,
        rule: 'meta_schema',
        message: `"required" is ${JSON.stringify(required)?.slice(0, 60)}; ${RULE}`,
      });
      continue;
    }
    const seen = new Set<string>();
    required.forEach((name, index) => {
      if (typeof name !== 'string')
        issues.push({
          pointer: `${pointer}/required/${index}`,
          rule: 'meta_schema',
          message: `"required" lists ${JSON.stringify(name)?.slice(0, 60)}, which is not a property name; ${RULE}`,
        });
      else if (seen.has(name))
        issues.push({
          pointer: `${pointer}/required/${index}`,
          rule: 'meta_schema',
          message: `"required" lists '${name}' twice; ${RULE}`,
        });
      else seen.add(name);
    });
  }
  return issues;
}
