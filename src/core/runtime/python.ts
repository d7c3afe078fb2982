/**
 * Python for execute_script, backed by Pyodide (CPython compiled to WebAssembly). The
 * interpreter loads on first use; each run copies the workspace into Pyodide's own file
 * system, runs the script there and copies created, changed and deleted files back.
 *
 * Pyodide runs on the calling thread and cannot be interrupted from it. A time limit is
 * enforced inside Python (a trace function checks the clock), which stops pure-Python loops;
 * a script blocked in native code is stopped only by terminating its worker, which the page does.
 */
import { WORKSPACE_ROOT, type FileChange, type ShellPythonRunOptions, type ShellRun, type Workspace } from '../workspace/types';
import type { ProgressReport, PythonRunner } from './types';

/** The slice of Emscripten's file system this module uses. */
interface EmscriptenFileSystem {
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array): void;
  readFile(path: string): Uint8Array;
  readdir(path: string): string[];
  stat(path: string): { mode: number };
  /** Without following a symbolic link; the walks below use it so a link made in Python cannot loop them. */
  lstat?(path: string): { mode: number };
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
  unlink(path: string): void;
  rmdir(path: string): void;
  chdir(path: string): void;
}

interface PyCallable {
  (...args: unknown[]): unknown;
}

/** The slice of the Pyodide API this module uses. */
export interface PyodideLike {
  version: string;
  FS: EmscriptenFileSystem;
  runPython(code: string): unknown;
  globals: { get(name: string): unknown };
  setStdout(options: { write(buffer: Uint8Array): number }): void;
  setStderr(options: { write(buffer: Uint8Array): number }): void;
  setStdin(options: { stdin: () => string | null }): void;
}

export interface PyodideLoadConfig {
  indexURL?: string;
}

export interface PyodideRunnerOptions {
  /** The workspace to run in, or a getter when the page swaps workspaces. */
  workspace: Workspace | (() => Workspace);
  /**
   * Folder holding pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip and pyodide-lock.json.
   * In the page: the self-hosted `vendor/pyodide/`; in Node the installed package is found by itself.
   */
  indexURL?: string;
  /** Loading progress (first use takes a few seconds). */
  onProgress?: (report: ProgressReport) => void;
  /** Replace how Pyodide is loaded (tests, or a host that already holds it). */
  loadPyodide?: (config: PyodideLoadConfig) => Promise<PyodideLike>;
}

export interface PythonRunOptions extends ShellPythonRunOptions {
  onProgress?: (report: ProgressReport) => void;
}

export interface PythonRun extends ShellRun {
  /** Files the script created, modified or deleted, now applied to the workspace. */
  changes: FileChange[];
}

export interface PyodideRunner extends PythonRunner {
  run(script: string, options: PythonRunOptions): Promise<PythonRun>;
  /** Load the interpreter now (for instance while the user is still typing). */
  load(onProgress?: (report: ProgressReport) => void): Promise<void>;
  isLoaded(): boolean;
  /** Milliseconds the interpreter took to load, or null before it has loaded. */
  loadTimeMs(): number | null;
}

/** Output beyond this is dropped, with a note, so a print loop cannot exhaust memory. */
const MAX_STREAM_CHARS = 1024 * 1024;
const TIMEOUT_EXIT_CODE = 124;
const CANCELLED_EXIT_CODE = 130;

/** Defines the function every run calls; see the module comment for how the time limit works. */
const DRIVER_SOURCE = `
import sys, os, time, traceback, linecache, json

class _PlaygroundTimeout(BaseException):
    pass

def __playground_run(source, cwd, timeout_seconds, argv_json=None, script_name="<script>", env_json=None):
    deadline = time.monotonic() + timeout_seconds
    counter = 0
    def tracer(frame, event, arg):
        nonlocal counter
        counter += 1
        if counter >= 2000:
            counter = 0
            if time.monotonic() > deadline:
                raise _PlaygroundTimeout()
        return tracer
    try:
        os.chdir(cwd)
    except OSError as error:
        print(f"working directory not found: {cwd}", file=sys.stderr)
        return 1
    linecache.cache[script_name] = (len(source), None, source.splitlines(True), script_name)
    sys.argv = json.loads(argv_json) if argv_json else [script_name]
    # Like CPython: a script's own folder comes first on sys.path; for -c, -m and stdin the working directory.
    path0 = os.path.dirname(script_name) if script_name.startswith("/") else cwd
    extra_env = json.loads(env_json) if env_json else {}
    saved_env = dict(os.environ)
    os.environ.update(extra_env)
    python_path = [os.path.join(cwd, entry) for entry in extra_env.get("PYTHONPATH", "").split(":") if entry]
    added_paths = [path0] + python_path
    sys.path[0:0] = added_paths
    namespace = {"__name__": "__main__", "__file__": script_name}
    try:
        code = compile(source, script_name, "exec")
    except SyntaxError as error:
        traceback.print_exception(type(error), error, None)
        for entry in added_paths:
            sys.path.remove(entry)
        os.environ.clear()
        os.environ.update(saved_env)
        return 1
    sys.settrace(tracer)
    try:
        exec(code, namespace)
        return 0
    except _PlaygroundTimeout:
        return -1
    except SystemExit as error:
        if error.code is None:
            return 0
        if isinstance(error.code, int):
            return error.code
        print(error.code, file=sys.stderr)
        return 1
    except BaseException as error:
        # Drop this driver's own frame from the traceback.
        traceback.print_exception(type(error), error, error.__traceback__.tb_next)
        return 1
    finally:
        sys.settrace(None)
        sys.stdout.flush()
        sys.stderr.flush()
        for entry in added_paths:
            if entry in sys.path:
                sys.path.remove(entry)
        os.environ.clear()
        os.environ.update(saved_env)
        # Workspace modules are copied in afresh for every run, so a later run must import them again.
        for name, module in list(sys.modules.items()):
            if (getattr(module, "__file__", None) or "").startswith("/workspace/"):
                del sys.modules[name]
`;

function isNodeRuntime(): boolean {
  const processLike = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof processLike?.versions?.node === 'string';
}

/** Node: the installed package finds its own files. Page: the self-hosted copy, imported by URL so it is not bundled. */
async function defaultLoadPyodide(config: PyodideLoadConfig): Promise<PyodideLike> {
  if (isNodeRuntime() && !config.indexURL) {
    // Computed, so the page's bundle does not pull in the package; the page loads the self-hosted copy below.
    const packageName = 'pyodide';
    const module = (await import(/* @vite-ignore */ packageName)) as typeof import('pyodide');
    return (await module.loadPyodide()) as unknown as PyodideLike;
  }
  const indexURL = config.indexURL ?? new URL('../vendor/pyodide/', import.meta.url).href;
  const moduleUrl = new URL('pyodide.mjs', indexURL.endsWith('/') ? indexURL : `${indexURL}/`).href;
  const module = (await import(/* @vite-ignore */ moduleUrl)) as { loadPyodide(options: { indexURL: string }): Promise<unknown> };
  return (await module.loadPyodide({ indexURL })) as PyodideLike;
}

/** Collects decoded output up to a cap. */
class StreamCapture {
  private readonly decoder = new TextDecoder('utf-8');
  private text = '';
  private dropped = 0;

  write = (buffer: Uint8Array): number => {
    const chunk = this.decoder.decode(buffer, { stream: true });
    const room = MAX_STREAM_CHARS - this.text.length;
    if (room >= chunk.length) this.text += chunk;
    else {
      this.text += chunk.slice(0, Math.max(0, room));
      this.dropped += chunk.length - Math.max(0, room);
    }
    return buffer.length;
  };

  finish(): string {
    this.text += this.decoder.decode();
    return this.dropped > 0 ? `${this.text}\n[output truncated: ${this.dropped} more characters]\n` : this.text;
  }
}

const sameBytes = (first: Uint8Array, second: Uint8Array): boolean => {
  if (first.length !== second.length) return false;
  for (let index = 0; index < first.length; index++) if (first[index] !== second[index]) return false;
  return true;
};

interface TreeSnapshot {
  files: Map<string, Uint8Array>;
  directories: Set<string>;
}

/** Every file and directory under the Pyodide workspace, workspace-relative; `.git` is left out. */
function readPyodideTree(fs: EmscriptenFileSystem): TreeSnapshot {
  const files = new Map<string, Uint8Array>();
  const directories = new Set<string>();
  const walk = (absolute: string, relative: string): void => {
    for (const name of fs.readdir(absolute)) {
      if (name === '.' || name === '..') continue;
      if (relative === '' && name === '.git') continue;
      const childAbsolute = `${absolute}/${name}`;
      const childRelative = relative === '' ? name : `${relative}/${name}`;
      const mode = (fs.lstat ?? fs.stat).call(fs, childAbsolute).mode;
      if (fs.isDir(mode)) {
        directories.add(childRelative);
        walk(childAbsolute, childRelative);
      } else if (fs.isFile(mode)) files.set(childRelative, fs.readFile(childAbsolute));
    }
  };
  walk(WORKSPACE_ROOT, '');
  return { files, directories };
}

function removePyodideTree(fs: EmscriptenFileSystem, absolute: string): void {
  for (const name of fs.readdir(absolute)) {
    if (name === '.' || name === '..') continue;
    const child = `${absolute}/${name}`;
    if (fs.isDir((fs.lstat ?? fs.stat).call(fs, child).mode)) {
      removePyodideTree(fs, child);
      fs.rmdir(child);
    } else fs.unlink(child);
  }
}

function directoriesOf(files: readonly string[]): Set<string> {
  const directories = new Set<string>();
  for (const file of files) {
    let slash = file.lastIndexOf('/');
    while (slash > 0) {
      const directory = file.slice(0, slash);
      if (directories.has(directory)) break;
      directories.add(directory);
      slash = directory.lastIndexOf('/');
    }
  }
  return directories;
}

/** Copy the workspace (without `.git`) into Pyodide's `/workspace`; returns what was copied. */
async function copyWorkspaceIn(workspace: Workspace, fs: EmscriptenFileSystem): Promise<TreeSnapshot> {
  fs.mkdirTree(WORKSPACE_ROOT);
  removePyodideTree(fs, WORKSPACE_ROOT);
  const paths = await workspace.listFiles();
  const files = new Map<string, Uint8Array>();
  await Promise.all(
    paths.map(async (relative) => {
      files.set(relative, new Uint8Array(await workspace.fs.readFileBuffer(`${WORKSPACE_ROOT}/${relative}`)));
    }),
  );
  const directories = directoriesOf(paths);
  for (const directory of [...directories].sort()) fs.mkdirTree(`${WORKSPACE_ROOT}/${directory}`);
  for (const [relative, bytes] of files) fs.writeFile(`${WORKSPACE_ROOT}/${relative}`, bytes);
  return { files, directories };
}

/** Apply what the script changed in Pyodide's copy back to the workspace. */
async function copyChangesOut(workspace: Workspace, before: TreeSnapshot, after: TreeSnapshot): Promise<FileChange[]> {
  const changes: FileChange[] = [];
  const absolute = (relative: string) => `${WORKSPACE_ROOT}/${relative}`;
  for (const directory of [...after.directories].sort()) {
    if (!before.directories.has(directory)) await workspace.fs.mkdir(absolute(directory), { recursive: true });
  }
  for (const [relative, bytes] of after.files) {
    const previous = before.files.get(relative);
    if (previous && sameBytes(previous, bytes)) continue;
    const parent = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '';
    if (parent) await workspace.fs.mkdir(absolute(parent), { recursive: true });
    await workspace.fs.writeFile(absolute(relative), bytes);
    changes.push({ path: relative, change: previous ? 'modified' : 'created' });
  }
  for (const relative of before.files.keys()) {
    if (after.files.has(relative)) continue;
    await workspace.fs.rm(absolute(relative), { force: true });
    changes.push({ path: relative, change: 'deleted' });
  }
  // Deepest first, so a removed tree goes child by child.
  for (const directory of [...before.directories].sort((first, second) => second.length - first.length)) {
    if (!after.directories.has(directory)) await workspace.fs.rm(absolute(directory), { recursive: true, force: true });
  }
  return changes.sort((first, second) => (first.path < second.path ? -1 : first.path > second.path ? 1 : 0));
}

function pyodideCwd(cwd: string): string {
  const trimmed = cwd.trim();
  if (trimmed === '' || trimmed === '.') return WORKSPACE_ROOT;
  if (trimmed === WORKSPACE_ROOT || trimmed.startsWith(`${WORKSPACE_ROOT}/`)) return trimmed.replace(/\/+$/, '');
  return `${WORKSPACE_ROOT}/${trimmed.replace(/^\.?\/+/, '').replace(/\/+$/, '')}`;
}

export function createPyodideRunner(options: PyodideRunnerOptions): PyodideRunner {
  const load = options.loadPyodide ?? defaultLoadPyodide;
  let interpreter: Promise<PyodideLike> | null = null;
  let loadMilliseconds: number | null = null;
  let loaded = false;
  // One interpreter: runs take turns.
  let queue: Promise<unknown> = Promise.resolve();

  const workspaceNow = (): Workspace => (typeof options.workspace === 'function' ? options.workspace() : options.workspace);

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
        pyodide.setStdin({ stdin: () => null });
        loadMilliseconds = performance.now() - started;
        loaded = true;
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
    if (runOptions.signal.aborted) return { stdout: '', stderr: 'cancelled before start\n', exitCode: CANCELLED_EXIT_CODE, timedOut: false, changes: [] };
    let pyodide: PyodideLike;
    try {
      pyodide = await ensureLoaded(runOptions.onProgress);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { stdout: '', stderr: `Python could not be loaded: ${message}\n`, exitCode: 127, timedOut: false, changes: [] };
    }
    if (runOptions.signal.aborted) return { stdout: '', stderr: 'cancelled before start\n', exitCode: CANCELLED_EXIT_CODE, timedOut: false, changes: [] };
    const workspace = workspaceNow();
    const before = await copyWorkspaceIn(workspace, pyodide.FS);
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
      exitCode = Number(runFunction(script, pyodideCwd(runOptions.cwd), timeoutSeconds, argvJson, runOptions.scriptName ?? '<script>', envJson));
    } catch (error) {
      // Only an interpreter fault gets here; Python exceptions are reported by the driver.
      stderr.write(new TextEncoder().encode(`${error instanceof Error ? error.message : String(error)}\n`));
      exitCode = 1;
    } finally {
      pyodide.FS.chdir('/');
    }
    const timedOut = exitCode === -1;
    let stderrText = stderr.finish();
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
    loadTimeMs: () => loadMilliseconds,
  };
}
