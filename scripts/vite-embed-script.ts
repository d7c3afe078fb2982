/**
 * embed.js, the `<tool-playground>` element, as one self-contained file at the site's root: a host page
 * loads it with one script tag, so it must not pull the site's shared chunks. Bundled apart with esbuild
 * (Vite's own multi-entry build split the shared protocol module into a chunk of its own).
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('../src/app/features/embed/element.ts', import.meta.url));
export const EMBED_SCRIPT = 'embed.js';

export async function bundleEmbedScript(dev: boolean): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: !dev,
    write: false,
    legalComments: 'none',
    define: { 'import.meta.env.DEV': dev ? 'true' : 'false' },
  });
  return result.outputFiles[0]!.text;
}

export function embedScriptPlugin(): Plugin {
  return {
    name: 'tool-playground-embed-script',
    configureServer(server) {
      // /embed/tools/<name>/ is the embed page, as netlify.toml's rewrite makes it on the host; the page reads the path.
      server.middlewares.use((request, _response, next) => {
        if (request.url?.startsWith('/embed/'))
          request.url = `/embed.html${request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''}`;
        next();
      });
      server.middlewares.use(async (request, response, next) => {
        if (request.url?.split('?')[0] !== `/${EMBED_SCRIPT}`) return next();
        response.setHeader('content-type', 'text/javascript');
        response.end(await bundleEmbedScript(true));
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: EMBED_SCRIPT, source: await bundleEmbedScript(false) });
    },
  };
}
