/** Counts what each provider's export of a tool costs. Pure: the tokenizer is passed in, loaded by load.ts. */
import { escapePointerSegment as escapePointer } from '../json/pointer';
import { exportTool } from '../export';
import type { ToolDefinition } from '../toolset/types';
import {
  TOKEN_PROVIDERS,
  TOOLSET_TOKEN_BUDGET,
  type TokenPart,
  type TokenProvider,
  type Tokenizer,
  type ToolTokens,
  type ToolsetTokens,
} from './types';

const EXPORT_OF: Record<Exclude<TokenProvider, 'openai'>, 'anthropic' | 'gemini' | 'mcp'> = {
  anthropic: 'anthropic',
  gemini: 'gemini',
  mcp: 'mcp',
};

/** The OpenAI function as the prompt renderer reads it: name, description, parameters. */
function openAiFunction(tool: ToolDefinition): { name: string; description: string; parameters: unknown } {
  const exported = exportTool(tool, 'openai-chat').value as {
    function: { name: string; description: string; parameters: unknown };
  };
  return exported.function;
}

/** Where the tokens go: the description, each parameter (name, type, description, enum, bounds), and the rest. */
function partsOf(tool: ToolDefinition, total: number, tokenizer: Tokenizer): TokenPart[] {
  const parts: TokenPart[] = [
    { label: 'description', pointer: '/description', tokens: tokenizer.count(tool.description) },
  ];
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(tool.inputSchema.required) ? (tool.inputSchema.required as string[]) : []);
  for (const [name, schema] of Object.entries(properties)) {
    // The parameter as a one-parameter function, less an empty one: its share of the rendered definition.
    const alone = tokenizer.countFunctions([
      {
        name: tool.name,
        parameters: {
          type: 'object',
          properties: { [name]: schema },
          ...(required.has(name) ? { required: [name] } : {}),
        },
      },
    ]);
    const empty = tokenizer.countFunctions([{ name: tool.name, parameters: { type: 'object', properties: {} } }]);
    parts.push({
      label: `parameter ${name}`,
      pointer: `/inputSchema/properties/${escapePointer(name)}`,
      tokens: Math.max(0, alone - empty),
    });
  }
  const counted = parts.reduce((sum, part) => sum + part.tokens, 0);
  parts.push({ label: 'name, structure and overhead', pointer: '/name', tokens: Math.max(0, total - counted) });
  return parts.sort((left, right) => right.tokens - left.tokens);
}

export function toolTokens(tool: ToolDefinition, tokenizer: Tokenizer): ToolTokens {
  const openai = tokenizer.countFunctions([openAiFunction(tool)]);
  const byProvider = { openai } as Record<TokenProvider, number>;
  for (const provider of TOKEN_PROVIDERS) {
    if (provider === 'openai') continue;
    byProvider[provider] = tokenizer.count(JSON.stringify(exportTool(tool, EXPORT_OF[provider]).value));
  }
  return { name: tool.name, byProvider, parts: partsOf(tool, openai, tokenizer) };
}

/** Every tool's cost and the toolset's total per provider, heaviest tools first. */
export function toolsetTokens(
  tools: readonly ToolDefinition[],
  tokenizer: Tokenizer,
  budget = TOOLSET_TOKEN_BUDGET,
): ToolsetTokens {
  const perTool = tools.map((tool) => toolTokens(tool, tokenizer));
  const totals = Object.fromEntries(
    TOKEN_PROVIDERS.map((provider) => [provider, perTool.reduce((sum, tool) => sum + tool.byProvider[provider], 0)]),
  ) as Record<TokenProvider, number>;
  // OpenAI writes every function into one namespace with one fixed overhead: the total is one rendering, not a sum.
  if (tools.length > 0) totals.openai = tokenizer.countFunctions(tools.map(openAiFunction));
  return { budget, totals, tools: perTool.sort((left, right) => right.byProvider.openai - left.byProvider.openai) };
}
