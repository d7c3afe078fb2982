/** Token cost of tool definitions, as each provider receives them. */

export const TOKEN_PROVIDERS = ['openai', 'anthropic', 'gemini', 'mcp'] as const;
export type TokenProvider = (typeof TOKEN_PROVIDERS)[number];

/** The budget: tool descriptions go into every prompt, about 3,000 tokens for the whole toolset. */
export const TOOLSET_TOKEN_BUDGET = 3000;

/** A loaded tokenizer: the count of a text, and of function definitions as OpenAI renders them into the prompt. */
export interface Tokenizer {
  encoding: string;
  count(text: string): number;
  countFunctions(functions: readonly { name: string; description?: string; parameters?: unknown }[]): number;
}

export interface ProviderTokenInfo {
  label: string;
  /** True when the provider's tokenizer and prompt rendering are reproduced offline; false: an approximation. */
  exact: boolean;
  /** How the figure is made and, for approximations, why it cannot be the provider's own. */
  how: string;
}

export const PROVIDER_TOKEN_INFO: Record<TokenProvider, ProviderTokenInfo> = {
  openai: {
    label: 'OpenAI',
    exact: true,
    how: "o200k_base, OpenAI's own tokenizer for GPT-4o and later, on the definition rendered as OpenAI writes functions into the prompt: a TypeScript-like namespace with names, descriptions, types and enums (bounds, defaults and patterns are not rendered, so they cost nothing), plus the fixed overhead. OpenAI does not publish that rendering; this is the reverse-engineered one gpt-tokenizer implements.",
  },
  anthropic: {
    label: 'Anthropic',
    exact: false,
    how: "Approximate: Claude's tokenizer is not published, so its own count (the token-counting endpoint) cannot be reproduced offline. This is o200k_base on the exported tool JSON; Anthropic also adds a fixed tool-use system prompt per request that is not included.",
  },
  gemini: {
    label: 'Gemini',
    exact: false,
    how: "Approximate: Gemini's tokenizer runs behind its countTokens endpoint only, so this is o200k_base on the exported function declaration (Gemini's schema subset).",
  },
  mcp: {
    label: 'MCP',
    exact: false,
    how: "Approximate: an MCP client hands the tools/list entry to whichever model it uses, in that model's format. This is o200k_base on the exported MCP tool JSON.",
  },
};

export interface TokenPart {
  /** What the part is: "description", "parameter path", "name and structure". */
  label: string;
  /** JSON pointer into the definition. */
  pointer: string;
  tokens: number;
}

export interface ToolTokens {
  name: string;
  byProvider: Record<TokenProvider, number>;
  /** Where the OpenAI-format tokens go, heaviest first. */
  parts: TokenPart[];
}

export interface ToolsetTokens {
  budget: number;
  totals: Record<TokenProvider, number>;
  /** Heaviest first by the OpenAI count. */
  tools: ToolTokens[];
}
