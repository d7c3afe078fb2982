/** Starts the side-by-side columns at once (judge mode, one step each), under one Stop. */
import { pageValidator } from '../../lib/pageValidator';
import { runAgent, type AgentEvent } from '../../../core/model/agent/run-agent';
import type { RunRecord } from '../../../core/model/agent/trace';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { ColumnModel } from './compareSettings';
import type { RunSettings } from './settings';

export interface ColumnPlan {
  label: string;
  model: ColumnModel;
  /** The definitions sent and judged against (the chosen subset, edited where the column edits). */
  tools: ToolDefinition[];
}

const runId = (): string => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

export function recordFor(settings: RunSettings, plan: ColumnPlan): RunRecord {
  return {
    id: runId(),
    createdAt: new Date().toISOString(),
    provider: plan.model.provider,
    toolset: settings.toolsetId,
    baseUrl: plan.model.baseUrl,
    model: plan.model.model.trim(),
    system: settings.system,
    userMessage: settings.userMessage,
    toolNames: plan.tools.map((tool) => tool.name),
    toolChoice: settings.toolChoice,
    ...(settings.temperature !== null ? { temperature: settings.temperature } : {}),
    steps: [],
    messages: [],
  };
}

/** Runs every column concurrently; each failure stays in its own column. Resolves when all have ended. */
export async function runColumns(settings: RunSettings, plans: ColumnPlan[], records: RunRecord[], onEventFor: (column: number) => (event: AgentEvent) => void, signal: AbortSignal): Promise<void> {
  await Promise.all(
    plans.map(async (plan, column) => {
      const adapter = PROVIDER_ADAPTERS[plan.model.provider];
      const record = records[column]!;
      try {
        await runAgent({
          adapter,
          validator: pageValidator,
          request: {
            provider: plan.model.provider,
            baseUrl: plan.model.baseUrl.trim(),
            model: record.model,
            apiKey: plan.model.apiKey.trim(),
            system: settings.system,
            messages: [{ role: 'user', text: settings.userMessage }],
            tools: adapter.prepareTools(plan.tools),
            toolChoice: settings.toolChoice,
            ...(settings.temperature !== null ? { temperature: settings.temperature } : {}),
          },
          tools: plan.tools,
          mode: 'judge',
          maxSteps: 1,
          onEvent: onEventFor(column),
          signal,
          stream: { origin: window.location.origin },
          record,
        });
      } catch (error) {
        record.stopReason = 'error';
        record.error = { code: 'bad_response', message: `The run failed unexpectedly: ${error instanceof Error ? error.message : String(error)}` };
      }
    }),
  );
}
