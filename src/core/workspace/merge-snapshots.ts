/**
 * Two copies of one workspace that changed apart (two tabs) merged path by path against the copy both started
 * from: what only one side changed is taken from that side; a path both changed differently keeps ours (the
 * write being saved) and is named as a conflict. Git's objects are content-addressed, so their union is sound;
 * a ref or the index both sides moved is such a conflict.
 */
import type { WorkspaceSnapshot } from './types';

export interface SnapshotMerge {
  merged: WorkspaceSnapshot;
  /** Paths both sides changed differently; ours was kept. */
  conflicts: string[];
}

function sameBytes(left: Uint8Array | undefined, right: Uint8Array | undefined): boolean {
  if (left === right) return true;
  if (!left || !right || left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

function mergeMaps<T>(
  base: Record<string, T>,
  ours: Record<string, T>,
  theirs: Record<string, T>,
  same: (left: T | undefined, right: T | undefined) => boolean,
  conflicts: string[],
): Record<string, T> {
  const merged: Record<string, T> = {};
  for (const path of new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base)])) {
    const [was, mine, other] = [base[path], ours[path], theirs[path]];
    let chosen: T | undefined;
    if (same(mine, was)) chosen = other;
    else if (same(other, was) || same(mine, other)) chosen = mine;
    else {
      chosen = mine;
      conflicts.push(path);
    }
    if (chosen !== undefined) merged[path] = chosen;
  }
  return merged;
}

export function mergeSnapshots(
  base: WorkspaceSnapshot,
  ours: WorkspaceSnapshot,
  theirs: WorkspaceSnapshot,
): SnapshotMerge {
  const conflicts: string[] = [];
  const files = mergeMaps(base.files, ours.files, theirs.files, sameBytes, conflicts);
  const symlinks = mergeMaps(
    base.symlinks ?? {},
    ours.symlinks ?? {},
    theirs.symlinks ?? {},
    (left, right) => left === right,
    conflicts,
  );
  // An empty directory stays unless one side removed it; one that now holds a file is no longer empty.
  const removed = (side: WorkspaceSnapshot) =>
    new Set(base.directories.filter((directory) => !side.directories.includes(directory)));
  const [oursRemoved, theirsRemoved] = [removed(ours), removed(theirs)];
  const holders = new Set(
    [...Object.keys(files), ...Object.keys(symlinks)].flatMap((path) =>
      path
        .split('/')
        .slice(0, -1)
        .map((_, index, parts) => parts.slice(0, index + 1).join('/')),
    ),
  );
  const directories = [...new Set([...ours.directories, ...theirs.directories])]
    .filter((directory) => !oursRemoved.has(directory) && !theirsRemoved.has(directory) && !holders.has(directory))
    .sort();
  const merged: WorkspaceSnapshot = { version: 1, files, directories };
  if (Object.keys(symlinks).length > 0) merged.symlinks = symlinks;
  return { merged, conflicts: conflicts.sort() };
}

/** What turns `from` into `to`: files to write and paths to remove; false when links or directories differ. */
export function snapshotChanges(
  from: WorkspaceSnapshot,
  to: WorkspaceSnapshot,
): { write: Record<string, Uint8Array>; remove: string[] } | false {
  const linksOf = (snapshot: WorkspaceSnapshot) => JSON.stringify(Object.entries(snapshot.symlinks ?? {}).sort());
  if (linksOf(from) !== linksOf(to) || from.directories.join('\n') !== to.directories.join('\n')) return false;
  const write: Record<string, Uint8Array> = {};
  for (const [path, bytes] of Object.entries(to.files)) if (!sameBytes(from.files[path], bytes)) write[path] = bytes;
  return { write, remove: Object.keys(from.files).filter((path) => !(path in to.files)) };
}
