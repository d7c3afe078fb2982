/**
 * CodeSearch: definitions of a symbol by PRFactory's method — a few definition patterns per language,
 * grepped through that language's files. The query is escaped: it is a name, never a regex.
 */
import type { ToolImplementation } from '../../../runtime/types';
import { fail, quote, stringArg, succeed } from '../../support/handler';
import { tool as grep } from '../search/grep';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const CODE_SEARCH_LANGUAGES: Record<string, { filePattern: string; patterns: (name: string) => string[] }> = {
  csharp: {
    filePattern: '*.cs',
    patterns: (name) => [
      `class\\s+${name}\\b`,
      `interface\\s+${name}\\b`,
      `public\\s+\\w+\\s+${name}\\(`,
      `private\\s+\\w+\\s+${name}\\(`,
    ],
  },
  typescript: {
    filePattern: '*.{ts,tsx}',
    patterns: (name) => [
      `class\\s+${name}\\b`,
      `interface\\s+${name}\\b`,
      `function\\s+${name}\\b`,
      `(const|let|type)\\s+${name}\\b`,
    ],
  },
  javascript: {
    filePattern: '*.{js,jsx,mjs,cjs}',
    patterns: (name) => [`class\\s+${name}\\b`, `function\\s+${name}\\b`, `(const|let|var)\\s+${name}\\s*=`],
  },
  python: {
    filePattern: '*.py',
    patterns: (name) => [`class\\s+${name}\\b`, `def\\s+${name}\\s*\\(`],
  },
};

const MAX_CODE_SEARCH_RESULTS = 50;

export const tool: ToolImplementation = {
  name: 'CodeSearch',

  summarize: (args) =>
    `Find definitions of '${quote(stringArg(args, 'query'), 60)}' (${stringArg(args, 'language', 'csharp')})`,

  async run(args, context) {
    const query = stringArg(args, 'query').trim();
    const language = stringArg(args, 'language', 'csharp').toLowerCase();
    const spec = CODE_SEARCH_LANGUAGES[language];
    if (!spec)
      return fail(
        'unsupported_language',
        `Parameter 'language': '${language}' is not supported; use one of ${Object.keys(CODE_SEARCH_LANGUAGES).join(', ')}`,
      );
    if (query === '') return fail('validation_failed', `Parameter 'query': a symbol name is required`);
    const blocks: string[] = [];
    const hits: { file: string; line: number; column: number; text: string }[] = [];
    for (const pattern of spec.patterns(escape(query))) {
      const outcome = await grep.run({ pattern, filePattern: spec.filePattern, caseSensitive: false }, context);
      if (!outcome.success) return outcome;
      if (outcome.data?.kind !== 'search_hits' || outcome.data.hits.length === 0) continue;
      const fresh = outcome.data.hits.filter(
        (hit) => !hits.some((seen) => seen.file === hit.file && seen.line === hit.line),
      );
      hits.push(...fresh);
      if (fresh.length > 0) blocks.push(fresh.map((hit) => `${hit.file}:${hit.line}:${hit.text}`).join('\n'));
    }
    const kept = hits.slice(0, MAX_CODE_SEARCH_RESULTS);
    if (kept.length === 0)
      return succeed(
        { kind: 'search_hits', query, hits: [], filesSearched: 0, truncated: false },
        `No results found for '${query}'`,
      );
    return succeed(
      {
        kind: 'search_hits',
        query,
        hits: kept,
        filesSearched: new Set(kept.map((hit) => hit.file)).size,
        truncated: hits.length > kept.length,
      },
      `${kept.length} definition${kept.length === 1 ? '' : 's'} of '${query}' found${hits.length > kept.length ? ` (first ${MAX_CODE_SEARCH_RESULTS} of ${hits.length})` : ''}\n${blocks.join('\n---\n')}`,
    );
  },
};
