import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { CallResult, CallSummary, InputLayout } from '../../../core/calls/types';
import type { ToolDefinition } from '../../../core/toolset/types';
import { createWorkerClient, type WorkerClient } from '../../worker/worker-client';
import type { CheckCallsProgress, CheckCallsRequest } from './check-transcript';

export type CallCheckState =
  | { state: 'idle' }
  | { state: 'checking'; name: string; fraction: number; found: number; layout: InputLayout | null }
  | { state: 'done'; name: string; summary: CallSummary; results: CallResult[] }
  | { state: 'cancelled'; name: string; found: number }
  | { state: 'failed'; name: string; message: string };

/** One check at a time; Cancel ends its worker (a fresh one serves the next), and a new check replaces the old one. */
export function useCallCheck() {
  const [check, setCheck] = useState<CallCheckState>({ state: 'idle' });
  const clientRef = useRef<WorkerClient<CheckCallsRequest, CallSummary, CheckCallsProgress> | null>(null);
  const runRef = useRef<AbortController | null>(null);
  const resultsRef = useRef<CallResult[]>([]);

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
      const results: CallResult[] = [];
      resultsRef.current = results;
      let layout: InputLayout | null = null;
      setCheck({ state: 'checking', name, fraction: 0, found: 0, layout });
      const onProgress = (message: CheckCallsProgress) => {
        if (run.signal.aborted) return;
        if (message.type === 'layout') layout = message.layout;
        else {
          for (const result of message.results) results.push(result);
          setCheck({
            state: 'checking',
            name,
            fraction: message.totalBytes === 0 ? 1 : message.bytesRead / message.totalBytes,
            found: results.length,
            layout,
          });
        }
      };
      tools.then(
        async (loaded) => {
          if (run.signal.aborted) return;
          clientRef.current ??= createWorkerClient<CheckCallsRequest, CallSummary, CheckCallsProgress>({
            create: () => new Worker(new URL('./check-calls.worker.ts', import.meta.url), { type: 'module' }),
            name: 'The check',
            restartOnCancel: true,
          });
          const outcome = await clientRef.current.request(
            { source, tools: [...loaded] },
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
                ? { state: 'done', name, summary: outcome.value, results }
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
      current.state === 'checking'
        ? { state: 'cancelled', name: current.name, found: resultsRef.current.length }
        : current,
    );
  }, []);

  return { check, start, cancel };
}
