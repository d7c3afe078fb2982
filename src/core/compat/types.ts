/** Whether a tool's definition is accepted by a provider, finding by finding, and the converted form that is. */
import type { ExportFormat } from '../export';
import type { JsonObject } from '../toolset/types';

export const COMPAT_PROVIDERS = ['openai-strict', 'gemini', 'anthropic', 'mcp'] as const;
export type CompatProvider = (typeof COMPAT_PROVIDERS)[number];

export const COMPAT_PROVIDER_LABELS: Record<CompatProvider, string> = {
  'openai-strict': 'OpenAI strict mode',
  gemini: 'Gemini function declarations',
  anthropic: 'Anthropic tools',
  mcp: 'MCP tools/list',
};

/** error: the provider refuses the definition as it is; warning: accepted but weakened or against its guidance; info: worth knowing. */
type CompatSeverity = 'error' | 'warning' | 'info';

export interface CompatFinding {
  /** A closed set per provider: `property-not-required`, `unsupported-keyword`, `nesting-depth`, … */
  rule: string;
  /** The JSON Schema keyword or definition field the finding is about. */
  keyword: string;
  /** JSON pointer into the tool definition (`/inputSchema/properties/path/maxLength`). */
  pointer: string;
  severity: CompatSeverity;
  message: string;
}

export interface CompatReport {
  provider: CompatProvider;
  tool: string;
  /** True when no finding is an error. */
  compatible: boolean;
  findings: CompatFinding[];
  /** The provider's form from the exporter, converted where it can be, and what the conversion changed. */
  converted: { format: ExportFormat; value: JsonObject; changes: string[]; compatible: boolean };
}
