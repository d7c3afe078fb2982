/** Grammar loader for Node (CLI, tests, benchmarks): reads the wasm files from the installed packages, the tag queries from beside this file. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GRAMMAR_FILES, TAGS_QUERY_FILES, type GrammarLanguage, type GrammarLoader } from './grammar-files';

export function createNodeGrammarLoader(): GrammarLoader {
  const require = createRequire(import.meta.url);
  const runtimeWasmPath = require.resolve('web-tree-sitter/web-tree-sitter.wasm');
  const grammarDirectory = join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
  return {
    async loadRuntimeWasm() {
      return { wasmBinary: new Uint8Array(await readFile(runtimeWasmPath)) };
    },
    async loadGrammar(language: GrammarLanguage) {
      return new Uint8Array(await readFile(join(grammarDirectory, GRAMMAR_FILES[language])));
    },
    loadTagsQuery: (language: GrammarLanguage) =>
      readFile(new URL(`./queries/${TAGS_QUERY_FILES[language]}`, import.meta.url), 'utf8'),
  };
}
