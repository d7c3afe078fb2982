/** The page's door to result.worker.ts: one worker, started with the first live result, through the one worker client. */
import type { ReadResult } from '../../../core/mcp/results';
import type { ToolDefinition } from '../../../core/toolset/types';
import { createWorkerClient } from '../../worker/worker-client';
import type { ResultRequest } from './result.worker';

export interface ResultReader {
  /** Starts the worker ahead of the first result (a live tool's page calls it on opening): it brings the validator's compiler. */
  prepare(): void;
  /** The result read and checked off the page; why it could not be is thrown, as the caller expects. */
  read(result: unknown, tool: ToolDefinition): Promise<ReadResult>;
}

export function createResultReader(): ResultReader {
  const reader = createWorkerClient<ResultRequest, ReadResult>({
    create: () => new Worker(new URL('./result.worker.ts', import.meta.url), { type: 'module', name: 'mcp-results' }),
    name: 'The result check',
  });
  return {
    prepare() {
      reader.start();
    },
    async read(result, tool) {
      const outcome = await reader.request({
        result,
        tool: {
          name: tool.name,
          title: tool.title,
          version: tool.version,
          ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        },
      });
      if (!outcome.ok) throw new Error(outcome.error);
      return outcome.value;
    },
  };
}
