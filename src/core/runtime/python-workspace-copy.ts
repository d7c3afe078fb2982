/** The workspace copied into Pyodide's file system before a run, and what the script changed copied back. */
import { WORKSPACE_ROOT, type FileChange, type Workspace } from '../workspace/types';
import type { EmscriptenFileSystem } from './python-types';

const sameBytes = (first: Uint8Array, second: Uint8Array): boolean => {
  if (first.length !== second.length) return false;
  for (let index = 0; index < first.length; index++) if (first[index] !== second[index]) return false;
  return true;
};

export interface TreeSnapshot {
  files: Map<string, Uint8Array>;
  directories: Set<string>;
}

/** Every file and directory under the Pyodide workspace, workspace-relative; `.git` is left out. */
export function readPyodideTree(fs: EmscriptenFileSystem): TreeSnapshot {
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
export async function copyWorkspaceIn(workspace: Workspace, fs: EmscriptenFileSystem): Promise<TreeSnapshot> {
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
export async function copyChangesOut(
  workspace: Workspace,
  before: TreeSnapshot,
  after: TreeSnapshot,
): Promise<FileChange[]> {
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

/** The script's working directory in Pyodide's file system, where the workspace is mounted at the same root. */
export function pyodideCwd(cwd: string): string {
  const trimmed = cwd.trim();
  if (trimmed === '' || trimmed === '.') return WORKSPACE_ROOT;
  if (trimmed === WORKSPACE_ROOT || trimmed.startsWith(`${WORKSPACE_ROOT}/`)) return trimmed.replace(/\/+$/, '');
  return `${WORKSPACE_ROOT}/${trimmed.replace(/^\.?\/+/, '').replace(/\/+$/, '')}`;
}
