/**
 * A tools/call result, read block by block into the kinds the page and the CLI render, with `structuredContent`
 * checked against the tool's output schema by the project's validator (same codes and messages as arguments).
 */
import { checkStructured, type StructuredCheck } from '../runtime/structured';
import type { JsonObject, ToolDefinition } from '../toolset/types';
import type { Validator } from '../validation/validator';
import { isJsonObject } from '../json/is-json-object';
import { malformedNote } from './result-blocks';

export { type StructuredCheck } from '../runtime/structured';

export type ResultBlock =
  /** `fullLength`: the text was cut to a window (boundResult) from this many characters. */
  | { kind: 'text'; text: string; fullLength?: number }
  /** A block that broke the protocol's rules, left out: `note` names it and the rule ("content[1] (image): data must be base64"). */
  | { kind: 'malformed'; note: string }
  | { kind: 'image'; mimeType: string; data: string }
  | { kind: 'audio'; mimeType: string; data: string }
  | { kind: 'resource_link'; uri: string; name: string; title?: string; description?: string; mimeType?: string }
  | { kind: 'resource'; uri: string; mimeType?: string; text?: string; blob?: string }
  | { kind: 'unknown'; type: string; raw: unknown };

export interface ReadResult {
  isError: boolean;
  blocks: ResultBlock[];
  structuredContent?: JsonObject;
  /**
   * In place of `structuredContent` when its JSON (indented) is longer than the page's window (boundResult): the
   * first characters of that JSON, and how long it is. The page lays out this window, never the whole value.
   */
  structuredWindow?: { text: string; fullLength: number };
  structured: StructuredCheck;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optional = <K extends string>(key: K, value: unknown): { [P in K]?: string } =>
  typeof value === 'string' ? ({ [key]: value } as { [P in K]: string }) : {};

/** MIME types an image block may be shown as: a data URL of anything else could be script (SVG) or not an image. */
export const DISPLAYABLE_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
] as const;

export function readBlock(block: unknown): ResultBlock {
  if (!isJsonObject(block)) return { kind: 'unknown', type: typeof block, raw: block };
  const note = malformedNote(block);
  if (note !== null) return { kind: 'malformed', note };
  switch (block.type) {
    case 'text':
      return { kind: 'text', text: text(block.text) };
    case 'image':
      return { kind: 'image', mimeType: text(block.mimeType), data: text(block.data) };
    case 'audio':
      return { kind: 'audio', mimeType: text(block.mimeType), data: text(block.data) };
    case 'resource_link':
      return {
        kind: 'resource_link',
        uri: text(block.uri),
        name: text(block.name),
        ...optional('title', block.title),
        ...optional('description', block.description),
        ...optional('mimeType', block.mimeType),
      };
    case 'resource': {
      const resource = isJsonObject(block.resource) ? block.resource : {};
      return {
        kind: 'resource',
        uri: text(resource.uri),
        ...optional('mimeType', resource.mimeType),
        ...optional('text', resource.text),
        ...optional('blob', resource.blob),
      };
    }
    default:
      return { kind: 'unknown', type: typeof block.type === 'string' ? block.type : 'missing', raw: block };
  }
}

type ResultTool = Pick<ToolDefinition, 'name' | 'outputSchema'> & Partial<ToolDefinition>;

/** With the tool, its structured content is checked by the validator its entry point built. */
export function readResult(result: unknown): ReadResult;
export function readResult(result: unknown, tool: ResultTool | undefined, validator: Validator): ReadResult;
export function readResult(result: unknown, tool?: ResultTool, validator?: Validator): ReadResult {
  const record = isJsonObject(result) ? result : {};
  const isError = record.isError === true;
  const blocks = Array.isArray(record.content) ? record.content.map(readBlock) : [];
  const structuredContent = isJsonObject(record.structuredContent)
    ? (record.structuredContent as JsonObject)
    : undefined;
  const structured =
    tool && validator
      ? checkStructured(tool, record.structuredContent, isError, validator)
      : { status: 'none' as const };
  return { isError, blocks, ...(structuredContent ? { structuredContent } : {}), structured };
}

/** Bytes a base64 text decodes to (padding and whitespace not counted). */
export function base64Bytes(data: string): number {
  const clean = data.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

const size = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Plain text of a result for a terminal: text blocks as they are, the rest as kind, MIME type, size and address. */
export function resultToText(read: ReadResult): string {
  const lines = read.blocks.map((block) => {
    switch (block.kind) {
      case 'text':
        return block.fullLength === undefined
          ? block.text
          : `${block.text}\n[${(block.fullLength - block.text.length).toLocaleString('en-US')} more characters not shown]`;
      case 'malformed':
        return `[${block.note}: the block was left out]`;
      case 'image':
      case 'audio':
        return `[${block.kind} ${block.mimeType || 'without a MIME type'}, ${size(base64Bytes(block.data))}]`;
      case 'resource_link': {
        const label = [block.title ?? block.name, block.mimeType]
          .filter((part) => part !== undefined && part !== '')
          .join(', ');
        return `[resource link ${block.uri}${label ? ` (${label})` : ''}]${block.description ? ` ${block.description}` : ''}`;
      }
      case 'resource': {
        const facts = [block.mimeType, block.blob !== undefined ? size(base64Bytes(block.blob)) : undefined].filter(
          (part) => part !== undefined && part !== '',
        );
        const head = `[resource ${block.uri}${facts.length > 0 ? ` ${facts.join(', ')}` : ''}]`;
        return block.text !== undefined ? `${head}\n${block.text}` : head;
      }
      case 'unknown':
        return `[unknown content type '${block.type}']`;
    }
  });
  return lines.join('\n');
}

/** How much of a result's text the page shows at once: every text block's share of it, in characters. */
const RESULT_TEXT_WINDOW = 200_000;

/**
 * A result for the page: its text blocks cut so that together they hold at most `maxChars` characters (each cut
 * block keeps its full length, for the page to say how much is not shown). A 50 MB text is thus never laid out.
 */
export function boundResult(read: ReadResult, maxChars = RESULT_TEXT_WINDOW): ReadResult {
  let room = maxChars;
  let changed = false;
  const blocks = read.blocks.map((block): ResultBlock => {
    if (block.kind !== 'text') return block;
    const kept = Math.min(block.text.length, room);
    room -= kept;
    if (kept === block.text.length) return block;
    changed = true;
    return { kind: 'text', text: block.text.slice(0, kept), fullLength: block.fullLength ?? block.text.length };
  });
  // structuredContent has a window of its own: its JSON is written out here (in the worker), cut, and only the cut goes on.
  const json = read.structuredContent === undefined ? '' : JSON.stringify(read.structuredContent, null, 2);
  if (json.length <= maxChars) return changed ? { ...read, blocks } : read;
  const { structuredContent: _whole, ...rest } = read;
  return { ...rest, blocks, structuredWindow: { text: json.slice(0, maxChars), fullLength: json.length } };
}
