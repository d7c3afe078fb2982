/** Provider compatibility: a report per tool and provider, built on the exporters' conversions. */
import { exportTool, type ExportFormat } from '../export';
import type { ToolDefinition } from '../toolset/types';
import { anthropicFindings } from './rules/anthropic';
import { geminiFindings } from './rules/gemini';
import { mcpFindings } from './rules/mcp';
import { openAiStrictFindings } from './rules/openaiStrict';
import type { CompatFinding, CompatProvider, CompatReport } from './types';

export * from './types';

const CHECKS: Record<
  CompatProvider,
  { findings: (tool: ToolDefinition) => CompatFinding[]; format: ExportFormat; strict?: boolean }
> = {
  'openai-strict': { findings: openAiStrictFindings, format: 'openai-responses', strict: true },
  gemini: { findings: geminiFindings, format: 'gemini' },
  anthropic: { findings: anthropicFindings, format: 'anthropic' },
  mcp: { findings: mcpFindings, format: 'mcp' },
};

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export const isCompatProvider = (value: string): value is CompatProvider => value in CHECKS;

export function checkCompatibility(tool: ToolDefinition, provider: CompatProvider): CompatReport {
  const check = CHECKS[provider];
  const findings = check
    .findings(tool)
    .sort((left, right) => SEVERITY_ORDER[left.severity] - SEVERITY_ORDER[right.severity]);
  const exported = exportTool(tool, check.format, check.strict ? { strict: true } : {});
  // The converted form is compatible unless a finding is one no conversion can fix.
  const unfixable = new Set([
    'inexpressible-keyword',
    'map-object',
    'root-not-object',
    'root-any-of',
    'unresolvable-ref',
    'tool-name',
    'nesting-depth',
    'property-count',
    'enum-count',
    'total-string-length',
    'enum-string-length',
  ]);
  const convertedCompatible =
    !findings.some((finding) => finding.severity === 'error' && unfixable.has(finding.rule)) &&
    (provider !== 'openai-strict' || exported.value.strict === true);
  return {
    provider,
    tool: tool.name,
    compatible: !findings.some((finding) => finding.severity === 'error'),
    findings,
    converted: {
      format: check.format,
      value: exported.value,
      changes: exported.notes,
      compatible: convertedCompatible,
    },
  };
}
