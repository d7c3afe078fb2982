/** Small helpers every handler shares: typed argument reads, failures, path resolution, file system walks. */
import type { IFileSystem } from 'just-bash';
import type { RuntimeErrorCode, ToolArtifact, ToolData, ToolOutcome } from '../../runtime/types';
import { WORKSPACE_ROOT, type PathOptions, type Workspace } from '../../workspace/types';

export function fail(
  code: RuntimeErrorCode,
  error: string,
  data?: ToolData,
  suggestedFollowUps?: string[],
): ToolOutcome {
  const outcome: ToolOutcome = { success: false, error, errorCode: code, message: error };
  if (data) outcome.data = data;
  if (suggestedFollowUps) outcome.suggestedFollowUps = suggestedFollowUps;
  return outcome;
}

export function succeed(data: ToolData, message: string, artifacts: ToolArtifact[] = []): ToolOutcome {
  return { success: true, data, message, artifacts };
}

export const stringArg = (args: Record<string, unknown>, name: string, fallback = ''): string => {
  const value = args[name];
  return typeof value === 'string' ? value : fallback;
};

export const optionalStringArg = (args: Record<string, unknown>, name: string): string | undefined => {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
};

export const booleanArg = (args: Record<string, unknown>, name: string, fallback: boolean): boolean => {
  const value = args[name];
  return typeof value === 'boolean' ? value : fallback;
};

export const integerArg = (args: Record<string, unknown>, name: string): number | undefined => {
  const value = args[name];
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
};

/** Quote a user value in a one-line summary, cut when long. */
export function quote(value: string, max = 80): string {
  const oneLine = value.replace(/\s*\n\s*/g, ' ⏎ ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

export type Resolved =
  { ok: true; absolute: string; relative: string; requested: string } | { ok: false; outcome: ToolOutcome };

/** The workspace path policy, turned into a failed outcome when it refuses. */
export async function resolve(workspace: Workspace, userPath: string, options: PathOptions): Promise<Resolved> {
  const resolved = await workspace.resolvePath(userPath, options);
  if (resolved.ok) return resolved;
  const hint =
    resolved.error.code === 'path_not_found'
      ? ['List the parent directory with list_directory to see what exists']
      : undefined;
  return { ok: false, outcome: fail(resolved.error.code, resolved.error.message, undefined, hint) };
}

export function relativeOf(absolute: string): string {
  if (absolute === WORKSPACE_ROOT) return '.';
  return absolute.startsWith(`${WORKSPACE_ROOT}/`) ? absolute.slice(WORKSPACE_ROOT.length + 1) : absolute;
}

export function parentOf(absolute: string): string {
  const slash = absolute.lastIndexOf('/');
  return slash <= 0 ? '/' : absolute.slice(0, slash);
}

export function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? path : path.slice(slash + 1);
}

export function joinPath(directory: string, name: string): string {
  return directory.endsWith('/') ? `${directory}${name}` : `${directory}/${name}`;
}

export interface DirectoryEntryInfo {
  name: string;
  isDirectory: boolean;
  isFile: boolean;
  /** A symbolic link is reported as itself: walkers list it and never descend through it (no loops, no escape). */
  isSymbolicLink: boolean;
}

/** Directory entries with their types, links not followed; the cheap typed readdir when the file system has it. */
export async function readDirectory(fs: IFileSystem, absolute: string): Promise<DirectoryEntryInfo[]> {
  if (fs.readdirWithFileTypes) {
    return (await fs.readdirWithFileTypes(absolute)).map((entry) => ({
      name: entry.name,
      isDirectory: entry.isDirectory && !entry.isSymbolicLink,
      isFile: entry.isFile && !entry.isSymbolicLink,
      isSymbolicLink: entry.isSymbolicLink,
    }));
  }
  const result: DirectoryEntryInfo[] = [];
  for (const name of await fs.readdir(absolute)) {
    try {
      const stat = await fs.lstat(joinPath(absolute, name));
      result.push({ name, isDirectory: stat.isDirectory, isFile: stat.isFile, isSymbolicLink: stat.isSymbolicLink });
    } catch {
      continue;
    }
  }
  return result;
}

/** Byte-order compare, so listings sort the same everywhere. */
export const compareNames = (first: string, second: string): number => (first < second ? -1 : first > second ? 1 : 0);

/** Parent directories of `absoluteDirectory` that do not exist yet, outermost first. */
export async function missingDirectories(fs: IFileSystem, absoluteDirectory: string): Promise<string[]> {
  const missing: string[] = [];
  let current = absoluteDirectory;
  while (current !== WORKSPACE_ROOT && current !== '/' && !(await fs.exists(current))) {
    missing.unshift(current);
    current = parentOf(current);
  }
  return missing;
}
