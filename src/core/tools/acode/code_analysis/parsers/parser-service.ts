/** Lazily initialised tree-sitter: the runtime once, each grammar once, on first use. */
import { Language, Parser, Query, type Tree } from 'web-tree-sitter';
import { resolveGrammarLoader, type GrammarLanguage, type GrammarLoader } from './grammar-loader';

interface ParserLoadTimings {
  /** Milliseconds to initialise the runtime, or null until it has loaded. */
  runtimeMs: number | null;
  grammarsMs: Partial<Record<GrammarLanguage, number>>;
}

export interface ParserService {
  /** A parser for the language, loading runtime and grammar the first time. */
  getParser(language: GrammarLanguage): Promise<Parser>;
  /** The language's tag query (queries/<language>-tags.scm), compiled the first time. */
  getTagsQuery(language: GrammarLanguage): Promise<Query>;
  /** Parse source text; throws only if the grammar cannot be loaded. */
  parseSource(language: GrammarLanguage, source: string): Promise<Tree>;
  /** How long the runtime and each grammar took to load, as far as they have. */
  loadTimings(): ParserLoadTimings;
}

/**
 * Parsers whose runtime, grammars and tag queries come from `loader` (by default the one for the environment we run
 * in: static assets fetched by the page, the installed packages in Node), each loaded once, on first use.
 */
export function createParserService(loader: () => Promise<GrammarLoader> = resolveGrammarLoader): ParserService {
  let runtimeReady: Promise<GrammarLoader> | null = null;
  const languages = new Map<GrammarLanguage, Promise<Language>>();
  const parsers = new Map<GrammarLanguage, Parser>();
  const tagsQueries = new Map<GrammarLanguage, Promise<Query>>();
  const timings: ParserLoadTimings = { runtimeMs: null, grammarsMs: {} };

  function ensureRuntime(): Promise<GrammarLoader> {
    if (!runtimeReady) {
      runtimeReady = (async () => {
        const started = performance.now();
        const resolved = await loader();
        await Parser.init(await resolved.loadRuntimeWasm());
        timings.runtimeMs = performance.now() - started;
        return resolved;
      })();
      // A failed load may be retried (for instance after the network comes back).
      runtimeReady.catch(() => {
        runtimeReady = null;
      });
    }
    return runtimeReady;
  }

  function loadLanguage(language: GrammarLanguage): Promise<Language> {
    let pending = languages.get(language);
    if (!pending) {
      pending = (async () => {
        const resolved = await ensureRuntime();
        const started = performance.now();
        const loaded = await Language.load(await resolved.loadGrammar(language));
        timings.grammarsMs[language] = performance.now() - started;
        return loaded;
      })();
      languages.set(language, pending);
      pending.catch(() => languages.delete(language));
    }
    return pending;
  }

  async function getParser(language: GrammarLanguage): Promise<Parser> {
    const existing = parsers.get(language);
    if (existing) return existing;
    const loaded = await loadLanguage(language);
    const parser = parsers.get(language) ?? new Parser();
    parser.setLanguage(loaded);
    parsers.set(language, parser);
    return parser;
  }

  function getTagsQuery(language: GrammarLanguage): Promise<Query> {
    let pending = tagsQueries.get(language);
    if (!pending) {
      pending = (async () => {
        const [loaded, resolved] = await Promise.all([loadLanguage(language), ensureRuntime()]);
        const source = await resolved.loadTagsQuery(language);
        try {
          return new Query(loaded, source);
        } catch (error) {
          throw new Error(
            `The ${language} tag query does not fit its grammar: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      })();
      tagsQueries.set(language, pending);
      pending.catch(() => tagsQueries.delete(language));
    }
    return pending;
  }

  return {
    getParser,
    getTagsQuery,
    async parseSource(language, source) {
      const parser = await getParser(language);
      const tree = parser.parse(source);
      if (!tree) throw new Error(`The ${language} parser returned no tree`);
      return tree;
    },
    loadTimings: () => ({ runtimeMs: timings.runtimeMs, grammarsMs: { ...timings.grammarsMs } }),
  };
}

/** The parsers the code-analysis tools share: tree-sitter's runtime is one per realm, so its grammars are loaded once. */
export const parserService: ParserService = createParserService();
