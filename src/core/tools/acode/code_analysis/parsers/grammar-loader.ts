/**
 * How the tree-sitter runtime and grammars are found. In the page they are static assets
 * fetched on first use; in Node they are read from the installed packages. A parser service
 * (parser-service.ts `createParserService`) may be given another.
 */

import type { GrammarLanguage, GrammarLoader } from './grammar-files';

export { GRAMMAR_LANGUAGES } from './grammar-files';
export type { GrammarLanguage, GrammarLoader } from './grammar-files';

const EXTENSION_LANGUAGES: Record<string, GrammarLanguage> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  // The TypeScript grammar is a superset of JavaScript's, so plain JS parses with it.
  js: 'typescript',
  mjs: 'typescript',
  cjs: 'typescript',
  tsx: 'tsx',
  jsx: 'tsx',
  py: 'python',
  pyi: 'python',
  cs: 'csharp',
};

/** The grammar for a file path, or null when no grammar covers its extension. */
export function grammarLanguageForPath(filePath: string): GrammarLanguage | null {
  const fileName = filePath.slice(filePath.lastIndexOf('/') + 1);
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return null;
  if (fileName.endsWith('.d.ts')) return 'typescript';
  return EXTENSION_LANGUAGES[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(EXTENSION_LANGUAGES);

function isNodeRuntime(): boolean {
  const processLike = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof processLike?.versions?.node === 'string';
}

/** The loader for the environment we run in. */
export async function resolveGrammarLoader(): Promise<GrammarLoader> {
  if (isNodeRuntime()) {
    // A computed specifier keeps the Node-only module out of the browser bundle; Node code runs as TypeScript (tsx, Vitest).
    const nodeLoaderModule = './node-loader.node.ts';
    const module = (await import(/* @vite-ignore */ nodeLoaderModule)) as typeof import('./node-loader.node');
    return module.createNodeGrammarLoader();
  }
  const module = await import('./browser-loader');
  return module.createBrowserGrammarLoader();
}
