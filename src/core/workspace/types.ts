/** The one in-memory workspace every tool, the shell and git share. */
import type { IFileSystem } from 'just-bash';
import type { GitFsClient } from './git-fs';

export const WORKSPACE_ROOT = '/workspace';

// invalid_value: the empty-path rule ("Path cannot be empty"), the code validation gives it too.
export type PathErrorCode =
  'path_outside_workspace' | 'path_not_found' | 'protected_path' | 'file_too_large' | 'invalid_value';

export interface PathError {
  code: PathErrorCode;
  message: string;
}

export type ResolvedPath =
  /**
   * `absolute` and `relative` are where the path really is: symbolic links along it resolved (the
   * last one too, unless `linkItself`), so an operation on them lands where the user meant.
   * `requested` is the path as given, normalised, before any link was followed.
   */
  { ok: true; absolute: string; relative: string; requested: string } | { ok: false; error: PathError };

export interface PathOptions {
  /** The parameter name, for the error message. */
  parameter: string;
  mustExist?: boolean;
  /** Writes, moves and deletes: `.git/` internals and `.env`-style secrets are refused, as typed and where links lead. */
  forWrite?: boolean;
  /** A symbolic link at the end of the path is the subject (delete or move the link, git's view), not its target. */
  linkItself?: boolean;
}

export interface ShellRun {
  stdout: string;
  stderr: string;
  exitCode: number;
  timedOut: boolean;
  /** Programs the shell was asked to start and refused, being off `allowedPrograms` (each once, in order). */
  refusedPrograms?: string[];
  /** Changes to protected paths the shell's file system refused (`.git/` internals, secrets). */
  protectedRefusals?: { path: string; operation: string; reason: string }[];
}

/**
 * True when a signal was aborted for the call's time limit (its reason is named 'TimeoutError', as
 * `AbortSignal.timeout()` gives) rather than by a person's cancel.
 */
export function isTimeoutAbort(signal: AbortSignal | undefined): boolean {
  const reason: unknown = signal?.aborted ? signal.reason : undefined;
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError';
}

export interface ShellOptions {
  /** Absolute directory inside the workspace. */
  cwd: string;
  env?: Record<string, string>;
  timeoutMs: number;
  /** Cancels the run; an abort for the time limit (see isTimeoutAbort) reports timedOut with exit 124. */
  signal?: AbortSignal;
  /** Interpreters the host provides to the shell's commands (`python` needs one; `node` is built in). */
  runtimes?: ShellRuntimes;
  /**
   * When given, the only programs the shell may start, checked wherever it dispatches one (pipelines,
   * substitutions, scripts, `xargs`, `find -exec`, awk's pipes); others are refused with exit 126.
   */
  allowedPrograms?: readonly string[];
}

export interface ShellPythonRunOptions {
  /** Absolute directory inside the workspace, or workspace-relative. */
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** sys.argv (default: the script name alone). */
  argv?: string[];
  /** The script's name in tracebacks and `__file__`; an absolute path also becomes sys.path[0]. */
  scriptName?: string;
  /** Text the script reads from sys.stdin. */
  stdin?: string;
  /** Added to os.environ for the run; PYTHONPATH entries (relative to cwd) also go on sys.path. */
  env?: Record<string, string>;
}

/** Runs Python for the shell's `python`/`python3` (the Pyodide runner satisfies it). */
interface ShellPythonRunner {
  run(script: string, options: ShellPythonRunOptions): Promise<ShellRun>;
}

export interface ShellRuntimes {
  python?: ShellPythonRunner;
  /** Syntax errors of C# source (tree-sitter), for `dotnet build`'s syntax check. */
  csharpSyntax?: (source: string) => Promise<SyntaxProblem[]>;
}

export interface SyntaxProblem {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

export interface FileChange {
  path: string;
  change: 'created' | 'modified' | 'deleted';
}

export interface Workspace {
  /** The file system the shell, git and every tool use; the workspace lives under WORKSPACE_ROOT. */
  readonly fs: IFileSystem;
  /** isomorphic-git's view of `fs` and its object cache, shared by every git operation (absent: made per fs). */
  readonly gitFs?: GitFsClient;
  readonly gitCache?: object;
  resolvePath(userPath: string, options: PathOptions): Promise<ResolvedPath>;
  /** Run a bash command line with the workspace's shell. */
  runShell(command: string, options: ShellOptions): Promise<ShellRun>;
  /** Every file (not directory), workspace-relative, sorted; `.git/` excluded. */
  listFiles(): Promise<string[]>;
  /** Serializable copy of every file, for persistence and for restoring after a killed run. */
  snapshot(): Promise<WorkspaceSnapshot>;
}

export interface WorkspaceSnapshot {
  version: 1;
  /** Workspace-relative path → file bytes (including `.git/`). */
  files: Record<string, Uint8Array>;
  /** Empty directories, workspace-relative. */
  directories: string[];
  /** Symbolic links, workspace-relative → target as written (`ln -s`); absent in older snapshots. */
  symlinks?: Record<string, string>;
}
