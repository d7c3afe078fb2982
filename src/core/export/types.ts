import type { JsonObject } from '../toolset/types';

export const EXPORT_FORMATS = ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'mcp', 'plain'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportResult {
  format: ExportFormat;
  /** Human name of the format, for tabs and headings. */
  label: string;
  /** The provider's tool definition, ready to serialise. */
  value: JsonObject;
  /** What was changed, and what the provider (or its strict mode) would reject. */
  notes: string[];
}

export interface ExportOptions {
  /** OpenAI formats: convert the schema for strict mode (Structured Outputs) when it can be expressed. */
  strict?: boolean;
}

export interface ExportFormatInfo {
  label: string;
  description: string;
}

export const EXPORT_FORMAT_INFO: Record<ExportFormat, ExportFormatInfo> = {
  'openai-chat': {
    label: 'OpenAI Chat Completions',
    description: 'An entry of `tools` in a Chat Completions request: {type: "function", function: {…}}.',
  },
  'openai-responses': {
    label: 'OpenAI Responses',
    description: 'An entry of `tools` in a Responses API request: {type: "function", name, …, strict}.',
  },
  anthropic: {
    label: 'Anthropic Messages',
    description: 'An entry of `tools` in a Messages API request: {name, description, input_schema}.',
  },
  gemini: {
    label: 'Google Gemini',
    description: "An entry of `functionDeclarations`, with the schema reduced to Gemini's OpenAPI subset.",
  },
  mcp: {
    label: 'Model Context Protocol',
    description: 'An entry of a `tools/list` result: {name, title, description, inputSchema, annotations}.',
  },
  plain: {
    label: 'Plain definition',
    description: 'The portable {name, description, inputSchema} format, the schema unchanged.',
  },
};

/** Type guard for format names typed by a user. */
export const isExportFormat = (value: string): value is ExportFormat =>
  (EXPORT_FORMATS as readonly string[]).includes(value);
