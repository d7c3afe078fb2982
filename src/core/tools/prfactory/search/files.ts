/** The file walk and name patterns the PRFactory search tools share. */
import picomatch from 'picomatch';
import type { IFileSystem } from 'just-bash';
import type { ToolOutcome } from '../../../runtime/types';
import { compareNames, joinPath, readDirectory } from '../../support/handler';

/**
 * A file-name pattern as .NET's Directory.GetFiles takes it (`*.cs`, `*.*`): matched against the name
 * alone, and `*.*` means every file, dotted or not. picomatch does the matching (the hand-made glob of
 * the Acode tools differs on dot files and brace edge cases; picomatch is the reference for those).
 */
export function fileNameMatcher(pattern: string): (name: string) => boolean {
  if (pattern === '*.*' || pattern === '*' || pattern === '') return () => true;
  const matcher = picomatch(pattern, { dot: true, nocase: false, basename: true });
  return (name) => matcher(name);
}

/** A path pattern (`**\/*.cs`, `src/**\/*.ts`) matched against paths relative to the searched directory. */
export function pathMatcher(pattern: string): (relative: string) => boolean {
  return picomatch(pattern.replace(/^\.\//, ''), { dot: false });
}

export interface WalkedFile {
  absolute: string;
  /** Relative to the directory walked. */
  relative: string;
}

/** Every file below `root`, sorted, `.git/` skipped, links not followed (no loops, no escape). */
export async function walkFiles(fs: IFileSystem, root: string, signal?: AbortSignal): Promise<WalkedFile[]> {
  const files: WalkedFile[] = [];
  const walk = async (absolute: string, relative: string): Promise<void> => {
    let children;
    try {
      children = (await readDirectory(fs, absolute)).sort((first, second) => compareNames(first.name, second.name));
    } catch {
      return;
    }
    for (const child of children) {
      if (signal?.aborted) return;
      const childRelative = relative ? `${relative}/${child.name}` : child.name;
      if (child.isDirectory && child.name !== '.git') await walk(joinPath(absolute, child.name), childRelative);
      else if (child.isFile) files.push({ absolute: joinPath(absolute, child.name), relative: childRelative });
    }
  };
  await walk(root, '');
  return files;
}

/** An Acode handler's outcome with its parameter names swapped for PRFactory's. */
export function renameParameters(outcome: ToolOutcome, names: Record<string, string>): ToolOutcome {
  const rename = (text: string | undefined): string | undefined =>
    text?.replace(/Parameter '([^']+)'/g, (whole, name: string) =>
      names[name] ? `Parameter '${names[name]}'` : whole,
    );
  return {
    ...outcome,
    message: rename(outcome.message) ?? '',
    ...(outcome.error ? { error: rename(outcome.error) } : {}),
  };
}
