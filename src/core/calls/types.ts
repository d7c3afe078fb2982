/** The model of a bulk call check: calls found in a transcript, one result each, and the summary. */
import type { ValidationError } from '../validation/types';

/** The shapes a tool call arrives in. */
export const CALL_FORMATS = ['plain', 'openai-chat', 'openai-responses', 'anthropic', 'gemini', 'mcp'] as const;
export type CallFormat = (typeof CALL_FORMATS)[number];

export const CALL_FORMAT_LABELS: Record<CallFormat, string> = {
  plain: 'JSON Lines of {tool, arguments}',
  'openai-chat': 'OpenAI Chat Completions messages (tool_calls)',
  'openai-responses': 'OpenAI Responses output items (function_call)',
  anthropic: 'Anthropic Messages (tool_use blocks)',
  gemini: 'Gemini functionCall parts',
  mcp: 'MCP tools/call requests (JSON-RPC)',
};

/** How the text was laid out: one JSON value per line, or one JSON document (an exported conversation). */
export type InputLayout = 'json-lines' | 'json-document';

/** One tool call as the model wrote it, before any check. */
export interface ExtractedCall {
  format: CallFormat;
  tool: string;
  /** The arguments as sent: an object, or the JSON text OpenAI carries them in. */
  arguments: unknown;
  /** The provider's id for the call (`call_…`, `toolu_…`, a JSON-RPC id), when it has one. */
  id?: string;
}

export type CallStatus = 'valid' | 'invalid' | 'unknown_tool' | 'unparseable';

/** The verdict on one call, or on one line that could not be read. */
export interface CallResult {
  /** 1-based position among the results. */
  index: number;
  /** 1-based line of the input the call came from (the document's first line for a JSON document). */
  line: number;
  status: CallStatus;
  format?: CallFormat;
  /** The tool name the model used; empty for an unreadable line. */
  tool: string;
  id?: string;
  /** The arguments as given: a string when the provider sends JSON text (see argumentsTextOf). */
  arguments?: unknown;
  /**
   * Set instead of `arguments` where a page was sent the call without them because they are too long to carry
   * (the Check calls worker): their text's first characters and its full length. An export reads them again whole;
   * one that cannot writes this in their place (./report.ts).
   */
  argumentsCut?: { head: string; length: number };
  errors: ValidationError[];
  /** For an unknown tool: the closest known names. */
  suggestions?: string[];
  /** The text the model would have received about this call. */
  llmText: string;
}

/** A rename the validator proposed: `file` → `path`, or an enum value `utf-8` → `utf8`. */
export interface SuggestedFix {
  tool: string;
  from: string;
  to: string;
  count: number;
}

export interface ToolSummary {
  tool: string;
  known: boolean;
  calls: number;
  valid: number;
  invalid: number;
  unparseable: number;
  /** Share of this tool's calls that were not valid, 0..1. */
  invalidRate: number;
}

export interface ParameterSummary {
  tool: string;
  parameter: string;
  count: number;
  codes: Record<string, number>;
}

export interface CallSummary {
  /** Every result: calls found plus lines that could not be read. */
  calls: number;
  valid: number;
  invalid: number;
  unknownTool: number;
  unparseable: number;
  /** Lines or records that were JSON but held no tool call (user turns, tool results, other methods). */
  skipped: number;
  /** Share of results that were not valid, 0..1 (0 when there are none). */
  invalidRate: number;
  /** The formats seen, most frequent first. */
  formats: { format: CallFormat; count: number }[];
  layout: InputLayout | null;
  byTool: ToolSummary[];
  byCode: { code: string; count: number }[];
  parameters: ParameterSummary[];
  fixes: SuggestedFix[];
  unknownTools: { tool: string; count: number; suggestions: string[] }[];
  /** Lines too long to read, each counted as unparseable: the first ones, in order (present only when any). */
  linesNotRead?: LineNotRead[];
}

/** A line longer than the reader's cap for one line: it was never joined, only measured. */
export interface LineNotRead {
  line: number;
  characters: number;
  limit: number;
  message: string;
}
