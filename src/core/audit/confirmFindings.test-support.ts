/**
 * For the corpus tests: re-reads a schema for what an error finding claims. An error the schema does
 * not bear out is a false error; a rule without an entry here has no error the corpus may raise.
 */
import type { JsonObject, ToolDefinition } from '../toolset/types';
import { isJsonObject, walkSchema } from './schemaWalk';
import type { AuditFinding } from './types';

export const nodeOf = (tool: ToolDefinition, parameter: string | undefined): JsonObject | undefined =>
  parameter === undefined
    ? tool.inputSchema
    : walkSchema(tool.inputSchema).find((node) => node.parameter === parameter)?.schema;

/** Re-reads the schema for what each error claims: an error the schema does not bear out is a false error. */
export const CONFIRM: Record<string, (tool: ToolDefinition, node: JsonObject, finding: AuditFinding) => boolean> = {
  'explicit-types': (_tool, node) =>
    !['type', 'enum', 'const', '$ref', 'anyOf', 'oneOf', 'allOf'].some((keyword) => keyword in node) &&
    Object.keys(node).length > 0,
  'string-max-length': (_tool, node) => node.maxLength === undefined,
  'path-max-length': (_tool, node) => node.maxLength === undefined,
  'number-bounds': (_tool, node) =>
    node.minimum === undefined &&
    node.maximum === undefined &&
    node.exclusiveMinimum === undefined &&
    node.exclusiveMaximum === undefined,
  'additional-properties': (_tool, node) =>
    node.additionalProperties !== false &&
    !(isJsonObject(node.additionalProperties) && Object.keys(node.additionalProperties).length > 0),
  'description-length': (tool, node, finding) => {
    const text = finding.parameter === undefined ? tool.description : node.description;
    return typeof text !== 'string' || text.trim() === '' || text.trim().length > 200;
  },
  'destructive-confirm': (tool) =>
    !isJsonObject(tool.inputSchema.properties) || !('confirm' in tool.inputSchema.properties),
};
