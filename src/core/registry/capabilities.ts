/**
 * Availability by capability (the runtime model's ToolAvailabilityContext: HasWorkspace, HasTerminal, HasEditor,
 * HasGitRepository): a tool needs what its category works on. The seed filters by its own categories
 * (Workspace, Terminal, Editor, Git); the bundled toolsets' categories map onto them here. No bundled
 * category edits an open editor, so a tool needs the editor only when it is tagged `editor`.
 */
import type { RiskLevel, ToolDefinition } from '../toolset/types';

export type Capability = 'workspace' | 'terminal' | 'editor' | 'gitRepository';

export const CAPABILITY_NAMES: Record<Capability, string> = {
  workspace: 'a workspace',
  terminal: 'a terminal',
  editor: 'an editor',
  gitRepository: 'a git repository',
};

/** Category id → the capability its tools need. */
const CATEGORY_NEEDS: Record<string, Capability> = {
  file_operations: 'workspace',
  code_analysis: 'workspace',
  filesystem: 'workspace',
  search: 'workspace',
  analysis: 'workspace',
  code_execution: 'terminal',
  command: 'terminal',
  version_control: 'gitRepository',
  git: 'gitRepository',
};

export interface CapabilityContext {
  hasWorkspace: boolean;
  hasTerminal: boolean;
  hasEditor: boolean;
  hasGitRepository: boolean;
  /** Tools riskier than this are not available. */
  maxRiskLevel?: RiskLevel;
}

/** The availability presets: the default context and the safe-only one. */
export const AVAILABILITY_PRESETS = {
  /** ToolAvailabilityContext.Default: workspace, terminal and editor; no git repository. */
  default: { hasWorkspace: true, hasTerminal: true, hasEditor: true, hasGitRepository: false },
  /** ToolAvailabilityContext.SafeOnly: a workspace, nothing else, safe tools only. */
  safeOnly: { hasWorkspace: true, hasTerminal: false, hasEditor: false, hasGitRepository: false, maxRiskLevel: 'safe' },
} as const satisfies Record<string, CapabilityContext>;

/** What the playground offers: the in-memory workspace, its shell, the editor, and the sample's git repository. */
export const PLAYGROUND_CAPABILITIES: CapabilityContext = {
  hasWorkspace: true,
  hasTerminal: true,
  hasEditor: true,
  hasGitRepository: true,
};

export function capabilitiesNeeded(tool: Pick<ToolDefinition, 'category' | 'tags'>): Capability[] {
  const needs = new Set<Capability>();
  const byCategory = CATEGORY_NEEDS[tool.category];
  if (byCategory) needs.add(byCategory);
  if ((tool.tags ?? []).some((tag) => tag.toLowerCase() === 'editor')) needs.add('editor');
  return [...needs];
}

const HAS: Record<Capability, keyof CapabilityContext> = {
  workspace: 'hasWorkspace',
  terminal: 'hasTerminal',
  editor: 'hasEditor',
  gitRepository: 'hasGitRepository',
};

/** The capabilities a tool needs that the context lacks (empty: it can run there). */
export function missingCapabilities(
  tool: Pick<ToolDefinition, 'category' | 'tags'>,
  context: CapabilityContext,
): Capability[] {
  return capabilitiesNeeded(tool).filter((capability) => context[HAS[capability]] !== true);
}
