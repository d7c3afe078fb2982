/** Which tools can run where (the runtime model's availability context), for the catalog. */
import {
  AVAILABILITY_PRESETS,
  CAPABILITY_NAMES,
  PLAYGROUND_CAPABILITIES,
  missingCapabilities,
  type CapabilityContext,
} from '../../../core/registry/capabilities';
import { riskInfo, riskRank } from '../../../core/toolset/risk';
import type { ToolSummary } from '../../../core/toolset/types';
import { NO_CODE_LABEL } from '../../../core/runtime/no-code';

export type AvailabilityChoice = 'playground' | 'default' | 'safeOnly';

export const AVAILABILITY_CHOICES: { id: AvailabilityChoice; label: string; context: CapabilityContext }[] = [
  { id: 'playground', label: 'This playground (workspace, terminal, editor, git)', context: PLAYGROUND_CAPABILITIES },
  { id: 'default', label: 'Default preset (no git repository)', context: AVAILABILITY_PRESETS.default },
  { id: 'safeOnly', label: 'Safe only (a workspace, safe tools)', context: AVAILABILITY_PRESETS.safeOnly },
];

/** Why a tool cannot run in the context, or null when it can. */
export function unavailableReason(
  tool: Pick<ToolSummary, 'category' | 'tags' | 'riskLevel'>,
  context: CapabilityContext,
): string | null {
  const missing = missingCapabilities(tool, context);
  if (missing.length > 0) return `Needs ${missing.map((capability) => CAPABILITY_NAMES[capability]).join(' and ')}`;
  if (context.maxRiskLevel !== undefined && riskRank(tool.riskLevel) > riskRank(context.maxRiskLevel))
    return `${riskInfo(tool.riskLevel).displayName}: above the ${riskInfo(context.maxRiskLevel).displayName} limit`;
  return null;
}

/**
 * What a tool's catalog card says about running it. A bundled tool runs its own code, within the chosen capabilities;
 * an imported tool has no code here: Execute answers with the mock result saved for it, or cannot run until one is.
 * A built site's tool with neither code nor a mock (its summary says so) runs nothing in any context.
 */
export function cardAvailability(
  tool: Pick<ToolSummary, 'name' | 'category' | 'tags' | 'riskLevel' | 'noCode'>,
  context: CapabilityContext,
  imported?: { mocks: Readonly<Record<string, unknown>> },
): { runs: boolean; label: string } {
  if (imported)
    return tool.name in imported.mocks
      ? { runs: true, label: 'Answers with its mock' }
      : { runs: false, label: 'No mock result saved' };
  if (tool.noCode) return { runs: false, label: NO_CODE_LABEL };
  const reason = unavailableReason(tool, context);
  return reason === null ? { runs: true, label: 'Can run here' } : { runs: false, label: reason };
}
