/** FindReferences: every use of a symbol, read from tree-sitter syntax trees (not text matches in comments or strings). */
import type { ToolImplementation } from '../../../runtime/types';
import { fail, integerArg, quote, stringArg, succeed } from '../../support/handler';
import { searchSymbol } from '../../acode/code_analysis/symbol-index';
import { fileNameMatcher } from '../search/files';
import { validatePath } from '../path-validator';

export const tool: ToolImplementation = {
  name: 'FindReferences',

  summarize: (args) =>
    `Find references to '${quote(stringArg(args, 'symbol'), 60)}' in '${quote(stringArg(args, 'directory', '.'))}'`,

  async run(args, context) {
    const symbol = stringArg(args, 'symbol').trim();
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(symbol))
      return fail('validation_failed', `Parameter 'symbol': '${quote(symbol, 60)}' is not an identifier`);
    const maxResults = integerArg(args, 'maxResults') ?? 200;
    const resolved = await validatePath(context.workspace, stringArg(args, 'directory', '.') || '.', {
      parameter: 'directory',
      mustExist: true,
    });
    if (!resolved.ok) return resolved.outcome;
    const matchesName = fileNameMatcher(stringArg(args, 'filePattern', '*.*'));
    context.reportProgress({ fraction: null, message: 'Parsing source files' });
    const scope =
      resolved.relative === '.'
        ? ({ kind: 'workspace' } as const)
        : ({ kind: 'directory', relative: resolved.relative } as const);
    const result = await searchSymbol(
      context.workspace,
      { name: symbol, container: null },
      { scope, kinds: null, includeReferences: true, caseSensitive: true, signal: context.signal },
    );
    const keep = (file: string) => matchesName(file.slice(file.lastIndexOf('/') + 1));
    const definitions = result.definitions.filter((location) => keep(location.file));
    const references = result.references.filter((location) => keep(location.file));
    const kept = references.slice(0, maxResults);
    const files = new Set(references.map((location) => location.file)).size;
    return succeed(
      { kind: 'symbols', symbol, definitions, references: kept },
      `${references.length} reference${references.length === 1 ? '' : 's'} to '${symbol}' in ${files} file${files === 1 ? '' : 's'}, ${definitions.length} definition${definitions.length === 1 ? '' : 's'} (${result.filesParsed} files parsed)${references.length > kept.length ? `; the first ${maxResults} are listed` : ''}`,
    );
  },
};
