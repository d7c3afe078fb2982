/**
 * A model's valid call run in the page's runtime worker (the bundled handlers, or an imported tool's mock; a live
 * toolset's goes to liveCalls.ts),
 * with the approval dialog the runtime asks for; calls up to the chosen risk are approved here by
 * themselves, never a critical one.
 */
import type { AutoApproveLimit } from '../../../core/model/agent/approval';
import type { ToolResult } from '../../../core/runtime/types';
import { riskRank } from '../../../core/toolset/risk';
import type { ToolDefinition } from '../../../core/toolset/types';
import { cancelled } from '../../../core/runtime/result';
import { dismissDialog, getRuntimeClient } from '../execution/runtime';
import { findToolsetEntry } from '../../lib/toolset';
import { isLiveToolset, runLiveCall } from './liveCalls';

export interface Executor {
  execute(name: string, args: Record<string, unknown>, signal: AbortSignal | undefined): Promise<ToolResult>;
  /** Stops listening for approvals. */
  dispose(): void;
  /** Calls approved without asking, by their tool name, in order. */
  autoApproved: string[];
}

export function createExecutor(toolsetId: string, tools: readonly ToolDefinition[], limit: AutoApproveLimit): Executor {
  const client = getRuntimeClient();
  const mine = new Set<string>();
  const autoApproved: string[] = [];
  const unsubscribe = client.subscribe((event) => {
    if (event.type !== 'approval-request' || !mine.has(event.request.callId)) return;
    const { risk, dialogId, tool } = event.request;
    if (limit === 'none' || risk === 'critical' || riskRank(risk) > riskRank(limit)) return;
    dismissDialog(dialogId);
    client.respondApproval(dialogId, true);
    autoApproved.push(tool);
  });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    autoApproved,
    dispose: unsubscribe,
    execute(name, args, signal) {
      const tool = byName.get(name);
      if (!tool) return Promise.resolve(cancelled(`Unknown tool ${name}`));
      const entry = findToolsetEntry(toolsetId);
      if (entry && isLiveToolset(entry)) return runLiveCall(entry, name, args, signal);
      const mock = entry?.record?.mocks[name];
      const target = entry?.origin === 'imported' && mock ? { toolset: toolsetId, imported: { definition: tool, mock } } : { toolset: toolsetId };
      const handle = client.execute(tool, args, target);
      mine.add(handle.id);
      const onAbort = (): void => client.cancel(handle.id);
      signal?.addEventListener('abort', onAbort, { once: true });
      return handle.done.then((record) => {
        signal?.removeEventListener('abort', onAbort);
        mine.delete(handle.id);
        return record.result;
      });
    },
  };
}
