/** Lazily initialised tree-sitter: the runtime once, each grammar once, on first use. */
import { Language, Parser, Query, type Tree } from 'web-tree-sitter';
import { resolveGrammarLoader, type GrammarLanguage, type GrammarLoader } from './grammar-loader';

export interface ParserLoadTimings {
  /** Milliseconds to initialise the runtime, or null until it has loaded. */
  runtimeMs: number | null;
  grammarsMs: Partial<Record<GrammarLanguage, number>>;
}

let runtimeReady: Promise<GrammarLoader> | null = null;
const languages = new Map<GrammarLanguage, Promise<Language>>();
const parsers = new Map<GrammarLanguage, Parser>();
const tagsQueries = new Map<GrammarLanguage, Promise<Query>>();
const timings: ParserLoadTimings = { runtimeMs: null, grammarsMs: {} };

function ensureRuntime(): Promise<GrammarLoader> {
  if (!runtimeReady) {
    runtimeReady = (async () => {
      const started = performance.now();
      const loader = await resolveGrammarLoader();
      await Parser.init(await loader.loadRuntimeWasm());
      timings.runtimeMs = performance.now() - started;
      return loader;
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
      const loader = await ensureRuntime();
      const started = performance.now();
      const loaded = await Language.load(await loader.loadGrammar(language));
      timings.grammarsMs[language] = performance.now() - started;
      return loaded;
    })();
    languages.set(language, pending);
    pending.catch(() => languages.delete(language));
  }
  return pending;
}

/** A parser for the language, loading runtime and grammar the first time. */
export async function getParser(language: GrammarLanguage): Promise<Parser> {
  const existing = parsers.get(language);
  if (existing) return existing;
  const loaded = await loadLanguage(language);
  const parser = parsers.get(language) ?? new Parser();
  parser.setLanguage(loaded);
  parsers.set(language, parser);
  return parser;
}

/** The language's tag query (queries/<language>-tags.scm), compiled the first time. */
export function getTagsQuery(language: GrammarLanguage): Promise<Query> {
  let pending = tagsQueries.get(language);
  if (!pending) {
    pending = (async () => {
      const [loaded, loader] = await Promise.all([loadLanguage(language), ensureRuntime()]);
      const source = await loader.loadTagsQuery(language);
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

/** Parse source text; throws only if the grammar cannot be loaded. */
export async function parseSource(language: GrammarLanguage, source: string): Promise<Tree> {
  const parser = await getParser(language);
  const tree = parser.parse(source);
  if (!tree) throw new Error(`The ${language} parser returned no tree`);
  return tree;
}

export function parserLoadTimings(): ParserLoadTimings {
  return { runtimeMs: timings.runtimeMs, grammarsMs: { ...timings.grammarsMs } };
}
