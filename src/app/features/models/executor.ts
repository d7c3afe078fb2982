/** What runs a model's valid calls in agent mode: the page that composes the Models page hands one in. */
import type { AutoApproveLimit } from '../../../core/model/agent/approval';
import type { ToolResult } from '../../../core/runtime/types';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';

export interface Executor {
  execute(name: string, args: Record<string, unknown>, signal: AbortSignal | undefined): Promise<ToolResult>;
  /** Stops listening for approvals. */
  dispose(): void;
  /** Calls approved without asking, by their tool name, in order. */
  autoApproved: string[];
}

export type CreateExecutor = (
  validator: Validator,
  toolsetId: string,
  tools: readonly ToolDefinition[],
  limit: AutoApproveLimit,
) => Executor;
