/**
 * Python for execute_script, backed by Pyodide (CPython compiled to WebAssembly). The
 * interpreter loads on first use; each run copies the workspace into Pyodide's own file
 * system, runs the script there and copies created, changed and deleted files back.
 *
 * Pyodide runs on the calling thread and cannot be interrupted from it. A time limit is
 * enforced inside Python (a trace function checks the clock), which stops pure-Python loops;
 * a script blocked in native code is stopped only by terminating its worker, which the page does.
 */
import type { Workspace } from '../workspace/types';
import { DRIVER_SOURCE } from './python-driver';
import { MAX_FILE_BYTES } from '../workspace/paths';
import { limitFileSizes, type EmscriptenInternals, type FileLimitGuard } from './python-file-limit';
import { limitHeap, type HeapLimit } from './python-heap-limit';
import { MAX_STREAM_CHARS, StreamCapture } from './python-stream';
import type {
  PyCallable,
  PyodideLike,
  PyodideLoadConfig,
  PyodideRunner,
  PyodideRunnerOptions,
  PythonRun,
  PythonRunOptions,
} from './python-types';
import { copyChangesOut, copyWorkspaceIn, pyodideCwd, readPyodideTree } from './python-workspace-copy';
import type { ProgressReport } from './types';

export type { PyodideRunner, PyodideRunnerOptions, PythonRunOptions } from './python-types';

const TIMEOUT_EXIT_CODE = 124;
const CANCELLED_EXIT_CODE = 130;
/** What the driver returns when the script's output passed MAX_STREAM_CHARS. */
const OUTPUT_LIMIT_RESULT = -2;

/** Lines the runner adds to stderr when a script met one of its limits. */
function limitNotes(
  exitCode: number,
  stderr: string,
  refusedFiles: string[],
  heap: { refused: number; limitBytes: number } | null,
): string {
  let notes = '';
  if (exitCode === OUTPUT_LIMIT_RESULT)
    notes += `python: stopped: the script printed more than the ${MAX_STREAM_CHARS / (1024 * 1024)} MB output limit; write large output to a file\n`;
  for (const path of new Set(refusedFiles))
    notes += `python: '${path}' would pass the workspace's ${MAX_FILE_BYTES / (1024 * 1024)} MB limit per file; write it in smaller files\n`;
  if (heap !== null && heap.refused > 0)
    notes += `python: the script asked for more than Python's ${heap.limitBytes / (1024 * 1024)} MB memory limit (MemoryError); work on the data in smaller pieces\n`;
  else if (/^MemoryError\b/m.test(stderr))
    notes += 'python: the script ran out of memory; work on the data in smaller pieces\n';
  return notes;
}

function isNodeRuntime(): boolean {
  const processLike = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof processLike?.versions?.node === 'string';
}

/**
 * What Python's `js` module sees: nothing of the host's globals (no fetch, storage, page or process). Where the
 * runtime runs in the browser, its frame's origin and policy are what close the network and storage; this keeps
 * them out of reach by name as well.
 */
function pythonJsGlobals(): object {
  return Object.freeze(Object.create(null) as object);
}

/** Node: the installed package finds its own files. Page: the self-hosted copy, imported by URL so it is not bundled. */
async function defaultLoadPyodide(config: PyodideLoadConfig): Promise<PyodideLike> {
  if (isNodeRuntime() && !config.indexURL) {
    // Computed, so the page's bundle does not pull in the package; the page loads the self-hosted copy below.
    const packageName = 'pyodide';
    const module = (await import(/* @vite-ignore */ packageName)) as typeof import('pyodide');
    return (await module.loadPyodide({ jsglobals: pythonJsGlobals() })) as unknown as PyodideLike;
  }
  const indexURL = config.indexURL ?? new URL('../vendor/pyodide/', import.meta.url).href;
  const moduleUrl = new URL('pyodide.mjs', indexURL.endsWith('/') ? indexURL : `${indexURL}/`).href;
  const module = (await import(/* @vite-ignore */ moduleUrl)) as {
    loadPyodide(options: { indexURL: string; jsglobals: object }): Promise<unknown>;
  };
  return (await module.loadPyodide({ indexURL, jsglobals: pythonJsGlobals() })) as PyodideLike;
}

export function createPyodideRunner(options: PyodideRunnerOptions): PyodideRunner {
  const load = options.loadPyodide ?? defaultLoadPyodide;
  let interpreter: Promise<PyodideLike> | null = null;
  let loadMilliseconds: number | null = null;
  let loaded = false;
  let loadedInterpreter: PyodideLike | null = null;
  let fileLimit: FileLimitGuard | null = null;
  let heapLimit: HeapLimit | null = null;
  // One interpreter: runs take turns.
  let queue: Promise<unknown> = Promise.resolve();

  const workspaceNow = (): Workspace =>
    typeof options.workspace === 'function' ? options.workspace() : options.workspace;

  const ensureLoaded = (onProgress?: (report: ProgressReport) => void): Promise<PyodideLike> => {
    if (!interpreter) {
      const report = (progress: ProgressReport) => {
        options.onProgress?.(progress);
        onProgress?.(progress);
      };
      interpreter = (async () => {
        report({ fraction: null, message: 'Loading Python (first use, a few seconds)…' });
        const started = performance.now();
        const pyodide = await load({ indexURL: options.indexURL });
        pyodide.runPython(DRIVER_SOURCE);
        // The interpreter's own JavaScript API is no module a script may import.
        pyodide.unregisterJsModule?.('pyodide_js');
        pyodide.runPython("import sys\nsys.modules.pop('pyodide_js', None)");
        pyodide.setStdin({ stdin: () => null });
        fileLimit = limitFileSizes(pyodide.FS as unknown as EmscriptenInternals);
        heapLimit = limitHeap(pyodide._module, options.maxHeapBytes);
        loadMilliseconds = performance.now() - started;
        loaded = true;
        loadedInterpreter = pyodide;
        const pythonVersion = String(pyodide.runPython('import sys\nsys.version.split()[0]'));
        report({ fraction: 1, message: `Python ${pythonVersion} ready (Pyodide ${pyodide.version})` });
        return pyodide;
      })();
      interpreter.catch(() => {
        interpreter = null;
      });
    }
    return interpreter;
  };

  const runNow = async (script: string, runOptions: PythonRunOptions): Promise<PythonRun> => {
    if (runOptions.signal.aborted)
      return {
        stdout: '',
        stderr: 'cancelled before start\n',
        exitCode: CANCELLED_EXIT_CODE,
        timedOut: false,
        changes: [],
      };
    let pyodide: PyodideLike;
    try {
      pyodide = await ensureLoaded(runOptions.onProgress);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        stdout: '',
        stderr: `Python could not be loaded: ${message}\n`,
        exitCode: 127,
        timedOut: false,
        changes: [],
      };
    }
    if (runOptions.signal.aborted)
      return {
        stdout: '',
        stderr: 'cancelled before start\n',
        exitCode: CANCELLED_EXIT_CODE,
        timedOut: false,
        changes: [],
      };
    const workspace = workspaceNow();
    const before = await copyWorkspaceIn(workspace, pyodide.FS);
    fileLimit?.drainRefused();
    heapLimit?.drainRefused();
    fileLimit?.setActive(true);
    const stdout = new StreamCapture();
    const stderr = new StreamCapture();
    pyodide.setStdout({ write: stdout.write });
    pyodide.setStderr({ write: stderr.write });
    let pendingStdin: string | null = runOptions.stdin ? runOptions.stdin : null;
    pyodide.setStdin({
      stdin: () => {
        const text = pendingStdin;
        pendingStdin = null;
        return text;
      },
    });
    const timeoutSeconds = Math.max(0.001, runOptions.timeoutMs / 1000);
    const runFunction = pyodide.globals.get('__playground_run') as PyCallable;
    runOptions.onProgress?.({ fraction: null, message: 'Running Python script' });
    let exitCode: number;
    try {
      const argvJson = runOptions.argv ? JSON.stringify(runOptions.argv) : undefined;
      const envJson = runOptions.env ? JSON.stringify(runOptions.env) : undefined;
      exitCode = Number(
        runFunction(
          script,
          pyodideCwd(runOptions.cwd),
          timeoutSeconds,
          argvJson,
          runOptions.scriptName ?? '<script>',
          envJson,
          () => stdout.full || stderr.full,
        ),
      );
    } catch (error) {
      // Only an interpreter fault gets here; Python exceptions are reported by the driver.
      stderr.write(new TextEncoder().encode(`${error instanceof Error ? error.message : String(error)}\n`));
      exitCode = 1;
    } finally {
      fileLimit?.setActive(false);
      pyodide.FS.chdir('/');
    }
    const timedOut = exitCode === -1;
    let stderrText = stderr.finish();
    stderrText += limitNotes(
      exitCode,
      stderrText,
      fileLimit?.drainRefused() ?? [],
      heapLimit ? { refused: heapLimit.drainRefused(), limitBytes: heapLimit.limitBytes } : null,
    );
    if (exitCode === OUTPUT_LIMIT_RESULT) exitCode = 1;
    if (timedOut) {
      exitCode = TIMEOUT_EXIT_CODE;
      stderrText += `Timed out after ${(runOptions.timeoutMs / 1000).toFixed(1)}s\n`;
    }
    // Files written before a timeout or an exception are kept, as on a real disk.
    const changes = await copyChangesOut(workspace, before, readPyodideTree(pyodide.FS));
    return { stdout: stdout.finish(), stderr: stderrText, exitCode, timedOut, changes };
  };

  return {
    run(script, runOptions) {
      const result = queue.then(() => runNow(script, runOptions));
      queue = result.catch(() => undefined);
      return result;
    },
    async load(onProgress) {
      await ensureLoaded(onProgress);
    },
    isLoaded: () => loaded,
    heapBytes: () => loadedInterpreter?._module?.HEAP8?.buffer.byteLength ?? null,
    loadTimeMs: () => loadMilliseconds,
  };
}
