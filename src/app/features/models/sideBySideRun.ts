/** Starts the side-by-side columns at once (judge mode, one step each), under one Stop. */
import type { AgentEvent } from '../../../core/model/agent/run-agent';
import type { RunRecord } from '../../../core/model/agent/trace';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { toolVersions } from '../../../core/toolset/versions';
import { withEditedDescription, withToolVersion } from '../../../core/model/agent/compare';
import type { Validator } from '../../../core/validation/validator';
import type { PrecompiledLoads } from '../../lib/precompiledValidators';
import type { SchemaChecks } from '../../lib/schemaWorker';
import type { ColumnModel, CompareSettings } from './compareSettings';
import { runModel } from './modelRun';
import type { RunSettings } from './settings';

export interface ColumnPlan {
  label: string;
  model: ColumnModel;
  /** The definitions sent and judged against (the chosen subset, edited or an earlier version where the column says). */
  tools: ToolDefinition[];
}

/**
 * The columns a side-by-side run sends: one a model (the chosen tools each), or the toolset as it is beside the edited
 * tool (an earlier release of it when one is chosen, else its edited description).
 */
export function columnPlans(
  compare: CompareSettings,
  chosen: ToolDefinition[],
  first: ColumnModel,
  toolset: ToolsetBundle,
): ColumnPlan[] {
  const all = toolset.tools;
  const earlier = toolVersions(toolset, compare.editTool).find(
    (version) => version.version === compare.editVersion && !all.includes(version),
  );
  return compare.kind === 'models'
    ? [first, ...compare.extra].map((model, index) => ({ label: `Model ${index + 1}`, model, tools: chosen }))
    : [
        { label: 'Toolset as it is', model: first, tools: chosen },
        earlier
          ? {
              label: `${compare.editTool} ${earlier.version} (earlier release)`,
              model: first,
              tools: withToolVersion(chosen, earlier),
            }
          : {
              label: `Edited ${compare.editTool} description`,
              model: first,
              tools: withEditedDescription(chosen, compare.editTool, compare.editDescription),
            },
      ];
}

/** Runs every column concurrently; each failure stays in its own column. Resolves when all have ended. */
export async function runColumns(
  validator: Validator,
  checks: SchemaChecks,
  precompiled: PrecompiledLoads,
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
        precompiled,
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
