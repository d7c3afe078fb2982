import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallResult, CallSummary, InputLayout } from '../../../core/calls/types';
import type { ToolDefinition } from '../../../core/toolset/types';
import type { CheckCallsMessage, CheckCallsRequest } from './check-calls.worker';

export type CallCheckState =
  | { state: 'idle' }
  | { state: 'checking'; name: string; fraction: number; found: number; layout: InputLayout | null }
  | { state: 'done'; name: string; summary: CallSummary; results: CallResult[] }
  | { state: 'cancelled'; name: string; found: number }
  | { state: 'failed'; name: string; message: string };

/** One check at a time in its own worker; Cancel ends the worker, and a new check replaces the old one. */
export function useCallCheck() {
  const [check, setCheck] = useState<CallCheckState>({ state: 'idle' });
  const workerRef = useRef<Worker | null>(null);
  const resultsRef = useRef<CallResult[]>([]);

  const stop = () => {
    workerRef.current?.terminate();
    workerRef.current = null;
  };
  useEffect(() => stop, []);

  /** `tools` may still be loading (a bundled toolset's definitions): the check shows as started at once, and runs once they are here. */
  const start = useCallback((name: string, source: CheckCallsRequest['source'], tools: Promise<readonly ToolDefinition[]>) => {
    stop();
    const worker = new Worker(new URL('./check-calls.worker.ts', import.meta.url), { type: 'module' });
    workerRef.current = worker;
    const results: CallResult[] = [];
    resultsRef.current = results;
    let layout: InputLayout | null = null;
    setCheck({ state: 'checking', name, fraction: 0, found: 0, layout });
    worker.onmessage = (event: MessageEvent<CheckCallsMessage>) => {
      if (workerRef.current !== worker) return;
      const message = event.data;
      if (message.type === 'layout') layout = message.layout;
      else if (message.type === 'results') {
        for (const result of message.results) results.push(result);
        setCheck({ state: 'checking', name, fraction: message.totalBytes === 0 ? 1 : message.bytesRead / message.totalBytes, found: results.length, layout });
      } else if (message.type === 'done') {
        setCheck({ state: 'done', name, summary: message.summary, results });
        stop();
      } else {
        setCheck({ state: 'failed', name, message: message.message });
        stop();
      }
    };
    worker.onerror = (event) => {
      if (workerRef.current !== worker) return;
      setCheck({ state: 'failed', name, message: event.message || 'The check stopped unexpectedly (the file may be too large for this browser).' });
      stop();
    };
    tools.then(
      (loaded) => {
        if (workerRef.current !== worker) return;
        const request: CheckCallsRequest = { source, tools: [...loaded] };
        worker.postMessage(request);
      },
      (error: unknown) => {
        if (workerRef.current !== worker) return;
        setCheck({ state: 'failed', name, message: `The tools to check against could not be loaded: ${error instanceof Error ? error.message : String(error)}` });
        stop();
      },
    );
  }, []);

  const cancel = useCallback(() => {
    if (workerRef.current === null) return;
    stop();
    setCheck((current) => (current.state === 'checking' ? { state: 'cancelled', name: current.name, found: resultsRef.current.length } : current));
  }, []);

  return { check, start, cancel };
}
