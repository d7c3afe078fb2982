/** Swaps fast-uri, which rjsf calls only for schemas the form never gets, for the page's own stand-in (src/app/features/playground/rjsf/uri.ts). */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const own = (name: string) => fileURLToPath(new URL(`../src/app/features/playground/rjsf/${name}`, import.meta.url));
const fromPackage = (importer: string | undefined, name: string) => importer?.replace(/\\/g, '/').includes(`/node_modules/${name}/`) ?? false;

export function formPartsPlugin(): Plugin {
  return {
    name: 'tool-playground-form-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'fast-uri' && fromPackage(importer, '@rjsf/utils')) return own('uri.ts');
      return null;
    },
  };
}
