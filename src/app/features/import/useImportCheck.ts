import { useEffect, useRef, useState } from 'react';
import type { ImportResult, ImportSettings } from '../../../core/import';
import type { ImportCheckRequest, ImportCheckResponse } from './import.worker';

export type ImportCheck = { state: 'idle' } | { state: 'checking' } | { state: 'done'; result: ImportResult };

/**
 * Checks the text in a worker, a moment after the last change; a check overtaken by a newer text is
 * dropped, and a check still running when the text changes is ended with its worker.
 */
export function useImportCheck(text: string, options: ImportSettings): ImportCheck {
  const [check, setCheck] = useState<ImportCheck>({ state: 'idle' });
  const workerRef = useRef<Worker | null>(null);
  const requestRef = useRef(0);
  const optionsKey = JSON.stringify(options);

  useEffect(() => () => workerRef.current?.terminate(), []);

  useEffect(() => {
    if (text.trim() === '') {
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'checking' });
    const id = (requestRef.current += 1);
    const timer = window.setTimeout(() => {
      // A worker still busy with an older text is ended rather than waited for.
      const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
      workerRef.current?.terminate();
      workerRef.current = worker;
      worker.onmessage = (event: MessageEvent<ImportCheckResponse>) => {
        if (event.data.id === requestRef.current) setCheck({ state: 'done', result: event.data.result });
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
      const request: ImportCheckRequest = { id, text, options: JSON.parse(optionsKey) as ImportSettings };
      worker.postMessage(request);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [text, optionsKey]);

  return check;
}
