/** ListFiles: a directory's entries (recursive on request), at most 1000, hidden entries only when asked. */
import type { ListingEntry, ToolImplementation } from '../../../runtime/types';
import {
  booleanArg,
  compareNames,
  fail,
  joinPath,
  quote,
  readDirectory,
  relativeOf,
  stringArg,
  succeed,
} from '../../support/handler';
import { validatePath } from '../path-validator';

const MAX_LIST_RESULTS = 1000;

export const tool: ToolImplementation = {
  name: 'ListFiles',

  summarize: (args) =>
    `List '${quote(stringArg(args, 'directory', '.'))}'${booleanArg(args, 'recursive', false) ? ' recursively' : ''}`,

  async run(args, context) {
    const recursive = booleanArg(args, 'recursive', false);
    const includeHidden = booleanArg(args, 'includeHidden', false);
    const resolved = await validatePath(context.workspace, stringArg(args, 'directory', '.') || '.', {
      parameter: 'directory',
      mustExist: true,
    });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    if (!(await fs.stat(resolved.absolute)).isDirectory) {
      return fail(
        'not_a_directory',
        `Parameter 'directory': '${resolved.relative}' is a file, not a directory`,
        undefined,
        [`Read it with ReadFile {"filePath": "${resolved.relative}"}`],
      );
    }
    const entries: ListingEntry[] = [];
    let truncated = false;
    const walk = async (absolute: string, depth: number): Promise<void> => {
      const children = (await readDirectory(fs, absolute)).sort((a, b) => compareNames(a.name, b.name));
      for (const child of children) {
        if (child.name === '.git' || (!includeHidden && child.name.startsWith('.'))) continue;
        if (entries.length >= MAX_LIST_RESULTS) {
          truncated = true;
          return;
        }
        const path = joinPath(absolute, child.name);
        const type = child.isSymbolicLink ? 'symlink' : child.isDirectory ? 'directory' : 'file';
        const entry: ListingEntry = { path: relativeOf(path), type, depth };
        if (type === 'file') entry.size = (await fs.stat(path)).size;
        if (type === 'symlink') entry.target = await fs.readlink(path);
        entries.push(entry);
        if (recursive && type === 'directory') await walk(path, depth + 1);
        if (context.signal.aborted) return;
      }
    };
    await walk(resolved.absolute, 1);
    const files = entries.filter((entry) => entry.type === 'file').length;
    const message = `${entries.length} entries in '${resolved.relative}' (${files} files)${truncated ? `; truncated at ${MAX_LIST_RESULTS}, list a subdirectory to see more` : ''}`;
    return succeed({ kind: 'listing', path: resolved.relative, entries, truncated }, message);
  },
};
