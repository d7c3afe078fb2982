/**
 * Swaps monaco-editor's worker helper, when its JSON mode imports it, for the page's own
 * (src/app/features/playground/monaco/jsonWorkerClient.ts): Monaco's imports every editor contribution it has, and
 * the JSON editor loads only those loadMonaco.ts names.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const jsonWorkerClient = fileURLToPath(
  new URL('../src/app/features/playground/monaco/jsonWorkerClient.ts', import.meta.url),
);
const JSON_MODE = '/node_modules/monaco-editor/esm/vs/languages/features/json/';

export function monacoPartsPlugin(): Plugin {
  return {
    name: 'tool-playground-monaco-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromJsonMode = importer?.replace(/\\/g, '/').includes(JSON_MODE) ?? false;
      return fromJsonMode && /(^|\/)internal\/common\/workers\.js$/.test(source) ? jsonWorkerClient : null;
    },
  };
}
