/** What the execution service tests share: mock tools, and a service built on them with the real validator. */
import { createCompilingValidator } from '../validation/compile';
import type { JsonObject, RiskLevel, ToolDefinition } from '../toolset/types';
import { createMockTool } from './mock-tool.test-support';
import type { Workspace } from '../workspace/types';
import { createExecutionService, type ExecutionServiceOptions } from './service';
import type { ToolContext, ToolImplementation, ToolOutcome, UserInteraction } from './types';
// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

// Built on the reusable mock tool (./mock-tool.test-support.ts): its definition, with a required path and an optional timeout.
export function definition(name: string, riskLevel: RiskLevel = 'safe', withTimeout = false): ToolDefinition {
  const properties: Record<string, JsonObject> = { path: { type: 'string' } };
  if (withTimeout) properties['timeout_seconds'] = { type: 'integer', minimum: 1, maximum: 3600 };
  return createMockTool({
    name,
    riskLevel,
    category: 'file_operations',
    description: `Mock tool ${name}`,
    inputSchema: { type: 'object', properties, required: ['path'], additionalProperties: false },
  }).definition;
}

export function implementation(
  name: string,
  run: (args: Record<string, unknown>, context: ToolContext) => Promise<ToolOutcome>,
  extra: Partial<ToolImplementation> = {},
): ToolImplementation {
  return {
    ...createMockTool({ name, run, summarize: (args) => `Mock ${name} on '${String(args['path'])}'` }).implementation,
    ...extra,
  };
}

export const succeeding = (name: string) =>
  implementation(name, async (args) => ({
    success: true,
    message: `done ${String(args['path'])}`,
    data: { kind: 'delete', path: String(args['path']) },
  }));

/** Resolves only when the signal aborts, like a handler that honours cancellation. */
export const waitingForAbort = (name: string, seen: { aborted?: boolean } = {}) =>
  implementation(
    name,
    (_args, context) =>
      new Promise<ToolOutcome>((resolve) => {
        context.signal.addEventListener('abort', () => {
          seen.aborted = true;
          resolve({ success: true, message: 'too late' });
        });
      }),
  );

export const noWorkspace = {} as unknown as Workspace;
const noInteraction: UserInteraction = {
  ask: async () => 'yes',
  confirm: async () => true,
};

export function service(
  tools: ToolDefinition[],
  implementations: ToolImplementation[],
  extra: Partial<ExecutionServiceOptions> = {},
) {
  return createExecutionService({
    validator,
    tools,
    implementations: new Map(implementations.map((entry) => [entry.name, entry])),
    workspace: noWorkspace,
    interaction: noInteraction,
    ...extra,
  });
}

/** An imported tool's definition (a city's weather), built with the reusable mock tool: no handler of its own here. */
export const importedWeather: ToolDefinition = createMockTool({
  name: 'get_weather',
  description: 'Weather for a city',
  category: 'imported',
  riskLevel: 'safe',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
}).definition;

/** A person who answers no question: ask_user fails, confirm_action is declined. */
export const refuseInteraction = { ask: () => Promise.reject(new Error('no')), confirm: () => Promise.resolve(false) };
