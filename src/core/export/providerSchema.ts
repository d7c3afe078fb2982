import type { JsonObject, ToolDefinition } from '../toolset/types';
import { cloneJson, isJsonObject } from './schemaTransform';

/** Keywords that only identify the schema document; provider payloads do not need them. */
const DOCUMENT_KEYWORDS = ['$schema', '$id'] as const;

/** The input schema without document identifiers, plus a note when something was removed. */
export const providerSchema = (tool: ToolDefinition): { schema: JsonObject; notes: string[] } => {
  const schema: JsonObject = isJsonObject(tool.inputSchema)
    ? cloneJson(tool.inputSchema)
    : { type: 'object', properties: {} };
  const removed = DOCUMENT_KEYWORDS.filter((keyword) => keyword in schema);
  for (const keyword of removed) delete schema[keyword];
  const notes =
    removed.length > 0
      ? [
          `Removed ${removed.join(' and ')} from the schema root: they identify the schema document and are not part of the tool definition.`,
        ]
      : [];
  if (schema.type !== 'object')
    notes.push(
      `The input schema's type is ${JSON.stringify(schema.type ?? null)}; providers require "type": "object" for tool parameters.`,
    );
  return { schema, notes };
};

/** Tool names most providers accept: letters, digits, underscores and hyphens, 1–64 characters. */
export const checkToolName = (tool: ToolDefinition, provider: string): string[] =>
  /^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)
    ? []
    : [
        `${provider} requires tool names of 1–64 letters, digits, underscores or hyphens; '${tool.name}' would be rejected.`,
      ];
