/// <reference lib="webworker" />
/**
 * Reads a live tools/call result and validates its structuredContent against the tool's output schema. Compiling
 * an output schema evaluates generated code, which the page's policy forbids; workers have a policy of their own.
 */
import { createCompilingValidator } from '../../../core/validation/compile';
import { boundResult, readResult } from '../../../core/mcp/results';
import type { ToolDefinition } from '../../../core/toolset/types';

declare const self: DedicatedWorkerGlobalScope;

// This worker's validator: output schemas compiled here, where the page's policy allows it.
const validator = createCompilingValidator();

export interface ResultRequest {
  id: number;
  result: unknown;
  tool: Pick<ToolDefinition, 'name' | 'outputSchema' | 'title' | 'version'>;
}

self.onmessage = (event: MessageEvent<ResultRequest>) => {
  const { id, result, tool } = event.data;
  try {
    // Only a window of a long text goes back to the page, which never lays out the rest.
    self.postMessage({ id, value: boundResult(readResult(result, tool, validator)) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
