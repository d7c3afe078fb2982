import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportResult, ImportSettings } from '../../../core/import';
import type { ImportCheckRequest, ImportCheckResponse } from './import.worker';

/** `progress` goes from 0 to 1 while a check runs in the worker. */
export type ImportCheck = { state: 'idle' } | { state: 'checking'; progress: number } | { state: 'done'; result: ImportResult };

/** How long typing may pause before the text is checked; a text set at once (a big paste, a file) is checked at once. */
const TYPING_PAUSE_MS = 250;

/**
 * Checks the text (or a file, read in the worker) in a worker, a moment after the last change; a check overtaken by
 * a newer text is dropped, and a check still running when the text changes, or is cancelled, is ended with its worker.
 */
export function useImportCheck(source: string | Blob, options: ImportSettings, { immediate = false } = {}): ImportCheck & { cancel: () => void } {
  const [check, setCheck] = useState<ImportCheck>({ state: 'idle' });
  const workerRef = useRef<Worker | null>(null);
  const requestRef = useRef(0);
  const optionsKey = JSON.stringify(options);

  const end = useCallback(() => {
    requestRef.current += 1;
    workerRef.current?.terminate();
    workerRef.current = null;
  }, []);
  const cancel = useCallback(() => {
    end();
    setCheck({ state: 'idle' });
  }, [end]);

  useEffect(() => () => workerRef.current?.terminate(), []);

  useEffect(() => {
    if (typeof source === 'string' && source.trim() === '') {
      end();
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'checking', progress: 0 });
    const id = (requestRef.current += 1);
    const timer = window.setTimeout(
      () => {
        // A worker still busy with an older text is ended rather than waited for.
        const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
        workerRef.current?.terminate();
        workerRef.current = worker;
        worker.onmessage = (event: MessageEvent<ImportCheckResponse>) => {
          if (event.data.id !== requestRef.current) return;
          if ('progress' in event.data) {
            setCheck({ state: 'checking', progress: event.data.progress });
            return;
          }
          setCheck({ state: 'done', result: event.data.result });
          worker.terminate();
          if (workerRef.current === worker) workerRef.current = null;
        };
        worker.onerror = () => {
          if (id === requestRef.current) {
            setCheck({
              state: 'done',
              result: {
                format: null,
                toolset: { manifest: { id: 'imported', name: 'Imported tools', version: '1.0.0', description: '', categories: [] }, tools: [] },
                problems: [{ pointer: '', rule: 'not_json', severity: 'error', message: 'The check stopped unexpectedly; try a smaller file' }],
                found: 0,
                needsToolName: false,
              },
            });
          }
        };
        const request: ImportCheckRequest = { id, source, options: JSON.parse(optionsKey) as ImportSettings };
        worker.postMessage(request);
      },
      immediate ? 0 : TYPING_PAUSE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [source, optionsKey, immediate, end]);

  return { ...check, cancel };
}
