/** Which files a command or script changed: compare size and modification time before and after. */
import type { ToolArtifact } from '../../runtime/types';
import { WORKSPACE_ROOT, type Workspace } from '../../workspace/types';
import { joinPath, readDirectory } from './handler';

/** Past this many files the fingerprint is skipped: reporting nothing beats a slow command. */
const MAX_TRACKED_FILES = 20_000;

type Fingerprint = Map<string, { size: number; modified: number }>;

export async function fingerprint(workspace: Workspace): Promise<Fingerprint | null> {
  const result: Fingerprint = new Map();
  const { fs } = workspace;
  const walk = async (absolute: string, relative: string): Promise<boolean> => {
    for (const child of await readDirectory(fs, absolute)) {
      if (child.name === '.git' && relative === '') continue;
      const childRelative = relative ? `${relative}/${child.name}` : child.name;
      const childAbsolute = joinPath(absolute, child.name);
      if (child.isDirectory) {
        if (!(await walk(childAbsolute, childRelative))) return false;
      } else {
        if (result.size >= MAX_TRACKED_FILES) return false;
        const stat = await fs.stat(childAbsolute);
        result.set(childRelative, { size: stat.size, modified: stat.mtime.getTime() });
      }
    }
    return true;
  };
  try {
    return (await walk(WORKSPACE_ROOT, '')) ? result : null;
  } catch {
    return null;
  }
}

export function changedFiles(before: Fingerprint | null, after: Fingerprint | null): ToolArtifact[] {
  if (!before || !after) return [];
  const artifacts: ToolArtifact[] = [];
  for (const [path, now] of after) {
    const earlier = before.get(path);
    if (!earlier) artifacts.push({ type: 'file', change: 'created', path, size: now.size });
    else if (earlier.size !== now.size || earlier.modified !== now.modified)
      artifacts.push({ type: 'file', change: 'modified', path, size: now.size });
  }
  for (const path of before.keys()) if (!after.has(path)) artifacts.push({ type: 'file', change: 'deleted', path });
  return artifacts.sort((first, second) => (first.path < second.path ? -1 : first.path > second.path ? 1 : 0));
}
