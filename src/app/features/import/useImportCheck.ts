import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportResult, ImportSettings } from '../../../core/import';
import { createWorkerClient, type WorkerClient } from '../../worker/worker-client';
import type { ImportCheckRequest, ImportCheckResponse } from './import.worker';

/** What a check that stopped (the worker failed, or none could start) shows. */
const stoppedCheck: ImportResult = {
  format: null,
  toolset: {
    manifest: { id: 'imported', name: 'Imported tools', version: '1.0.0', description: '', categories: [] },
    tools: [],
  },
  problems: [
    { pointer: '', rule: 'not_json', severity: 'error', message: 'The check stopped unexpectedly; try a smaller file' },
  ],
  found: 0,
  needsToolName: false,
};

/** `progress` goes from 0 to 1 while a check runs in the worker. */
export type ImportCheck =
  { state: 'idle' } | { state: 'checking'; progress: number } | { state: 'done'; result: ImportResult };

/** How long typing may pause before the text is checked; a text set at once (a big paste, a file) is checked at once. */
const TYPING_PAUSE_MS = 250;

/**
 * Checks the text (or a file, read in the worker) in a worker, a moment after the last change; a check overtaken by
 * a newer text is dropped, and a check still running when the text changes, or is cancelled, is ended with its worker.
 */
export function useImportCheck(
  source: string | Blob,
  options: ImportSettings,
  { immediate = false } = {},
): ImportCheck & { cancel: () => void } {
  const [check, setCheck] = useState<ImportCheck>({ state: 'idle' });
  const clientRef = useRef<WorkerClient<ImportCheckRequest, ImportCheckResponse, number> | null>(null);
  // The running check's own stop: a newer text, a cancel or leaving the page ends it (and its worker).
  const runningRef = useRef<AbortController | null>(null);
  const optionsKey = JSON.stringify(options);

  const end = useCallback(() => {
    runningRef.current?.abort();
    runningRef.current = null;
  }, []);
  const cancel = useCallback(() => {
    end();
    setCheck({ state: 'idle' });
  }, [end]);

  useEffect(() => () => clientRef.current?.restart(), []);

  useEffect(() => {
    if (typeof source === 'string' && source.trim() === '') {
      end();
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'checking', progress: 0 });
    const overtaken = new AbortController();
    const timer = window.setTimeout(
      () => {
        end();
        runningRef.current = overtaken;
        // A worker still busy with an older text is ended rather than waited for.
        clientRef.current ??= createWorkerClient<ImportCheckRequest, ImportCheckResponse, number>({
          create: () => new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' }),
          name: 'The import check',
          restartOnCancel: true,
        });
        const request: ImportCheckRequest = { source, options: JSON.parse(optionsKey) as ImportSettings };
        void clientRef.current
          .request(request, {
            signal: overtaken.signal,
            onProgress: (progress) => {
              if (!overtaken.signal.aborted) setCheck({ state: 'checking', progress });
            },
          })
          .then((outcome) => {
            if (overtaken.signal.aborted) return;
            if (runningRef.current === overtaken) runningRef.current = null;
            setCheck({ state: 'done', result: outcome.ok ? outcome.value.result : stoppedCheck });
          });
      },
      immediate ? 0 : TYPING_PAUSE_MS,
    );
    return () => {
      window.clearTimeout(timer);
      overtaken.abort();
    };
  }, [source, optionsKey, immediate, end]);

  return { ...check, cancel };
}
