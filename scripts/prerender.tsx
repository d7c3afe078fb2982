/**
 * After `vite build`: a static docs page per bundled tool (`tools/<name>/` for the default toolset,
 * `toolsets/<id>/tools/<name>/` for the others), readable without JavaScript, each with its own title,
 * description, canonical URL and Open Graph tags, and `sitemap.xml`. The interactive pages stay hash routes;
 * each static page links to its tool there. `SITE_URL` (or the host's `URL`) makes canonical URLs absolute.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { collection } from '../src/core/toolset/bundle';
import { DEFAULT_TOOLSET_ID } from '../src/core/toolset/collection';
import type { ToolDefinition, ToolsetBundle } from '../src/core/toolset/types';
import { StaticToolPage } from '../src/app/features/tool-docs/StaticToolPage';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where a tool's static page lives, below the site's root. */
export function staticToolPath(toolsetId: string, toolName: string): string {
  const tool = `tools/${encodeURIComponent(toolName)}/`;
  return toolsetId === DEFAULT_TOOLSET_ID ? tool : `toolsets/${encodeURIComponent(toolsetId)}/${tool}`;
}

function summary(tool: ToolDefinition): string {
  const firstSentence = tool.description.split(/(?<=\.)\s/)[0] ?? tool.description;
  return firstSentence.length > 200 ? `${firstSentence.slice(0, 197)}…` : firstSentence;
}

export function renderToolPage(toolset: ToolsetBundle, tool: ToolDefinition, stylesheets: string[], siteUrl: string | null): string {
  const path = staticToolPath(toolset.manifest.id, tool.name);
  const up = '../'.repeat(path.split('/').length - 1);
  const hashRoute = `#/toolsets/${encodeURIComponent(toolset.manifest.id)}/tools/${encodeURIComponent(tool.name)}`;
  const catalogRoute = toolset.manifest.id === DEFAULT_TOOLSET_ID ? '' : `#/toolsets/${encodeURIComponent(toolset.manifest.id)}`;
  const body = renderToStaticMarkup(<StaticToolPage toolset={toolset} tool={tool} playgroundHref={`${up}${hashRoute}`} catalogHref={`${up}${catalogRoute}`} />);
  const title = `${tool.name} · ${toolset.manifest.name} · Tool Schema Playground`;
  const description = summary(tool);
  const canonical = siteUrl ? new URL(path, siteUrl).href : `/${path}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <meta name="description" content="${escapeHtml(description)}" />
    <link rel="canonical" href="${escapeHtml(canonical)}" />
    <meta property="og:type" content="article" />
    <meta property="og:title" content="${escapeHtml(`${tool.name}: ${tool.title}`)}" />
    <meta property="og:description" content="${escapeHtml(description)}" />
    <meta property="og:url" content="${escapeHtml(canonical)}" />
    <meta property="og:site_name" content="Tool Schema Playground" />
    <meta name="color-scheme" content="light dark" />
    <link rel="icon" type="image/svg+xml" href="${up}favicon.svg" />
${stylesheets.map((href) => `    <link rel="stylesheet" href="${up}${href}" />`).join('\n')}
  </head>
  <body>
    <div id="root">${body}</div>
  </body>
</html>
`;
}

export function prerender(outDir: string, siteUrl: string | null): string[] {
  const index = readFileSync(join(outDir, 'index.html'), 'utf8');
  // The site's own stylesheets, as the build named them.
  const stylesheets = [...index.matchAll(/<link rel="stylesheet"[^>]*href="\.\/([^"]+)"/g)].map((match) => match[1]!);
  const written: string[] = [];
  for (const toolset of collection.toolsets) {
    for (const tool of toolset.tools) {
      const path = staticToolPath(toolset.manifest.id, tool.name);
      mkdirSync(join(outDir, path), { recursive: true });
      writeFileSync(join(outDir, path, 'index.html'), renderToolPage(toolset, tool, stylesheets, siteUrl));
      written.push(path);
    }
  }
  const base = siteUrl ?? '/';
  const urls = ['', ...written].map((path) => `  <url><loc>${escapeHtml(siteUrl ? new URL(path, base).href : `/${path}`)}</loc></url>`);
  writeFileSync(join(outDir, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
  return written;
}

if (process.argv[1] && resolve(process.argv[1]).endsWith('prerender.tsx')) {
  const outDir = resolve(process.argv[2] ?? 'dist');
  const siteUrl = process.env.SITE_URL ?? process.env.URL ?? null;
  const written = prerender(outDir, siteUrl ? (siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`) : null);
  console.error(`prerender: ${written.length} tool pages and sitemap.xml in ${outDir}`);
}
