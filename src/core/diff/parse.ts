/**
 * A definition to compare, from text in any format the import page reads: this project's tool file (kept whole,
 * with its version and risk level), an OpenAI/Anthropic/Gemini/MCP tool, a toolset file, or a bare JSON Schema.
 */
import type { Validator } from '../validation/validator';
import { importToolset, IMPORT_FORMAT_LABELS } from '../import';
import type { JsonValue } from '../toolset/types';
import { parseArguments } from '../validation/json-text';
import type { DiffableDefinition } from './rules/tool';
import { isJsonObject } from '../json/is-json-object';
import { checkJsonText } from '../json/text-limits';
import { MAX_TEXT_DEPTH } from '../import/types';

export type ParsedDefinition =
  { ok: true; definition: DiffableDefinition; source: string } | { ok: false; message: string };

const FIELDS = [
  'name',
  'title',
  'summary',
  'description',
  'version',
  'riskLevel',
  'category',
  'tags',
  'examples',
  'invalidExamples',
  'relationships',
  'warnings',
] as const;

/**
 * `pick` chooses a tool when the text holds several; a bare JSON Schema gets `pick` (or "pasted") as its name.
 * Formats without a version (provider tool lists) give none, so no version is checked for them.
 */
export function definitionFromText(text: string, validator: Validator, pick?: string): ParsedDefinition {
  const source = text.replace(/^\uFEFF/, '');
  const tooDeep = checkJsonText(source, { maxDepth: MAX_TEXT_DEPTH });
  if (tooDeep) return { ok: false, message: `Not read: the definition is ${tooDeep.message} (at ${tooDeep.pointer}).` };
  const parsed = parseArguments(source);
  if (!parsed.ok) return { ok: false, message: `Not JSON: ${parsed.error.message}` };
  // Parsed text is a JSON value, so a JSON object narrows to one.
  const value = parsed.value as JsonValue;
  if (
    isJsonObject(value) &&
    isJsonObject(value.inputSchema) &&
    typeof value.name === 'string' &&
    !Array.isArray(value.tools)
  ) {
    const definition: DiffableDefinition = { inputSchema: value.inputSchema };
    for (const field of FIELDS)
      if (value[field] !== undefined)
        (definition as unknown as Record<string, JsonValue>)[field] = value[field] as JsonValue;
    return { ok: true, definition, source: 'a tool definition' };
  }
  const result = importToolset(text, { schemaToolName: pick ?? 'pasted', validator });
  if (result.format === null) return { ok: false, message: result.problems[0]?.message ?? 'No tool definition found.' };
  const tools = result.toolset.tools;
  if (tools.length === 0) {
    const reason = result.problems.find((problem) => problem.severity === 'error')?.message ?? 'it holds no tool';
    return { ok: false, message: `No tool could be read: ${reason}` };
  }
  const chosen =
    pick !== undefined && result.format !== 'json-schema'
      ? tools.find((tool) => tool.name === pick)
      : tools.length === 1
        ? tools[0]
        : undefined;
  if (!chosen) {
    const names = tools.map((tool) => tool.name).join(', ');
    return {
      ok: false,
      message:
        pick !== undefined
          ? `No tool '${pick}' in it; it holds: ${names}.`
          : `It holds ${tools.length} tools (${names}); name the one to compare.`,
    };
  }
  const { version, ...rest } = chosen;
  const definition: DiffableDefinition = result.format === 'toolset' ? { ...rest, version } : rest;
  return { ok: true, definition, source: IMPORT_FORMAT_LABELS[result.format] };
}
