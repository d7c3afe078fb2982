import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { CallSummary, InputLayout } from '../../../core/calls/types';
import type { ToolDefinition } from '../../../core/toolset/types';
import { createWorkerClient, type WorkerClient } from '../../worker/worker-client';
import type { CallFilter, CallWindow } from './call-store';
import type {
  CheckCallsWorkerProgress,
  CheckCallsWorkerRequest,
  CheckCallsWorkerResponse,
  ExportFormat,
} from './check-calls-protocol';
import type { CheckCallsRequest } from './check-transcript';

/** A finished check's calls, kept in the worker: the table asks for the rows it draws, the exports for a file. */
export interface CheckedCalls {
  window(filter: CallFilter, start: number, count: number): Promise<CallWindow>;
  export(format: ExportFormat): Promise<Blob>;
}

export type CallCheckState =
  | { state: 'idle' }
  | { state: 'checking'; name: string; fraction: number; found: number; layout: InputLayout | null }
  | { state: 'done'; name: string; summary: CallSummary; calls: CheckedCalls }
  | { state: 'cancelled'; name: string; found: number }
  | { state: 'failed'; name: string; message: string };

type Client = WorkerClient<CheckCallsWorkerRequest, CheckCallsWorkerResponse, CheckCallsWorkerProgress>;

/**
 * One check at a time; Cancel ends its worker (a fresh one serves the next), and a new check replaces the old one.
 * The page holds counts and the summary, never the calls: they stay in the worker (see ./call-store).
 */
export function useCallCheck() {
  const [check, setCheck] = useState<CallCheckState>({ state: 'idle' });
  const clientRef = useRef<Client | null>(null);
  const runRef = useRef<AbortController | null>(null);
  const foundRef = useRef(0);

  const stop = () => {
    runRef.current?.abort();
    runRef.current = null;
  };
  useEffect(
    () => () => {
      stop();
      clientRef.current?.restart();
    },
    [],
  );

  /** `tools` may still be loading (a bundled toolset's definitions): the check shows as started at once, and runs once they are here. */
  const start = useCallback(
    (name: string, source: CheckCallsRequest['source'], tools: Promise<readonly ToolDefinition[]>) => {
      stop();
      const run = new AbortController();
      runRef.current = run;
      foundRef.current = 0;
      let layout: InputLayout | null = null;
      setCheck({ state: 'checking', name, fraction: 0, found: 0, layout });
      const onProgress = (message: CheckCallsWorkerProgress) => {
        if (run.signal.aborted) return;
        if (message.type === 'layout') layout = message.layout;
        else {
          foundRef.current = message.found;
          setCheck({
            state: 'checking',
            name,
            fraction: message.totalBytes === 0 ? 1 : message.bytesRead / message.totalBytes,
            found: message.found,
            layout,
          });
        }
      };
      tools.then(
        async (loaded) => {
          if (run.signal.aborted) return;
          const client = (clientRef.current ??= createWorkerClient<
            CheckCallsWorkerRequest,
            CheckCallsWorkerResponse,
            CheckCallsWorkerProgress
          >({
            create: () => new Worker(new URL('./check-calls.worker.ts', import.meta.url), { type: 'module' }),
            name: 'The check',
            restartOnCancel: true,
          }));
          const outcome = await client.request(
            { type: 'check', source, tools: [...loaded] },
            { signal: run.signal, onProgress },
          );
          if (run.signal.aborted) return;
          runRef.current = null;
          // The report (summary, charts, table) is drawn as a transition: React renders it in slices between which
          // the page answers. Measured in Chromium on a 2-core machine: drawn at once it was one task of 180-200 ms
          // for a one-call log, most of it the charts' first render.
          startTransition(() =>
            setCheck(
              outcome.ok
                ? { state: 'done', name, summary: outcome.value as CallSummary, calls: checkedCalls(client) }
                : { state: 'failed', name, message: outcome.error },
            ),
          );
        },
        (error: unknown) => {
          if (run.signal.aborted) return;
          runRef.current = null;
          setCheck({
            state: 'failed',
            name,
            message: `The tools to check against could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
          });
        },
      );
    },
    [],
  );

  const cancel = useCallback(() => {
    if (runRef.current === null) return;
    stop();
    setCheck((current) =>
      current.state === 'checking' ? { state: 'cancelled', name: current.name, found: foundRef.current } : current,
    );
  }, []);

  return { check, start, cancel };
}

/** Asks the worker (never with a signal: cancelling would end the worker and the calls it keeps). */
function checkedCalls(client: Client): CheckedCalls {
  const ask = async (request: CheckCallsWorkerRequest) => {
    const outcome = await client.request(request);
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.value;
  };
  return {
    window: async (filter, start, count) => (await ask({ type: 'window', filter, start, count })) as CallWindow,
    export: async (format) => (await ask({ type: 'export', format })) as Blob,
  };
}
