/** list_directory: a directory's entries, optionally recursive to max_depth, filtered by a glob. */
import type { ToolData, ToolImplementation } from '../../../runtime/types';
import { createGlobMatcher } from '../../support/glob';
import { booleanArg, compareNames, fail, integerArg, joinPath, optionalStringArg, quote, readDirectory, resolve, stringArg, succeed } from '../../support/handler';

/** Past this the listing stops and says it was truncated; the playground renders every entry. */
export const MAX_LIST_ENTRIES = 10_000;
const UNLIMITED_DEPTH = 100;

type ListingEntry = Extract<ToolData, { kind: 'listing' }>['entries'][number];

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
      return fail('not_a_directory', `Parameter 'path': '${resolved.relative}' is a file, not a directory`, undefined, [`Read it with read_file {"path": "${resolved.relative}"}`]);
    }

    const entries: ListingEntry[] = [];
    const prefix = resolved.relative === '.' ? '' : `${resolved.relative}/`;
    let truncated = false;
    let visited = 0;

    // Depth-first in sorted order, so the output is already sorted by path segment.
    const walk = async (absolute: string, relativeToListed: string, depth: number): Promise<void> => {
      const children = (await readDirectory(fs, absolute)).sort((first, second) => compareNames(first.name, second.name));
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
          const entry: ListingEntry = { path: `${prefix}${childRelative}`, type: child.isDirectory ? 'directory' : 'file', depth };
          if (!child.isDirectory) entry.size = (await fs.stat(childAbsolute)).size;
          entries.push(entry);
        }
        visited += 1;
        if (visited % 500 === 0) {
          if (context.signal.aborted) return;
          context.reportProgress({ fraction: null, message: `Listed ${visited} entries` });
        }
        // `.git` internals are the object store, not the project: shown, never expanded.
        if (child.isDirectory && depth < maxDepth && child.name !== '.git') await walk(childAbsolute, childRelative, depth + 1);
      }
    };
    await walk(resolved.absolute, '', 1);

    const files = entries.filter((entry) => entry.type === 'file').length;
    const summary = `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} (${files} file(s), ${entries.length - files} director${entries.length - files === 1 ? 'y' : 'ies'})`;
    return succeed(
      { kind: 'listing', path: resolved.relative, entries, truncated },
      `Listed '${resolved.relative}': ${summary}${truncated ? `; stopped at ${MAX_LIST_ENTRIES} entries` : ''}`,
    );
  },
};

export default tool;
