/** Starts the side-by-side columns at once (judge mode, one step each), under one Stop. */
import type { AgentEvent } from '../../../core/model/agent/run-agent';
import type { RunRecord } from '../../../core/model/agent/trace';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';
import type { SchemaChecks } from '../../lib/schemaWorker';
import type { ColumnModel } from './compareSettings';
import { runModel } from './modelRun';
import type { RunSettings } from './settings';

export interface ColumnPlan {
  label: string;
  model: ColumnModel;
  /** The definitions sent and judged against (the chosen subset, edited or an earlier version where the column says). */
  tools: ToolDefinition[];
}

/** Runs every column concurrently; each failure stays in its own column. Resolves when all have ended. */
export async function runColumns(
  validator: Validator,
  checks: SchemaChecks,
  settings: RunSettings,
  plans: ColumnPlan[],
  records: RunRecord[],
  onEventFor: (column: number) => (event: AgentEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  await Promise.all(
    plans.map((plan, column) =>
      runModel({
        validator,
        checks,
        settings,
        model: plan.model,
        tools: plan.tools,
        record: records[column]!,
        onEvent: onEventFor(column),
        signal,
      }),
    ),
  );
}
