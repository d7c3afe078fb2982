/** Glob: files whose path, relative to the directory searched, matches a glob (PRFactory's GlobTool). */
import type { ListingEntry, ToolImplementation } from '../../../runtime/types';
import { fail, quote, stringArg, succeed } from '../../support/handler';
import { validatePath } from '../path-validator';
import { pathMatcher, walkFiles } from './files';

const MAX_GLOB_RESULTS = 1000;

export const tool: ToolImplementation = {
  name: 'Glob',

  summarize: (args) =>
    `Find files matching '${quote(stringArg(args, 'pattern'), 60)}' in '${quote(stringArg(args, 'directory', '.'))}'`,

  async run(args, context) {
    const pattern = stringArg(args, 'pattern');
    if (pattern.trim() === '')
      return fail('validation_failed', `Parameter 'pattern': a glob pattern is required, e.g. '**/*.cs'`);
    const resolved = await validatePath(context.workspace, stringArg(args, 'directory', '.') || '.', {
      parameter: 'directory',
      mustExist: true,
    });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    if (!(await fs.stat(resolved.absolute)).isDirectory)
      return fail('not_a_directory', `Parameter 'directory': '${resolved.relative}' is a file, not a directory`);
    const matches = pathMatcher(pattern);
    const base = resolved.relative === '.' ? '' : `${resolved.relative}/`;
    const found = (await walkFiles(fs, resolved.absolute, context.signal))
      .filter((file) => matches(file.relative))
      .map((file) => `${base}${file.relative}`);
    const kept = found.slice(0, MAX_GLOB_RESULTS);
    const entries: ListingEntry[] = kept.map((path) => ({ path, type: 'file', depth: path.split('/').length }));
    const truncated = found.length > MAX_GLOB_RESULTS;
    const lines = truncated ? [...kept, `... (truncated, ${found.length} total files)`] : kept;
    return succeed(
      { kind: 'listing', path: resolved.relative, entries, truncated },
      found.length === 0
        ? `No files match '${pattern}'`
        : `${found.length} file${found.length === 1 ? '' : 's'} match '${pattern}'${truncated ? `; the first ${MAX_GLOB_RESULTS} are listed` : ''}\n${lines.slice(0, 50).join('\n')}`,
    );
  },
};
