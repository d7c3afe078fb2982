/** Every text of a tool definition a model reads: names, titles, descriptions, enum values, defaults, examples — with its JSON pointer. */
import { itemsPath, propertyPath } from '../../json/parameter-path';
import { escapePointerSegment as escape } from '../../json/pointer';
import type { JsonValue, ToolDefinition } from '../../toolset/types';
import { isJsonObject } from '../../json/is-json-object';

export interface ToolText {
  /** JSON pointer into the definition. */
  pointer: string;
  text: string;
  /** What the text is, for messages: 'description', 'title', 'enum value', 'default', 'example', 'property name'. */
  field: string;
  /** The parameter it belongs to (`path`, `files[]`), absent for the tool itself. */
  parameter?: string;
}

const DATA_FIELDS: Record<string, string> = {
  enum: 'enum value',
  const: 'const value',
  default: 'default',
  examples: 'example',
  example: 'example',
};
const PROSE_FIELDS: Record<string, string> = { description: 'description', title: 'title', $comment: 'comment' };

/** Every string inside a data value (a default object, an examples list), each with its pointer. */
const dataStrings = (
  value: JsonValue,
  pointer: string,
  field: string,
  parameter: string | undefined,
  out: ToolText[],
): void => {
  if (typeof value === 'string') out.push({ pointer, text: value, field, ...(parameter ? { parameter } : {}) });
  else if (Array.isArray(value))
    value.forEach((item, index) => dataStrings(item, `${pointer}/${index}`, field, parameter, out));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      dataStrings(item, `${pointer}/${escape(key)}`, field, parameter, out);
};

const schemaTexts = (schema: JsonValue, pointer: string, parameter: string | undefined, out: ToolText[]): void => {
  if (Array.isArray(schema)) {
    schema.forEach((item, index) => schemaTexts(item, `${pointer}/${index}`, parameter, out));
    return;
  }
  if (schema === null || typeof schema !== 'object') return;
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${escape(key)}`;
    if (PROSE_FIELDS[key] && typeof value === 'string')
      out.push({ pointer: at, text: value, field: PROSE_FIELDS[key] ?? key, ...(parameter ? { parameter } : {}) });
    else if (DATA_FIELDS[key]) dataStrings(value, at, DATA_FIELDS[key] ?? key, parameter, out);
    else if (key === 'properties' && isJsonObject(value)) {
      for (const [name, child] of Object.entries(value)) {
        const childParameter = propertyPath(parameter ?? '', name);
        out.push({ pointer: `${at}/${escape(name)}`, text: name, field: 'property name', parameter: childParameter });
        schemaTexts(child, `${at}/${escape(name)}`, childParameter, out);
      }
    } else if (key === 'items') schemaTexts(value, at, itemsPath(parameter ?? ''), out);
    else if (typeof value === 'object') schemaTexts(value, at, parameter, out);
  }
};

/** The texts of a tool, its input schema and its output schema (if it declares one). */
export const toolTexts = (tool: ToolDefinition): ToolText[] => {
  const out: ToolText[] = [{ pointer: '/name', text: tool.name, field: 'name' }];
  if (typeof tool.title === 'string') out.push({ pointer: '/title', text: tool.title, field: 'title' });
  if (typeof tool.description === 'string')
    out.push({ pointer: '/description', text: tool.description, field: 'description' });
  schemaTexts(tool.inputSchema, '/inputSchema', undefined, out);
  const outputSchema = (tool as { outputSchema?: JsonValue }).outputSchema;
  if (outputSchema !== undefined) schemaTexts(outputSchema, '/outputSchema', undefined, out);
  return out;
};

/** "the description of 'path'", "the tool description", "an enum value of 'mode'". */
export const textLabel = (entry: ToolText): string =>
  entry.parameter === undefined
    ? `the tool ${entry.field}`
    : entry.field === 'property name'
      ? `the property name '${entry.parameter}'`
      : `the ${entry.field} of '${entry.parameter}'`;

/** Invisible, bidirectional, tag and control characters as \u{…} escapes, so a report never carries them raw. */
export const escapeInvisible = (text: string): string =>
  text.replace(INVISIBLE_GLOBAL, (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);

/**
 * Characters a reader does not see but a model reads: zero-width and joiners, bidirectional controls, the
 * tag block (U+E0000–E007F, which spells ASCII invisibly), variation selectors supplement, soft hyphen, BOM,
 * and C0/C1 controls other than tab and newline.
 */
export const INVISIBLE_SOURCE =
  '[\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFEFF\\uFFA0\\u{E0000}-\\u{E007F}\\u{E0100}-\\u{E01EF}\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]';
const INVISIBLE_GLOBAL = new RegExp(INVISIBLE_SOURCE, 'gu');

/** A short excerpt around a match, escaped, for a message. */
export const excerpt = (text: string, index: number, length: number): string => {
  const start = Math.max(0, index - 30);
  const end = Math.min(text.length, index + length + 30);
  return `${start > 0 ? '…' : ''}${escapeInvisible(text.slice(start, end)).replace(/\s+/g, ' ')}${end < text.length ? '…' : ''}`;
};

/** The label at the head of a sentence. */
export const capital = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
