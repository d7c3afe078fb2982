import type { ToolDefinition, ToolsetBundle } from '../../toolset/types';
import type { AuditSeverity } from '../types';

/** A tool as the toolset audit names it: which toolset, which tool. */
export interface ToolRef {
  toolset: string;
  tool: string;
}

/** A finding about several tools together. */
export interface ToolsetFinding {
  rule: string;
  severity: AuditSeverity;
  message: string;
  /** The tools involved, the first the one the finding is about. */
  tools: ToolRef[];
  /** JSON pointer into the first tool's definition, where the finding points at a text. */
  pointer?: string;
}

interface ToolsetAuditContext {
  /** The toolset audited. */
  toolset: ToolsetBundle;
  /** The other toolsets loaded beside it (the collection, imported toolsets), for shadowing and references. */
  others: readonly ToolsetBundle[];
}

export interface ToolsetRule {
  id: string;
  description: string;
  check(context: ToolsetAuditContext): ToolsetFinding[];
}

export const refOf = (toolset: ToolsetBundle, tool: ToolDefinition): ToolRef => ({
  toolset: toolset.manifest.id,
  tool: tool.name,
});
