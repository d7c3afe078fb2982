/**
 * Stands in for monaco-editor's `internal/common/workers.js` when the JSON mode imports it (vite.config.ts's
 * `monacoSlimWorkers`). That module imports every editor contribution Monaco has (inline completions, sticky
 * scroll, diff breadcrumbs, quick access…) only to offer `createWebWorker`: in the read_file page's build it made
 * the editor's chunk 4.0 MB, which the page must parse before the editor is drawn. The JSON editor needs the
 * contributions loadMonaco.ts names and this function alone.
 */
import { editor } from 'monaco-editor/editor/editor.api.js';

interface WorkerOptions {
  label?: string;
  moduleId?: string;
  createWorker?: () => Worker;
  createData?: unknown;
  host?: Record<string, (...args: never[]) => unknown>;
  keepIdleModels?: boolean;
}

interface MonacoEnvironmentWithWorker {
  getWorker?: (workerId: string, label: string) => Worker | Promise<Worker>;
}

/** As Monaco's own: the worker from MonacoEnvironment.getWorker (loadMonaco.ts sets it), told its settings first. */
export function createWebWorker<T extends object>(options: WorkerOptions): editor.MonacoWebWorker<T> {
  const label = options.label ?? 'monaco-editor-worker';
  const environment = (globalThis as { MonacoEnvironment?: MonacoEnvironmentWithWorker }).MonacoEnvironment;
  const made = environment?.getWorker ? environment.getWorker('workerMain.js', label) : options.createWorker?.();
  if (!made) throw new Error('MonacoEnvironment.getWorker is not set, so the JSON worker cannot start.');
  const worker = Promise.resolve(made).then((started) => {
    started.postMessage('ignore');
    started.postMessage(options.createData);
    return started;
  });
  return editor.createWebWorker<T>({
    worker,
    ...(options.host ? { host: options.host as unknown as Record<string, Function> } : {}),
    ...(options.keepIdleModels !== undefined ? { keepIdleModels: options.keepIdleModels } : {}),
  });
}
