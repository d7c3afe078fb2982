/**
 * A model's valid call run in the page's runtime worker (the bundled handlers, or an imported tool's mock), or on
 * its MCP server for a live toolset (the connect feature's caller, loaded with the first live call so the MCP client
 * stays out of the Models page's code), with the approval dialog its risk level asks for; calls up to the chosen risk
 * are approved here by themselves, never a critical one. A live call's approval is asked by the page (the worker does
 * not run it), by the same rules.
 */
import { autoApproves, type AutoApproveLimit } from '../../../core/model/agent/approval';
import type { ToolResult } from '../../../core/runtime/types';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';
import { cancelled, denied, validationFailed } from '../../../core/runtime/result';
import { riskInfo } from '../../../core/toolset/risk';
import { type ToolsetEntry } from '../../lib/toolset';
import type { Executor } from '../../features/models/executor';
import { runtimeClient } from '../../services/runtime/client';
import type { Services } from '../../services/Services';

const runLiveCall = (
  services: Services,
  entry: ToolsetEntry,
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal | undefined,
): Promise<ToolResult> =>
  import('../../features/connect/liveModelCalls').then((module) =>
    module.runLiveModelCall(services, entry, name, args, signal),
  );

/** A live tool's call: approved as the runtime would (by the tool's risk level as imported), then run on its server. */
async function executeLive(
  services: Services,
  validator: Validator,
  entry: ToolsetEntry,
  tool: ToolDefinition,
  args: Record<string, unknown>,
  limit: AutoApproveLimit,
  signal: AbortSignal | undefined,
  autoApproved: string[],
): Promise<ToolResult> {
  const risk = tool.riskLevel;
  let approvedArgs = args;
  if (riskInfo(risk).requiresApproval) {
    if (autoApproves(limit, risk)) autoApproved.push(tool.name);
    else {
      const summary = `${tool.name} on the MCP server ${entry.record?.live?.serverName ?? entry.toolset.manifest.name}`;
      const reason =
        risk === 'critical' ? 'The tool is marked critical; it runs on the live server, outside this page.' : undefined;
      const decision = await services.runtime.askApprovalInPage(
        { callId: `live-${tool.name}`, tool: tool.name, summary, risk, args, ...(reason ? { reason } : {}) },
        signal,
      );
      if (signal?.aborted) return cancelled();
      if (!decision.approved) return denied(`User denied: ${summary}`);
      if (decision.args) {
        // What was approved is what runs: the edited arguments, checked as the originals were.
        const again = validator.validate(tool, decision.args);
        if (!again.valid) return validationFailed(again);
        approvedArgs = decision.args;
      }
    }
  }
  return runLiveCall(services, entry, tool.name, approvedArgs, signal);
}

/** `validator`: the page's (ValidatorContext), checking a live call's edited arguments. */
export function createExecutor(
  services: Services,
  validator: Validator,
  toolsetId: string,
  tools: readonly ToolDefinition[],
  limit: AutoApproveLimit,
): Executor {
  const { runtime } = services;
  const client = runtimeClient(runtime);
  const mine = new Set<string>();
  const autoApproved: string[] = [];
  const unsubscribe = client.subscribe((event) => {
    if (event.type !== 'approval-request' || !mine.has(event.request.callId)) return;
    const { risk, dialogId, tool } = event.request;
    if (!autoApproves(limit, risk)) return;
    runtime.dismissDialog(dialogId);
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
      const entry = services.toolsets.find(toolsetId);
      if (entry?.record?.live !== undefined)
        return executeLive(services, validator, entry, tool, args, limit, signal, autoApproved);
      const mock = entry?.record?.mocks[name];
      const target =
        entry?.origin === 'imported' && mock
          ? { toolset: toolsetId, imported: { definition: tool, mock } }
          : { toolset: toolsetId };
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
