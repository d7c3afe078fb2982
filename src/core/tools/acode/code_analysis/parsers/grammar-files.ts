/** The grammars' names and files, and what a loader gives: shared by the loaders and their chooser (grammar-loader.ts). */

export type GrammarLanguage = 'typescript' | 'tsx' | 'python' | 'csharp';

export const GRAMMAR_LANGUAGES: readonly GrammarLanguage[] = ['typescript', 'tsx', 'python', 'csharp'];

/** What web-tree-sitter's `Parser.init` needs to find its own wasm. */
interface RuntimeWasmOptions {
  wasmBinary?: Uint8Array;
  locateFile?: (fileName: string, scriptDirectory: string) => string;
}

export interface GrammarLoader {
  loadRuntimeWasm(): Promise<RuntimeWasmOptions>;
  loadGrammar(language: GrammarLanguage): Promise<Uint8Array>;
  /** The source of the language's tag query (queries/<file> below this folder). */
  loadTagsQuery(language: GrammarLanguage): Promise<string>;
}

/** File name of each grammar inside `@vscode/tree-sitter-wasm/wasm/`. */
export const GRAMMAR_FILES: Record<GrammarLanguage, string> = {
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  python: 'tree-sitter-python.wasm',
  csharp: 'tree-sitter-c-sharp.wasm',
};

/** File name of each language's tag query inside `queries/`; TSX shares TypeScript's. */
export const TAGS_QUERY_FILES: Record<GrammarLanguage, string> = {
  typescript: 'typescript-tags.scm',
  tsx: 'typescript-tags.scm',
  python: 'python-tags.scm',
  csharp: 'csharp-tags.scm',
};
