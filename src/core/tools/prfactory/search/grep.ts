/**
 * Grep: a regex search through the workspace (PRFactory's GrepTool), run by the Acode search engine,
 * which runs patterns on RE2 (linear time) and guards the few RE2 cannot express (lookaround).
 */
import type { ToolImplementation } from '../../../runtime/types';
import { tool as searchFiles } from '../../acode/file_operations/search_files';
import { booleanArg, quote, stringArg } from '../../support/handler';
import { pathAttack } from '../path-validator';
import { fail } from '../../support/handler';
import { renameParameters } from './files';

export const MAX_RESULT_LINES = 1000;

export const tool: ToolImplementation = {
  name: 'Grep',

  summarize: (args) =>
    `Search for /${quote(stringArg(args, 'pattern'), 60)}/ in '${quote(stringArg(args, 'directory', '.'))}' (${stringArg(args, 'filePattern', '*.*')})`,

  async run(args, context) {
    const directory = stringArg(args, 'directory', '.') || '.';
    const attack = directory === '.' ? null : pathAttack(directory, 'directory');
    if (attack) return fail('path_outside_workspace', attack);
    const filePattern = stringArg(args, 'filePattern', '*.*');
    const outcome = await searchFiles.run(
      {
        query: stringArg(args, 'pattern'),
        regex: true,
        case_sensitive: booleanArg(args, 'caseSensitive', false),
        path: directory,
        max_results: MAX_RESULT_LINES,
        // `*.*` is every file in .NET's GetFiles, not only dotted names.
        ...(filePattern === '*.*' || filePattern === '' ? {} : { pattern: filePattern }),
      },
      context,
    );
    const renamed = renameParameters(outcome, { query: 'pattern', path: 'directory', pattern: 'filePattern' });
    if (!renamed.success || renamed.data?.kind !== 'search_hits') return renamed;
    const lines = renamed.data.hits.map((hit) => `${hit.file}:${hit.line}:${hit.text}`);
    const truncated =
      renamed.data.truncated && renamed.data.hits.length >= MAX_RESULT_LINES
        ? ` ... (truncated, max ${MAX_RESULT_LINES} results)`
        : '';
    const preview =
      lines.length > 0
        ? `\n${lines.slice(0, 20).join('\n')}${lines.length > 20 ? `\n… ${lines.length - 20} more` : ''}`
        : '';
    return { ...renamed, message: `${renamed.message}${truncated}${preview}` };
  },
};
