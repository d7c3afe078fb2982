/**
 * Swaps three modules of rjsf for the page's own (src/app/components/schemaForm/rjsf/): fast-uri, which rjsf calls only for
 * schemas the form never gets; rjsf's default registry, whose rarely drawn fields and widgets then load when drawn; and
 * its allOf merge, loaded for a schema that has allOf.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const own = (name: string) => fileURLToPath(new URL(`../src/app/components/schemaForm/rjsf/${name}`, import.meta.url));
const fromPackage = (importer: string | undefined, name: string) =>
  importer?.replace(/\\/g, '/').includes(`/node_modules/${name}/`) ?? false;

export function formPartsPlugin(): Plugin {
  return {
    name: 'tool-playground-form-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'fast-uri' && fromPackage(importer, '@rjsf/utils')) return own('uri.ts');
      if (/^\.\.?\/getDefaultRegistry\.js$/.test(source) && fromPackage(importer, '@rjsf/core'))
        return own('registry.tsx');
      if (source === './shallowAllOfMerge.js' && fromPackage(importer, '@rjsf/utils')) return own('allOfMerge.ts');
      return null;
    },
  };
}
