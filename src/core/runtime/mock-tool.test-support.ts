/**
 * A reusable mock tool for the project's own tests (the runtime model's MockTool): a definition and a handler
 * that succeeds, fails, throws or waits, and counts its calls and the arguments it ran with. Not for
 * imported tools (their mocks are ./mock.ts).
 */
import type { JsonObject, RiskLevel, ToolDefinition } from '../toolset/types';
import type { ValidationResult } from '../validation/types';
import type { ToolContext, ToolData, ToolImplementation, ToolOutcome } from './types';

export interface MockToolOptions {
  name?: string;
  description?: string;
  category?: string;
  riskLevel?: RiskLevel;
  /** The parameters schema; by default an object with an optional string `path`. */
  inputSchema?: JsonObject;
  /** What a run does; by default it succeeds with `{ executed: true }`. */
  run?: (args: Record<string, unknown>, context: ToolContext) => Promise<ToolOutcome>;
  summarize?: (args: Record<string, unknown>) => string;
  /** The tool's own check of arguments the schema accepted (ToolImplementation.validate); none by default. */
  validate?: (args: Record<string, unknown>) => ValidationResult;
}

export interface MockTool {
  definition: ToolDefinition;
  implementation: ToolImplementation;
  /** How many times the handler ran. */
  readonly calls: number;
  /** How many times the tool's own check ran (0 without a `validate` option). */
  readonly validateCalls: number;
  /** The arguments of each run, in order (after approval: edited arguments show here). */
  readonly executedArgs: Record<string, unknown>[];
}

const DEFAULT_SCHEMA: JsonObject = {
  type: 'object',
  properties: { path: { type: 'string', description: 'A path' } },
  additionalProperties: false,
};

export function createMockTool(options: MockToolOptions = {}): MockTool {
  const name = options.name ?? 'mock_tool';
  const executedArgs: Record<string, unknown>[] = [];
  let validateCalls = 0;
  const validate = options.validate;
  const run =
    options.run ??
    (async () => ({
      success: true,
      message: 'Mock tool executed',
      data: { kind: 'mock', source: 'json', value: { executed: true } } as ToolData,
    }));
  const definition: ToolDefinition = {
    name,
    title: name,
    description: options.description ?? 'A mock tool for testing',
    version: '1.0.0',
    category: options.category ?? 'custom',
    riskLevel: options.riskLevel ?? 'safe',
    tags: [],
    inputSchema: options.inputSchema ?? DEFAULT_SCHEMA,
    examples: [],
    invalidExamples: [],
  };
  const implementation: ToolImplementation = {
    name,
    summarize:
      options.summarize ?? ((args) => `Mock ${name}${typeof args['path'] === 'string' ? ` on '${args['path']}'` : ''}`),
    run: (args, context) => {
      executedArgs.push(args);
      return run(args, context);
    },
    ...(validate
      ? {
          validate: (args: Record<string, unknown>) => {
            validateCalls += 1;
            return validate(args);
          },
        }
      : {}),
  };
  return {
    definition,
    implementation,
    get calls() {
      return executedArgs.length;
    },
    get validateCalls() {
      return validateCalls;
    },
    executedArgs,
  };
}

/** Ready-made mock tools: the presets a test or the page picks from. */
export const MockTools = {
  succeeding: (name = 'success_tool', data?: ToolData, options: MockToolOptions = {}): MockTool =>
    createMockTool({
      ...options,
      name,
      run: async () => ({
        success: true,
        message: 'Operation completed successfully',
        data: data ?? { kind: 'mock', source: 'json', value: { success: true } },
      }),
    }),
  failing: (name = 'fail_tool', error = 'Test error', options: MockToolOptions = {}): MockTool =>
    createMockTool({
      ...options,
      name,
      run: async () => ({ success: false, error, errorCode: 'execution_failed', message: error }),
    }),
  throwing: (
    name = 'throw_tool',
    thrown: unknown = new Error('Test exception'),
    options: MockToolOptions = {},
  ): MockTool =>
    createMockTool({
      ...options,
      name,
      run: async () => {
        throw thrown;
      },
    }),
  /** Waits `delayMs` (100 by default), or until the call is cancelled or times out. */
  delayed: (name = 'delay_tool', delayMs = 100, options: MockToolOptions = {}): MockTool =>
    createMockTool({
      ...options,
      name,
      run: (_args, context) =>
        new Promise<ToolOutcome>((resolve) => {
          const timer = setTimeout(
            () => resolve({ success: true, message: 'Operation completed successfully' }),
            delayMs,
          );
          context.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve({ success: false, message: 'stopped', error: 'stopped', errorCode: 'cancelled' });
          });
        }),
    }),
};
