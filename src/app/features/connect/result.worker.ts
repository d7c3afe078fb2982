/// <reference lib="webworker" />
/**
 * Reads a live tools/call result and validates its structuredContent against the tool's output schema. Compiling
 * an output schema evaluates generated code, which the page's policy forbids; workers have a policy of their own.
 */
import { createCompilingValidator } from '../../../core/validation/compile';
import { boundResult, readResult, type ReadResult } from '../../../core/mcp/results';
import type { ToolDefinition } from '../../../core/toolset/types';
import { serveRequests } from '../../worker/worker-client';

declare const self: DedicatedWorkerGlobalScope;

// This worker's validator: output schemas compiled here, where the page's policy allows it.
const validator = createCompilingValidator();

export interface ResultRequest {
  result: unknown;
  tool: Pick<ToolDefinition, 'name' | 'outputSchema' | 'title' | 'version'>;
}

// Only a window of a long text goes back to the page, which never lays out the rest.
serveRequests<ResultRequest, ReadResult>(self, ({ result, tool }) => boundResult(readResult(result, tool, validator)));
