/**
 * Which format a parsed text is, and where its tool entries are. Wrappers are looked through: a request
 * body's `tools`, a JSON-RPC response's `result`, Gemini's `tools[].functionDeclarations` (or
 * `function_declarations`, the proto field name its REST API accepts as well).
 */
import type { ImportFormat } from '../types';
import { isAnthropicTool } from './anthropic';
import { hasGeminiTypes, isGeminiDeclaration } from './gemini';
import { hasMcpOnlyFields, isInputSchemaTool } from './mcp';
import { isOpenAiChatTool, isOpenAiResponsesTool } from './openai';
import { pointerOf } from './shared';
import { isJsonObject } from '../../json/is-json-object';

export interface Detected {
  format: ImportFormat;
  entries: unknown[];
  /** Pointer of the array holding the entries (or of the single entry's parent). */
  basePointer: string;
  /** A single tool was given, not a list. */
  single: boolean;
}

const isToolsetFile = (value: unknown): boolean =>
  isJsonObject(value) && isJsonObject(value.manifest) && Array.isArray(value.tools);

const looksLikeJsonSchema = (value: unknown): boolean =>
  isJsonObject(value) &&
  !('name' in value) &&
  (value.type === 'object' || 'properties' in value || '$schema' in value || '$defs' in value);

/** The format a list's entries share, judged by the first entry that says anything. */
function formatOfEntries(entries: readonly unknown[], wrappedAsMcp: boolean): ImportFormat | null {
  for (const entry of entries) {
    if (isOpenAiChatTool(entry)) return 'openai-chat';
    if (isOpenAiResponsesTool(entry)) return 'openai-responses';
    if (isAnthropicTool(entry)) return 'anthropic';
    if (isInputSchemaTool(entry)) return wrappedAsMcp || entries.some(hasMcpOnlyFields) ? 'mcp' : 'codegenesis';
    if (isGeminiDeclaration(entry)) return 'gemini';
  }
  return null;
}

/** The key a Gemini tool holds its declarations under: camelCase in the SDKs, snake_case in REST samples. */
const declarationsKey = (tool: unknown): 'functionDeclarations' | 'function_declarations' | null =>
  isJsonObject(tool)
    ? Array.isArray(tool.functionDeclarations)
      ? 'functionDeclarations'
      : Array.isArray(tool.function_declarations)
        ? 'function_declarations'
        : null
    : null;

/** Gemini's `tools: [{functionDeclarations: [...]}, …]`, flattened with pointers kept. */
function geminiDeclarations(
  tools: readonly unknown[],
  base: string,
): { entries: unknown[]; basePointer: string } | null {
  const groups = tools.flatMap((tool, index) => {
    const key = declarationsKey(tool);
    return key ? [{ index, key, declarations: (tool as Record<string, unknown[]>)[key]! }] : [];
  });
  if (groups.length === 0) return null;
  // Several groups are rare; pointers then name the first group, and messages name the tool.
  const first = groups[0]!;
  return {
    entries: groups.flatMap((group) => group.declarations),
    basePointer: `${base}${pointerOf(first.index, first.key)}`,
  };
}

export function detectFormat(value: unknown): Detected | null {
  if (isToolsetFile(value))
    return { format: 'toolset', entries: (value as { tools: unknown[] }).tools, basePointer: '/tools', single: false };

  let container: unknown = value;
  let base = '';
  let wrappedAsMcp = false;
  // JSON-RPC: {"jsonrpc": "2.0", "id": 1, "result": {"tools": [...]}}
  if (isJsonObject(container) && isJsonObject(container.result) && Array.isArray(container.result.tools)) {
    container = container.result;
    base = '/result';
    wrappedAsMcp = true;
  }
  const ownKey = declarationsKey(container);
  if (ownKey) {
    return {
      format: 'gemini',
      entries: (container as Record<string, unknown[]>)[ownKey]!,
      basePointer: `${base}/${ownKey}`,
      single: false,
    };
  }
  if (isJsonObject(container) && Array.isArray(container.tools)) {
    const gemini = geminiDeclarations(container.tools, `${base}/tools`);
    if (gemini) return { format: 'gemini', ...gemini, single: false };
    // A bare {tools: [...]} of inputSchema entries is how MCP answers tools/list.
    const format = formatOfEntries(container.tools, wrappedAsMcp || !('model' in container));
    return format ? { format, entries: container.tools, basePointer: `${base}/tools`, single: false } : null;
  }
  if (Array.isArray(container)) {
    const gemini = geminiDeclarations(container, base);
    if (gemini) return { format: 'gemini', ...gemini, single: false };
    const format = formatOfEntries(container, false);
    return format ? { format, entries: container, basePointer: base, single: false } : null;
  }
  if (isJsonObject(container)) {
    const format = formatOfEntries([container], false);
    if (format) {
      // {name, parameters} with lower-case types is the legacy OpenAI `functions` entry; Gemini's readers take it as well.
      return {
        format: format === 'gemini' && !hasGeminiTypes(container.parameters) ? 'gemini' : format,
        entries: [container],
        basePointer: '',
        single: true,
      };
    }
    if (looksLikeJsonSchema(container))
      return { format: 'json-schema', entries: [container], basePointer: '', single: true };
  }
  return null;
}
