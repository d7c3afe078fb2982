/** The workspace's whole content as data (files, empty directories, links), and back. */
import { strFromU8 } from 'fflate';
import type { IndexedInMemoryFs } from './indexed-fs';
import { normalizeWorkspacePath } from './paths';
import { toRelative } from './resolve-path';
import { WORKSPACE_ROOT, type WorkspaceSnapshot } from './types';

export type EntryType = 'file' | 'directory' | 'symlink';

/** Depth-first walk under `directory` (absolute); symlinks are reported, not followed; `skipGit` skips every `.git` directory. */
export async function walkWorkspace(
  fs: IndexedInMemoryFs,
  directory: string,
  visit: (relative: string, type: EntryType, absolute: string) => void,
  skipGit: boolean,
): Promise<void> {
  // One unreadable directory must not hide the rest of the workspace.
  const entries = await fs.readdirWithFileTypes(directory).catch(() => []);
  for (const entry of entries) {
    const absolute = directory === '/' ? `/${entry.name}` : `${directory}/${entry.name}`;
    const relative = toRelative(absolute);
    if (skipGit && entry.name === '.git') continue;
    if (entry.isSymbolicLink) visit(relative, 'symlink', absolute);
    else if (entry.isDirectory) {
      visit(relative, 'directory', absolute);
      await walkWorkspace(fs, absolute, visit, skipGit);
    } else visit(relative, 'file', absolute);
  }
}

/** Every file, link and empty directory under the workspace root, `.git` included. */
export async function takeSnapshot(fs: IndexedInMemoryFs): Promise<WorkspaceSnapshot> {
  const files: Record<string, Uint8Array> = {};
  const directories: string[] = [];
  const symlinks: Record<string, string> = {};
  const nonEmpty = new Set<string>();
  const fileReads: Promise<void>[] = [];
  await walkWorkspace(
    fs,
    WORKSPACE_ROOT,
    (relative, type, absolute) => {
      const parent = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '.';
      nonEmpty.add(parent);
      if (type === 'directory') directories.push(relative);
      else if (type === 'symlink') {
        fileReads.push(
          fs.readlink(absolute).then((target) => {
            symlinks[relative] = target;
          }),
        );
      } else if (type === 'file') {
        fileReads.push(
          fs.readFileBuffer(absolute).then((bytes) => {
            files[relative] = new Uint8Array(bytes);
          }),
        );
      }
    },
    false,
  );
  await Promise.all(fileReads);
  const snapshot: WorkspaceSnapshot = {
    version: 1,
    files,
    directories: directories.filter((directory) => !nonEmpty.has(directory)).sort(),
  };
  if (Object.keys(symlinks).length > 0) snapshot.symlinks = symlinks;
  return snapshot;
}

/** Write a snapshot's content into an empty workspace; entries whose path leaves the workspace are skipped. */
export async function writeSnapshot(fs: IndexedInMemoryFs, snapshot: WorkspaceSnapshot): Promise<void> {
  for (const directory of snapshot.directories) {
    const normalized = normalizeWorkspacePath(directory);
    if (normalized.ok) await fs.mkdir(normalized.absolute, { recursive: true });
  }
  for (const [relative, bytes] of Object.entries(snapshot.files)) {
    const normalized = normalizeWorkspacePath(relative);
    if (normalized.ok && normalized.relative !== '.') fs.writeFileSync(normalized.absolute, new Uint8Array(bytes));
  }
  // Links last, so a link to a file is never followed by a write meant for the file itself. A target
  // is kept as written: where it leads is judged when a tool follows it, as for a link made in the shell.
  for (const [relative, target] of Object.entries(snapshot.symlinks ?? {})) {
    const normalized = normalizeWorkspacePath(relative);
    if (!normalized.ok || normalized.relative === '.' || typeof target !== 'string' || target.includes('\0')) continue;
    const parent = normalized.absolute.slice(0, normalized.absolute.lastIndexOf('/'));
    await fs.mkdir(parent, { recursive: true });
    await fs.rm(normalized.absolute, { force: true, recursive: true });
    await fs.symlink(target, normalized.absolute);
  }
}

/** Text of a snapshot file, for tests and previews. */
export function snapshotText(snapshot: WorkspaceSnapshot, relative: string): string | undefined {
  const bytes = snapshot.files[relative];
  return bytes ? strFromU8(bytes) : undefined;
}
