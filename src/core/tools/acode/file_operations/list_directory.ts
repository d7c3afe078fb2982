/** list_directory: a directory's entries, optionally recursive to max_depth, filtered by a glob. */
import type { ListingEntry, ToolImplementation } from '../../../runtime/types';
import { createGlobMatcher } from '../../support/glob';
import type { IFileSystem } from 'just-bash';
import {
  booleanArg,
  compareNames,
  fail,
  integerArg,
  joinPath,
  optionalStringArg,
  quote,
  readDirectory,
  resolve,
  stringArg,
  succeed,
  type DirectoryEntryInfo,
} from '../../support/handler';

/** Past this the listing stops and says it was truncated; the playground renders every entry. */
const MAX_LIST_ENTRIES = 10_000;
const UNLIMITED_DEPTH = 100;

export const tool: ToolImplementation = {
  name: 'list_directory',

  summarize(args) {
    const details: string[] = [];
    if (booleanArg(args, 'recursive', false)) {
      const depth = integerArg(args, 'max_depth');
      details.push(depth !== undefined ? `recursively, max depth ${depth}` : 'recursively');
    }
    const pattern = optionalStringArg(args, 'pattern');
    if (pattern) details.push(`matching '${quote(pattern, 40)}'`);
    if (booleanArg(args, 'include_hidden', false)) details.push('including hidden');
    return `List '${quote(stringArg(args, 'path', '.'))}'${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
  },

  async run(args, context) {
    const userPath = stringArg(args, 'path', '.');
    const recursive = booleanArg(args, 'recursive', false);
    const maxDepth = recursive ? (integerArg(args, 'max_depth') ?? UNLIMITED_DEPTH) : 1;
    const includeHidden = booleanArg(args, 'include_hidden', false);
    const pattern = optionalStringArg(args, 'pattern');
    const matcher = pattern ? createGlobMatcher(pattern) : null;

    const resolved = await resolve(context.workspace, userPath, { parameter: 'path', mustExist: true });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    const stat = await fs.stat(resolved.absolute);
    if (!stat.isDirectory) {
      return fail('not_a_directory', `Parameter 'path': '${resolved.relative}' is a file, not a directory`, undefined, [
        `Read it with read_file {"path": "${resolved.relative}"}`,
      ]);
    }

    const entries: ListingEntry[] = [];
    const prefix = resolved.relative === '.' ? '' : `${resolved.relative}/`;
    let truncated = false;
    let visited = 0;
    /** Directories or entries that could not be read: noted, and the rest is still listed. */
    const unreadable: string[] = [];

    // Depth-first in sorted order, so the output is already sorted by path segment.
    const walk = async (absolute: string, relativeToListed: string, depth: number): Promise<void> => {
      let children;
      try {
        children = (await readDirectory(fs, absolute)).sort((first, second) => compareNames(first.name, second.name));
      } catch {
        unreadable.push(`${prefix}${relativeToListed}` || '.');
        return;
      }
      for (const child of children) {
        if (truncated) return;
        if (!includeHidden && child.name.startsWith('.')) continue;
        const childRelative = relativeToListed ? `${relativeToListed}/${child.name}` : child.name;
        const childAbsolute = joinPath(absolute, child.name);
        if (!matcher || matcher.matches(childRelative)) {
          if (entries.length >= MAX_LIST_ENTRIES) {
            truncated = true;
            return;
          }
          const entry = await describeEntry(fs, child, childAbsolute, `${prefix}${childRelative}`, depth);
          if (entry) entries.push(entry);
          else unreadable.push(`${prefix}${childRelative}`);
        }
        visited += 1;
        if (visited % 500 === 0) {
          if (context.signal.aborted) return;
          context.reportProgress({ fraction: null, message: `Listed ${visited} entries` });
        }
        // `.git` internals are the object store, not the project: shown, never expanded. Links are never followed.
        if (child.isDirectory && depth < maxDepth && child.name !== '.git')
          await walk(childAbsolute, childRelative, depth + 1);
      }
    };
    await walk(resolved.absolute, '', 1);

    const count = (type: ListingEntry['type']) => entries.filter((entry) => entry.type === type).length;
    const directories = count('directory');
    const links = count('symlink');
    const parts = [`${count('file')} file(s)`, `${directories} director${directories === 1 ? 'y' : 'ies'}`];
    if (links > 0) parts.push(`${links} symbolic link${links === 1 ? '' : 's'}, not followed`);
    const summary = `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} (${parts.join(', ')})`;
    const notes: string[] = [];
    if (truncated) notes.push(`stopped at ${MAX_LIST_ENTRIES} entries`);
    if (unreadable.length > 0)
      notes.push(
        `${unreadable.length} could not be read: ${unreadable
          .slice(0, 3)
          .map((path) => `'${path}'`)
          .join(', ')}${unreadable.length > 3 ? ', …' : ''}`,
      );
    return succeed(
      { kind: 'listing', path: resolved.relative, entries, truncated },
      `Listed '${resolved.relative}': ${summary}${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`,
    );
  },
};

/** One listing row; null when the entry vanished or cannot be read. */
async function describeEntry(
  fs: IFileSystem,
  child: DirectoryEntryInfo,
  absolute: string,
  path: string,
  depth: number,
): Promise<ListingEntry | null> {
  try {
    if (child.isSymbolicLink) return { path, type: 'symlink', depth, target: await fs.readlink(absolute) };
    if (child.isDirectory) return { path, type: 'directory', depth };
    return { path, type: 'file', depth, size: (await fs.stat(absolute)).size };
  } catch {
    return null;
  }
}
