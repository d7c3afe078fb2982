import { useEffect, useRef, useState } from 'react';
import type { ImportResult, ImportSettings } from '../../../core/import';
import { createWorkerClient, type WorkerClient } from '../../worker/worker-client';
import type { ImportCheckRequest, ImportCheckResponse } from './import.worker';

/** What a check that stopped (the worker failed, or none could start) shows. */
const stoppedCheck: ImportResult = {
  format: null,
  toolset: { manifest: { id: 'imported', name: 'Imported tools', version: '1.0.0', description: '', categories: [] }, tools: [] },
  problems: [{ pointer: '', rule: 'not_json', severity: 'error', message: 'The check stopped unexpectedly; try a smaller file' }],
  found: 0,
  needsToolName: false,
};

export type ImportCheck = { state: 'idle' } | { state: 'checking' } | { state: 'done'; result: ImportResult };

/**
 * Checks the text in a worker, a moment after the last change; a check overtaken by a newer text is
 * dropped, and a check still running when the text changes is ended with its worker.
 */
export function useImportCheck(text: string, options: ImportSettings): ImportCheck {
  const [check, setCheck] = useState<ImportCheck>({ state: 'idle' });
  const clientRef = useRef<WorkerClient<ImportCheckRequest, ImportCheckResponse> | null>(null);
  const optionsKey = JSON.stringify(options);

  useEffect(() => () => clientRef.current?.restart(), []);

  useEffect(() => {
    if (text.trim() === '') {
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'checking' });
    const overtaken = new AbortController();
    const timer = window.setTimeout(() => {
      // A worker still busy with an older text is ended rather than waited for.
      clientRef.current ??= createWorkerClient<ImportCheckRequest, ImportCheckResponse>({
        create: () => new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' }),
        name: 'The import check',
        restartOnCancel: true,
      });
      const request: ImportCheckRequest = { text, options: JSON.parse(optionsKey) as ImportSettings };
      void clientRef.current.request(request, { signal: overtaken.signal }).then((outcome) => {
        if (overtaken.signal.aborted) return;
        setCheck({ state: 'done', result: outcome.ok ? outcome.value.result : stoppedCheck });
      });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      overtaken.abort();
    };
  }, [text, optionsKey]);

  return check;
}
