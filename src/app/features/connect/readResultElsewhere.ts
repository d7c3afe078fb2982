/** The page's door to result.worker.ts: one worker, started with the first live result. */
import type { ReadResult } from '../../../core/mcp/results';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { ResultRequest } from './result.worker';

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (value: ReadResult) => void; reject: (error: Error) => void }>();

/** Starts the worker ahead of the first result (a live tool's page calls it on opening): it brings the validator's compiler. */
export function prepareResultReader(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./result.worker.ts', import.meta.url), { type: 'module', name: 'mcp-results' });
    worker.onmessage = (event: MessageEvent<{ id: number; value?: ReadResult; error?: string }>) => {
      const waiting = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (event.data.value) waiting?.resolve(event.data.value);
      else waiting?.reject(new Error(event.data.error ?? 'The result could not be read.'));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      for (const waiting of pending.values()) waiting.reject(new Error(event.message || 'The result check stopped.'));
      pending.clear();
      worker?.terminate();
      worker = null;
    };
  }
  return worker;
}

export function readResultElsewhere(result: unknown, tool: ToolDefinition): Promise<ReadResult> {
  const reader = prepareResultReader();
  const id = nextId++;
  const request: ResultRequest = { id, result, tool: { name: tool.name, title: tool.title, version: tool.version, ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}) } };
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    reader.postMessage(request);
  });
}
