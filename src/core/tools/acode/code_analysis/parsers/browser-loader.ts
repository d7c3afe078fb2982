/**
 * Grammar loader for the page and its workers. The site self-hosts the wasm files under
 * `vendor/tree-sitter/` (see scripts/vite-static-assets.ts); each is fetched the first time a
 * parser for its language is needed.
 */
import { GRAMMAR_FILES, type GrammarLanguage, type GrammarLoader } from './grammar-files';
// The tag queries are a few kilobytes of text: they travel inside the code chunk, not as assets.
import csharpTags from './queries/csharp-tags.scm?raw';
import pythonTags from './queries/python-tags.scm?raw';
import typescriptTags from './queries/typescript-tags.scm?raw';

const TAGS_QUERIES: Record<GrammarLanguage, string> = {
  typescript: typescriptTags,
  tsx: typescriptTags,
  python: pythonTags,
  csharp: csharpTags,
};

export interface BrowserGrammarLoaderOptions {
  /** Folder holding `web-tree-sitter.wasm` and the grammars; must end with '/'. */
  baseUrl?: string | URL;
}

/**
 * Built chunks live in `assets/`, one level below the site root; the dev server serves any
 * path containing `vendor/`, so the same relative URL works in both.
 */
const defaultBaseUrl = (): URL => new URL('../vendor/tree-sitter/', import.meta.url);

async function fetchBytes(url: URL): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load '${url.pathname}': HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export function createBrowserGrammarLoader(options: BrowserGrammarLoaderOptions = {}): GrammarLoader {
  const baseUrl = options.baseUrl ? new URL(options.baseUrl, import.meta.url) : defaultBaseUrl();
  return {
    async loadRuntimeWasm() {
      const runtimeUrl = new URL('web-tree-sitter.wasm', baseUrl).href;
      return { locateFile: () => runtimeUrl };
    },
    loadGrammar: (language: GrammarLanguage) => fetchBytes(new URL(GRAMMAR_FILES[language], baseUrl)),
    loadTagsQuery: async (language: GrammarLanguage) => TAGS_QUERIES[language],
  };
}
