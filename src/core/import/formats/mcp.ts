/**
 * MCP `tools/list` entries and CodeGenesis definitions share {name, description, inputSchema}; MCP adds
 * title, annotations and outputSchema. Annotations are hints about behaviour, so they set the risk level:
 * a read-only tool is safe; a destructive one high (critical when it also reaches the open world);
 * anything else that writes is medium, low when idempotent.
 */
import type { RiskLevel } from '../../toolset/types';
import type { RawTool } from '../types';
import { pointerOf, type JsonRecord, type Reader } from './shared';
import { isJsonObject } from '../../json/is-json-object';

export const isInputSchemaTool = (value: unknown): boolean => isJsonObject(value) && 'inputSchema' in value;

export const hasMcpOnlyFields = (value: unknown): boolean =>
  isJsonObject(value) &&
  ('annotations' in value || 'outputSchema' in value || 'title' in value || '_meta' in value || 'icons' in value);

export function riskFromAnnotations(annotations: unknown): RiskLevel | undefined {
  if (!isJsonObject(annotations)) return undefined;
  if (annotations.readOnlyHint === true) return 'safe';
  if (annotations.destructiveHint === true) return annotations.openWorldHint === true ? 'critical' : 'high';
  if (annotations.destructiveHint === false) return annotations.idempotentHint === true ? 'low' : 'medium';
  return undefined;
}

const tagsFromAnnotations = (annotations: JsonRecord): string[] =>
  (['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
    .filter((hint) => annotations[hint] === true)
    .map((hint) => hint.replace(/Hint$/, ''));

export const readInputSchemaTools: Reader = (entries, base) =>
  entries.map((entry, index): RawTool => {
    const tool = isJsonObject(entry) ? entry : {};
    const annotations = isJsonObject(tool.annotations) ? tool.annotations : undefined;
    const risk = riskFromAnnotations(annotations);
    const title = tool.title ?? annotations?.title;
    return {
      index,
      pointer: `${base}${pointerOf(index)}`,
      name: tool.name,
      ...(title !== undefined ? { title } : {}),
      description: tool.description ?? '',
      schemaPointer: '/inputSchema',
      schema: tool.inputSchema,
      ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
      ...(risk ? { risk } : {}),
      ...(annotations ? { tags: tagsFromAnnotations(annotations) } : {}),
    };
  });
