/**
 * After `vite build`: this project's own site written by the builder `site build` writes any site with
 * (src/cli/commands/site/write-pages.ts): the bundled toolsets' pages, their Markdown twins, llms.txt, the sitemap
 * and `_headers`, with the guide's pages (docs/) added. The pages are rendered by the app itself (src/app/ssr.tsx,
 * loaded through Vite so its CSS and worker imports resolve). `SITE_URL` (or the host's `URL`) makes canonical URLs
 * absolute.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Route } from '../src/app/lib/router';
import { writePages } from '../src/cli/commands/site/write-pages';
import { renderGuide } from './guide-render';
import type { StaticPage } from './prerender';
import { SITE_TEXT } from './prerender-text';
import { loadHostConfig } from './static-host';

/** The first paragraph of a rendered guide page, as text (its description). */
const guideSummary = (html: string): string =>
  (/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

export async function prerender(outDir: string, siteUrl: string | null, projectRoot: string): Promise<StaticPage[]> {
  // The production server renderer: the same markup, rendered faster.
  process.env.NODE_ENV = 'production';
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: projectRoot,
    configFile: join(projectRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'warn',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { collection } = await import('../src/core/toolset/bundle');
    const base = vite.config.base.startsWith('/') ? vite.config.base : '/';
    const { renderPage } = (await vite.ssrLoadModule('/src/app/ssr.tsx')) as {
      renderPage: (route: Route) => Promise<string>;
    };
    const guide = renderGuide(join(projectRoot, 'docs'), base).map((page) => ({
      slug: page.slug,
      title: page.title,
      summary: guideSummary(page.html),
    }));
    return await writePages(collection.toolsets, {
      out: outDir,
      base,
      siteUrl,
      title: SITE_TEXT.title,
      hostConfig: loadHostConfig(projectRoot),
      renderPage,
      guide,
    });
  } finally {
    await vite.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? 'dist');
  const siteUrl = process.env.SITE_URL ?? process.env.URL ?? null;
  const projectRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
  prerender(outDir, siteUrl ? (siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`) : null, projectRoot).then(
    (pages) =>
      console.error(
        `prerender: ${pages.length} pages, their Markdown twins, llms.txt, sitemap.xml and _headers in ${outDir}`,
      ),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
