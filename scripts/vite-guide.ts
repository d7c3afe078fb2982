/**
 * The guide (docs/*.md) as pages of the site, in dev and in the build alike: `virtual:guide` lists its pages and loads
 * each one rendered (guide-render.ts), so the app shows `/guide/` and `/guide/<topic>/` in its own look and the build
 * prerenders them. Each Markdown file is kept beside its page as `guide/<file>.md`, for agents: emitted by the build,
 * served by the dev server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { createGuideRenderer, guideFiles, slugOfFile } from './guide-render';

const LIST = 'virtual:guide';
const PAGE = 'virtual:guide/page/';
const resolved = (id: string) => `\0${id}`;

export function guidePlugin(docsDirectory: string): Plugin {
  let base = '/';
  const titleOf = (file: string): string =>
    /^#\s+(.+)$/m.exec(readFileSync(join(docsDirectory, file), 'utf8'))?.[1]?.trim() ?? file;
  return {
    name: 'tool-playground-guide',
    configResolved(config) {
      base = config.base.startsWith('/') ? config.base : '/';
    },
    resolveId(id) {
      if (id === LIST || id.startsWith(PAGE)) return resolved(id);
      return null;
    },
    load(id) {
      if (id === resolved(LIST)) {
        const files = guideFiles(docsDirectory);
        for (const file of files) this.addWatchFile(join(docsDirectory, file));
        const topics = files.map((file) => ({ slug: slugOfFile(file), file, title: titleOf(file) }));
        const loaders = topics
          .map(
            (topic) =>
              `  ${JSON.stringify(topic.slug)}: () => import(${JSON.stringify(`${PAGE}${topic.slug || 'index'}`)})`,
          )
          .join(',\n');
        return `export const topics = ${JSON.stringify(topics)};\nconst loaders = {\n${loaders}\n};\nexport const loadPage = (slug) => (Object.hasOwn(loaders, slug) ? loaders[slug]().then((module) => module.default) : Promise.resolve(null));\n`;
      }
      if (id.startsWith(resolved(PAGE))) {
        const slug = id.slice(resolved(PAGE).length);
        const file = slug === 'index' ? 'README.md' : `${slug}.md`;
        if (!guideFiles(docsDirectory).includes(file)) return null;
        const path = join(docsDirectory, file);
        this.addWatchFile(path);
        return `export default ${JSON.stringify(createGuideRenderer(base).render(readFileSync(path, 'utf8'), file))};\n`;
      }
      return null;
    },
    configureServer(server) {
      // The Markdown beside each page, as the build emits it.
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split(/[?#]/)[0]!;
        const match = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}guide/([a-z0-9-]+\\.md)$`, 'i').exec(
          path,
        );
        if (!match || !guideFiles(docsDirectory).includes(match[1]!)) return next();
        response.setHeader('content-type', 'text/markdown; charset=utf-8');
        response.end(readFileSync(join(docsDirectory, match[1]!), 'utf8'));
      });
    },
    generateBundle() {
      for (const file of guideFiles(docsDirectory)) {
        this.emitFile({
          type: 'asset',
          fileName: `guide/${file}`,
          source: readFileSync(join(docsDirectory, file), 'utf8'),
        });
      }
    },
  };
}
