/** The shapes of the Python runner: the slice of Pyodide it drives, its options and its runs. */
import type { FileChange, ShellPythonRunOptions, ShellRun, Workspace } from '../workspace/types';
import type { ProgressReport, PythonRunner } from './types';

/** The slice of Emscripten's file system the Python runner uses. */
export interface EmscriptenFileSystem {
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

export interface PyCallable {
  (...args: unknown[]): unknown;
}

/** The slice of the Pyodide API the Python runner uses. */
export interface PyodideLike {
  version: string;
  FS: EmscriptenFileSystem;
  runPython(code: string): unknown;
  globals: { get(name: string): unknown };
  setStdout(options: { write(buffer: Uint8Array): number }): void;
  setStderr(options: { write(buffer: Uint8Array): number }): void;
  setStdin(options: { stdin: () => string | null }): void;
  unregisterJsModule?(name: string): void;
  /** Emscripten's module: its heap is the interpreter's memory. */
  _module?: { HEAP8?: { buffer: ArrayBufferLike } };
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
  /** The most Python's heap may grow to (PYTHON_HEAP_LIMIT_BYTES unless given). */
  maxHeapBytes?: number;
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
  heapBytes(): number | null;
  /** Milliseconds the interpreter took to load, or null before it has loaded. */
  loadTimeMs(): number | null;
}
