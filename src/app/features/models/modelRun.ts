/** One run of a model on a toolset, as the page starts it: the record, the request, the judge, the executor. */
import { offeredToModels } from '../../../core/mcp/apps/visibility';
import { callFormatOf } from '../../../core/model/agent/judge';
import { runAgent, type AgentEvent, type RunAgentOptions } from '../../../core/model/agent/run-agent';
import type { RunRecord } from '../../../core/model/agent/trace';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ProviderAdapter } from '../../../core/model/spec';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';
import type { Toolsets } from '../../services/toolsets';
import type { PrecompiledLoads } from '../../lib/precompiledValidators';
import type { SchemaChecks } from '../../lib/schemaWorker';
import type { ColumnModel } from './compareSettings';
import type { RunSettings } from './settings';

/** A toolset's definitions: an entry that carries its toolset (imported, or live once the Connect feature registers one) as it is, a bundled one loaded. */
export function toolsetOf(toolsets: Toolsets, toolsetId: string): Promise<ToolsetBundle | null> {
  const record = toolsets.find(toolsetId)?.record;
  if (!record) return toolsets.loadToolset(toolsetId);
  // A live server's tools meant for its apps only are never offered to a model (MCP Apps visibility).
  const appOnly = record.live?.appOnly;
  return Promise.resolve(
    appOnly?.length ? { ...record.toolset, tools: offeredToModels(record.toolset.tools, appOnly) } : record.toolset,
  );
}

const runId = (): string => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

export function recordFor(
  settings: RunSettings,
  model: ColumnModel,
  tools: readonly ToolDefinition[],
  toolsetId = settings.toolsetId,
): RunRecord {
  return {
    id: runId(),
    createdAt: new Date().toISOString(),
    provider: model.provider,
    toolset: toolsetId,
    baseUrl: model.baseUrl,
    model: model.model.trim(),
    system: settings.system,
    userMessage: settings.userMessage,
    toolNames: tools.map((tool) => tool.name),
    toolChoice: settings.toolChoice,
    ...(settings.temperature !== null ? { temperature: settings.temperature } : {}),
    steps: [],
    messages: [],
  };
}

/**
 * Where a run's calls are judged: here for bundled tools (their validators were generated at build time and are
 * loaded first), in the schema worker for any other schema (imported, an earlier version): compiling one needs eval.
 */
export async function judgeFor(
  validator: Validator,
  checks: SchemaChecks,
  precompiled: PrecompiledLoads,
  tools: readonly ToolDefinition[],
  adapter: ProviderAdapter,
): Promise<RunAgentOptions['judge']> {
  await Promise.all(tools.map((tool) => precompiled.load(validator, tool.inputSchema)));
  if (!tools.some((tool) => checks.elsewhere(validator, tool, precompiled))) return undefined;
  const format = callFormatOf(adapter);
  return (call, index) =>
    checks.judge(tools, { format, tool: call.name, arguments: call.argumentsText, id: call.id }, index);
}

export interface RunInput {
  /** The page's validator (ValidatorContext): judges the calls of bundled tools. */
  validator: Validator;
  /** The page's schema checks (`page.part(createSchemaChecks)`): judge the calls of any other tool. */
  checks: SchemaChecks;
  /** The page's loads of generated validators (`page.part(createPrecompiledLoads)`): bundled tools' are loaded first. */
  precompiled: PrecompiledLoads;
  settings: RunSettings;
  model: ColumnModel;
  /** The definitions sent and judged against. */
  tools: readonly ToolDefinition[];
  record: RunRecord;
  execute?: RunAgentOptions['execute'];
  onEvent: (event: AgentEvent) => void;
  signal: AbortSignal;
  /** Answers the requests instead of the network (a recorded sample replayed through the same path). */
  fetch?: typeof fetch;
}

/** Sends, streams and judges (and in agent mode runs and goes on); a failure stays in the record, never thrown. */
export async function runModel({
  validator,
  checks,
  precompiled,
  settings,
  model,
  tools,
  record,
  execute,
  onEvent,
  signal,
  fetch,
}: RunInput): Promise<RunRecord> {
  const adapter = PROVIDER_ADAPTERS[model.provider];
  try {
    const judge = await judgeFor(validator, checks, precompiled, tools, adapter);
    await runAgent({
      adapter,
      validator,
      request: {
        provider: model.provider,
        baseUrl: model.baseUrl.trim(),
        model: record.model,
        apiKey: model.apiKey.trim(),
        system: settings.system,
        messages: [{ role: 'user', text: settings.userMessage }],
        tools: adapter.prepareTools(tools),
        toolChoice: settings.toolChoice,
        ...(settings.temperature !== null ? { temperature: settings.temperature } : {}),
      },
      // A call to a tool that was not sent is an unknown tool, as it would be for the model's runtime.
      tools,
      mode: execute ? 'agent' : 'judge',
      maxSteps: execute ? settings.maxSteps : 1,
      ...(execute ? { execute } : {}),
      ...(judge ? { judge } : {}),
      onEvent,
      signal,
      stream: { origin: window.location.origin, ...(fetch ? { fetch } : {}) },
      record,
    });
  } catch (error) {
    record.stopReason = 'error';
    record.error = {
      code: 'bad_response',
      message: `The run failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return record;
}
