/**
 * The app built as a shell for `tool-schemas site build` (scripts/build-site-shell.ts): the toolset data the page
 * imports from src/generated/ is not bundled into it but loaded from the site's own `data/` folder, which
 * `site build` writes for the toolsets it is given. In the server build the same modules read what `site build`
 * hands over in `globalThis.__toolSiteData` before it imports the renderer.
 */
import type { Plugin } from 'vite';

/** The base the shell is built with; `site build` writes the real one in its place. */
export const SITE_BASE_PLACEHOLDER = '/__tool_site_base__/';

/** src/generated file → what it exports: the page's data about the toolsets, nothing about the product itself. */
export const SITE_DATA_MODULES = {
  'bundle.json': 'default',
  'page-summaries.json': 'default',
  'page-toolsets.js': 'bundledToolsets',
  'validator-loaders.js': 'validatorLoaders',
  'validators.js': 'validators',
  'warning-twin-degrees.json': 'default',
  'site-mocks.json': 'default',
  'site-meta.json': 'default',
} as const;
export type SiteDataFile = keyof typeof SITE_DATA_MODULES;

/**
 * What the validators `site build` generates import (standalone.ts names these specifiers), each its own module of the
 * shell's `data/validator-runtime/` (src/site/shell/validator-runtime/<name>.ts), so a validator loads the helpers it
 * names alone: one module of them all would put ajv-formats' full set on every tool page, 8.2 KB gzip.
 */
export const VALIDATOR_RUNTIMES: Readonly<Record<string, string>> = {
  '../../core/validation/standalone-formats.ts': 'formats',
  '../../core/validation/standalone-path-formats.ts': 'path-formats',
  '../../core/validation/standalone-ucs2length.ts': 'ucs2length',
  'ajv/dist/runtime/equal.js': 'equal',
  'ajv/dist/runtime/uri.js': 'uri',
  'ajv/dist/runtime/validation_error.js': 'validation-error',
};

/** The shell's module of a validator runtime, below the site's folder. */
export const validatorRuntimeModule = (name: string): string => `data/validator-runtime/${name}.js`;

/** The module that file becomes in the shell's `data/` folder. */
export const dataModuleOf = (file: SiteDataFile): string => `data/${file.replace(/\.(json|js)$/, '')}.js`;

const VIRTUAL = '\0tool-site-data:';

/**
 * `worker`: for the workers' build. The runtime worker runs in an opaque-origin frame, where compiling a schema is
 * allowed and the site's shared chunks (which the generated validators import) are not reachable: it compiles.
 */
export function siteDataPlugin({ worker = false }: { worker?: boolean } = {}): Plugin {
  return {
    name: 'tool-site-data',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      const match = /(?:^|\/)generated\/([\w.-]+)$/.exec(source);
      const file = match?.[1];
      if (!file || !Object.hasOwn(SITE_DATA_MODULES, file)) return null;
      if (worker && file === 'validators.js') return `${VIRTUAL}none`;
      // Named without the extension: Vite's JSON plugin would read the virtual module as JSON.
      if (options?.ssr) return `${VIRTUAL}${Object.keys(SITE_DATA_MODULES).indexOf(file)}`;
      return { id: `${SITE_BASE_PLACEHOLDER}${dataModuleOf(file as SiteDataFile)}`, external: 'absolute' };
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      if (id === `${VIRTUAL}none`) return 'export const validators = {};\n';
      const file = Object.keys(SITE_DATA_MODULES)[Number(id.slice(VIRTUAL.length))] as SiteDataFile;
      const value = `globalThis.__toolSiteData[${JSON.stringify(file)}]`;
      const name = SITE_DATA_MODULES[file];
      return name === 'default' ? `export default ${value};\n` : `export const ${name} = ${value};\n`;
    },
  };
}
