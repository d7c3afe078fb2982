/**
 * Imported tools have no handler: their Execute returns a mock the user wrote, either fixed JSON or a
 * small JavaScript function of the arguments. The function runs in QuickJS (the engine the workspace's
 * `node` uses), in a fresh runtime per call with a memory limit and a deadline: no DOM, no network, no
 * workspace, nothing but the arguments in and a JSON value out.
 */
import type { QuickJSHandle } from 'quickjs-emscripten-core';
import type { JsonValue, ToolDefinition } from '../toolset/types';
import type { Validator } from '../validation/validator';
import { loadQuickJs } from '../workspace/shell/node-runtime';
import { checkStructured, describeStructuredErrors } from './structured';
import type { ToolImplementation, ToolOutcome } from './types';

export type MockSpec = { kind: 'json'; value: JsonValue } | { kind: 'function'; source: string };

const MOCK_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
/** A mock is a stand-in: seconds are plenty, and a loop ends long before the call's own timeout. */
const MOCK_TIME_LIMIT_MS = 2_000;
const MAX_RESULT_CHARS = 1024 * 1024;

export interface MockRun {
  ok: boolean;
  value?: JsonValue;
  error?: string;
}

/** Runs a mock function's source on the arguments. Never throws. */
export async function runMockFunction(
  source: string,
  args: Record<string, unknown>,
  options: { signal?: AbortSignal; timeLimitMs?: number } = {},
): Promise<MockRun> {
  let quickJs;
  try {
    quickJs = await loadQuickJs();
  } catch (error) {
    return {
      ok: false,
      error: `The JavaScript sandbox could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const runtime = quickJs.newRuntime();
  const deadline = Date.now() + (options.timeLimitMs ?? MOCK_TIME_LIMIT_MS);
  let timedOut = false;
  runtime.setMemoryLimit(MOCK_MEMORY_LIMIT_BYTES);
  runtime.setMaxStackSize(256 * 1024);
  runtime.setInterruptHandler(() => {
    if (options.signal?.aborted) return true;
    if (Date.now() > deadline) {
      timedOut = true;
      return true;
    }
    return false;
  });
  const context = runtime.newContext();
  const dispose = (handle: QuickJSHandle) => handle.dispose();
  try {
    // The arguments go in as JSON text, parsed inside: nothing of the host is reachable from the mock.
    const program = `(() => { const mock = (${source}\n); if (typeof mock !== 'function') throw new TypeError('the mock must be a function of the arguments, such as (args) => ({ ok: true })'); const result = mock(JSON.parse(${JSON.stringify(JSON.stringify(args))})); if (result && typeof result.then === 'function') throw new TypeError('the mock returned a Promise: return the value itself'); return result === undefined ? 'null' : JSON.stringify(result); })()`;
    const result = context.evalCode(program, 'mock.js');
    if (result.error) {
      const dumped = context.dump(result.error) as { name?: string; message?: string } | string;
      dispose(result.error);
      if (options.signal?.aborted) return { ok: false, error: 'The mock was cancelled' };
      if (timedOut)
        return {
          ok: false,
          error: `The mock did not return within ${((options.timeLimitMs ?? MOCK_TIME_LIMIT_MS) / 1000).toFixed(0)} s and was stopped`,
        };
      const message =
        typeof dumped === 'string' ? dumped : `${dumped?.name ?? 'Error'}: ${dumped?.message ?? 'unknown error'}`;
      if (/out of memory/i.test(message))
        return {
          ok: false,
          error: `The mock ran out of memory (limit ${MOCK_MEMORY_LIMIT_BYTES / 1024 / 1024} MB) and was stopped`,
        };
      return { ok: false, error: `The mock threw ${message}` };
    }
    const text = context.getString(result.value);
    dispose(result.value);
    if (text.length > MAX_RESULT_CHARS)
      return {
        ok: false,
        error: `The mock returned ${text.length.toLocaleString('en')} characters of JSON; results are limited to ${MAX_RESULT_CHARS.toLocaleString('en')}`,
      };
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: /memory/i.test(message)
        ? `The mock ran out of memory (limit ${MOCK_MEMORY_LIMIT_BYTES / 1024 / 1024} MB) and was stopped`
        : `The mock failed: ${message}`,
    };
  } finally {
    try {
      context.dispose();
      runtime.dispose();
    } catch {
      // A runtime stopped mid-allocation may refuse to free; it is dropped with its module memory.
    }
  }
}

/**
 * The handler an imported tool executes with: its mock, through the same service as every tool. When the tool
 * declares an outputSchema, the mock's value is its structured result and must match it: a mismatch fails the
 * call with each field and rule named, and keeps the value so it can be seen and fixed.
 */
export function createMockImplementation(
  definition: Pick<ToolDefinition, 'name' | 'outputSchema'>,
  validator: Validator,
  mock: MockSpec,
): ToolImplementation {
  const outcome = (source: 'json' | 'function', value: JsonValue, how: string): ToolOutcome => {
    const data = { kind: 'mock' as const, source, value };
    const checked = checkStructured(definition, value, false, validator);
    if (checked.status === 'invalid') {
      const error = `The mock's result does not match the outputSchema of ${definition.name}: ${describeStructuredErrors(checked.errors)}`;
      return { success: false, errorCode: 'execution_failed', error, message: error, data };
    }
    if (checked.status === 'not_checked') {
      const error = `The mock's result could not be checked against the outputSchema of ${definition.name}: ${checked.reason}`;
      return { success: false, errorCode: 'execution_failed', error, message: error, data };
    }
    return { success: true, message: `Mock result of ${definition.name} (${how})`, data };
  };
  return {
    name: definition.name,
    summarize: (args) => `Mock ${definition.name}(${Object.keys(args).join(', ')})`,
    async run(args, context): Promise<ToolOutcome> {
      if (mock.kind === 'json') return outcome('json', mock.value, 'fixed JSON');
      const run = await runMockFunction(mock.source, args, {
        signal: context.signal,
        timeLimitMs: Math.min(MOCK_TIME_LIMIT_MS, context.timeoutMs),
      });
      if (!run.ok)
        return {
          success: false,
          errorCode: 'execution_failed',
          error: run.error ?? 'The mock failed',
          message: run.error ?? 'The mock failed',
        };
      return outcome('function', run.value ?? null, 'function of the arguments');
    },
  };
}
