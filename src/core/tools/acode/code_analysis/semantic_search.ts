/** semantic_search: rank code chunks by relevance to a natural-language query (BM25 over identifier words). */
import type { ToolImplementation } from '../../../runtime/types';
import { fail, integerArg, optionalStringArg, quote, stringArg, succeed } from '../../support/handler';
import { semanticSearch } from './semantic-index';
import { describeScope, resolveScope } from './sources';

const SCOPES = ['workspace', 'directory', 'file'] as const;
type ScopeKind = (typeof SCOPES)[number];
const DEFAULT_MAX_RESULTS = 20;

export const tool: ToolImplementation = {
  name: 'semantic_search',

  async run(args, context) {
    const query = stringArg(args, 'query').trim();
    if (query.length < 3) return fail('validation_failed', "Parameter 'query' must be at least 3 characters long");
    const scopeArgument = optionalStringArg(args, 'scope');
    if (scopeArgument !== undefined && !(SCOPES as readonly string[]).includes(scopeArgument)) {
      return fail(
        'validation_failed',
        `Parameter 'scope' must be one of workspace, directory, file; got '${scopeArgument}'`,
      );
    }
    const maxResults = integerArg(args, 'max_results') ?? DEFAULT_MAX_RESULTS;
    if (maxResults < 1 || maxResults > 100)
      return fail('validation_failed', `Parameter 'max_results' must be between 1 and 100; got ${maxResults}`);
    const requestedScope = scopeArgument as ScopeKind | undefined;
    // With scope 'workspace' the path is not used; without a scope, a path narrows the search.
    const path = requestedScope === 'workspace' ? undefined : optionalStringArg(args, 'path');
    const scopeResolution = await resolveScope(context.workspace, path, requestedScope);
    if (!scopeResolution.ok) return scopeResolution.outcome;
    const scope = scopeResolution.scope;

    context.reportProgress({ fraction: null, message: 'Indexing workspace files' });
    const { hits, update, terms } = await semanticSearch(context.workspace, query, scope, maxResults, context.signal);
    const data = { kind: 'semantic_hits' as const, query, hits };
    if (terms.length === 0) {
      return fail(
        'validation_failed',
        `Parameter 'query': '${quote(query)}' has no searchable words (only stop words or symbols); describe what the code does`,
        data,
      );
    }
    if (hits.length === 0) {
      const outcome = succeed(
        data,
        `No code in ${describeScope(scope)} matched '${quote(query)}' (${update.filesIndexed} files indexed)`,
      );
      outcome.suggestedFollowUps = [
        'Rephrase the query with words likely to appear in names or comments',
        'Use search_files for an exact text or regex search',
      ];
      return outcome;
    }
    return succeed(
      data,
      `${hits.length} result${hits.length === 1 ? '' : 's'} for '${quote(query)}' in ${describeScope(scope)}; best: ${hits[0]!.file}:${hits[0]!.startLine}-${hits[0]!.endLine}`,
    );
  },

  summarize(args) {
    const path = optionalStringArg(args, 'path');
    const scope = optionalStringArg(args, 'scope');
    const where = path && scope !== 'workspace' ? ` in '${quote(path)}'` : '';
    return `Search code for '${quote(stringArg(args, 'query'))}'${where}`;
  },
};
