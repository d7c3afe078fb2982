/**
 * A tools/call result, read block by block into the kinds the page and the CLI render, with `structuredContent`
 * checked against the tool's output schema by the project's validator (same codes and messages as arguments).
 */
import type { JsonObject, ToolDefinition } from '../toolset/types';
import type { Validator } from '../validation/validator';
import type { ValidationError } from '../validation/types';

export type ResultBlock =
  | { kind: 'text'; text: string }
  | { kind: 'image'; mimeType: string; data: string }
  | { kind: 'audio'; mimeType: string; data: string }
  | { kind: 'resource_link'; uri: string; name: string; title?: string; description?: string; mimeType?: string }
  | { kind: 'resource'; uri: string; mimeType?: string; text?: string; blob?: string }
  | { kind: 'unknown'; type: string; raw: unknown };

export type StructuredCheck =
  /** The tool declares no output schema (or the result carries no structured content and the tool none). */
  | { status: 'none' }
  | { status: 'valid' }
  | { status: 'invalid'; errors: ValidationError[] }
  /** The tool declares an output schema but a successful result has no structuredContent (MCP requires it). */
  | { status: 'missing' }
  | { status: 'not_checked'; reason: string };

export interface ReadResult {
  isError: boolean;
  blocks: ResultBlock[];
  structuredContent?: JsonObject;
  structured: StructuredCheck;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optional = <K extends string>(key: K, value: unknown): { [P in K]?: string } => (typeof value === 'string' ? ({ [key]: value } as { [P in K]: string }) : {});

/** MIME types an image block may be shown as: a data URL of anything else could be script (SVG) or not an image. */
export const DISPLAYABLE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp'] as const;

export function readBlock(block: unknown): ResultBlock {
  if (!isRecord(block)) return { kind: 'unknown', type: typeof block, raw: block };
  switch (block.type) {
    case 'text':
      return { kind: 'text', text: text(block.text) };
    case 'image':
      return { kind: 'image', mimeType: text(block.mimeType), data: text(block.data) };
    case 'audio':
      return { kind: 'audio', mimeType: text(block.mimeType), data: text(block.data) };
    case 'resource_link':
      return { kind: 'resource_link', uri: text(block.uri), name: text(block.name), ...optional('title', block.title), ...optional('description', block.description), ...optional('mimeType', block.mimeType) };
    case 'resource': {
      const resource = isRecord(block.resource) ? block.resource : {};
      return { kind: 'resource', uri: text(resource.uri), ...optional('mimeType', resource.mimeType), ...optional('text', resource.text), ...optional('blob', resource.blob) };
    }
    default:
      return { kind: 'unknown', type: typeof block.type === 'string' ? block.type : 'missing', raw: block };
  }
}

/** Validates structured content as arguments are validated: the output schema stands in for the input schema. */
export function checkStructured(tool: Pick<ToolDefinition, 'name' | 'outputSchema'> & Partial<ToolDefinition>, structured: unknown, isError: boolean, validator: Validator): StructuredCheck {
  const schema = tool.outputSchema;
  if (!schema) return { status: 'none' };
  if (structured === undefined) return isError ? { status: 'none' } : { status: 'missing' };
  const asTool: ToolDefinition = {
    name: tool.name,
    title: tool.title ?? tool.name,
    description: '',
    version: tool.version ?? '1.0.0',
    category: '',
    riskLevel: 'safe',
    tags: [],
    inputSchema: schema,
    examples: [],
    invalidExamples: [],
  };
  const result = validator.validate(asTool, structured);
  if (result.valid) return { status: 'valid' };
  if (result.errors.length === 0) return { status: 'not_checked', reason: 'the output schema could not be compiled here' };
  return { status: 'invalid', errors: result.errors };
}

type ResultTool = Pick<ToolDefinition, 'name' | 'outputSchema'> & Partial<ToolDefinition>;

/** With the tool, its structured content is checked by the validator its entry point built. */
export function readResult(result: unknown): ReadResult;
export function readResult(result: unknown, tool: ResultTool | undefined, validator: Validator): ReadResult;
export function readResult(result: unknown, tool?: ResultTool, validator?: Validator): ReadResult {
  const record = isRecord(result) ? result : {};
  const isError = record.isError === true;
  const blocks = Array.isArray(record.content) ? record.content.map(readBlock) : [];
  const structuredContent = isRecord(record.structuredContent) ? (record.structuredContent as JsonObject) : undefined;
  const structured = tool && validator ? checkStructured(tool, record.structuredContent, isError, validator) : { status: 'none' as const };
  return { isError, blocks, ...(structuredContent ? { structuredContent } : {}), structured };
}

/** Plain text of a result for a terminal: text blocks as they are, the rest summarised. */
export function resultToText(read: ReadResult): string {
  const lines = read.blocks.map((block) => {
    switch (block.kind) {
      case 'text':
        return block.text;
      case 'image':
      case 'audio':
        return `[${block.kind} ${block.mimeType}, ${Math.floor((block.data.length * 3) / 4)} bytes]`;
      case 'resource_link':
        return `[resource link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
      case 'resource':
        return block.text !== undefined ? `[resource ${block.uri}]\n${block.text}` : `[resource ${block.uri}${block.mimeType ? ` ${block.mimeType}` : ''}]`;
      default:
        return `[unknown content type '${block.type}']`;
    }
  });
  return lines.join('\n');
}
