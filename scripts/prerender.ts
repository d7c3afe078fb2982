/**
 * Every page a site knows in advance, and how each is written: the catalog of each toolset, each tool, Import tools,
 * Check calls, Models, Connect, Evals, the guide's pages and the 404 page. Each is the built index.html with the
 * page's markup inside #root, its own title, description, canonical URL and Open Graph tags; the browser then takes
 * that markup over. Written by src/cli/commands/site/write-pages.ts, for `site build` and this project's own site.
 */
import type { ToolDefinition, ToolsetBundle } from '../src/core/toolset/types';
import {
  catalogHref,
  checkCallsHref,
  connectHref,
  evalsHref,
  importHref,
  modelsHref,
  toolHref,
} from '../src/app/lib/hrefs';
import { pageKey, type Route } from '../src/app/lib/router';
import { pageTitle } from '../src/app/lib/pageTitle';
import { guidePath } from './guide-render';
import { PANES_SIDE_BY_SIDE } from '../src/app/features/playground/panesSideBySide';

export interface StaticPage {
  route: Route;
  /** The file written, below the output folder. */
  file: string;
  /** The page's address below the site's base ('' for the catalog). */
  path: string;
  title: string;
  description: string;
  type: 'website' | 'article';
  /** Not for search engines (the 404 page). */
  noindex?: boolean;
  /**
   * The policy carried in the page itself, beside the header: netlify.toml answers every unknown address where a
   * rule sends the pages' policy, and this keeps a host that sends none (one given only the header rules) in check.
   */
  policy?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function summary(text: string): string {
  const firstSentence = text.split(/(?<=\.)\s/)[0] ?? text;
  return firstSentence.length > 200 ? `${firstSentence.slice(0, 197)}…` : firstSentence;
}

/** A path below the base, from one of the app's own links (which start with the base). */
const belowBase = (href: string) => href.replace(/^\//, '');

function toolPage(toolset: ToolsetBundle, tool: ToolDefinition): StaticPage {
  const route: Route = { page: 'tool', toolset: toolset.manifest.id, name: tool.name };
  const path = belowBase(toolHref(toolset.manifest.id, tool.name, undefined, '/'));
  return {
    route,
    file: `${path}index.html`,
    path,
    title: pageTitle(route, toolset),
    description: summary(tool.description),
    type: 'article',
  };
}

/** A page of the guide, as the build renders it (guide-render.ts). */
export interface GuideEntry {
  slug: string;
  title: string;
  /** The page's first paragraph, as text. */
  summary: string;
}

/** Every page the build writes, in sitemap order; the guide's pages when given. */
export function staticPages(toolsets: ToolsetBundle[], guide: readonly GuideEntry[] = []): StaticPage[] {
  const pages: StaticPage[] = [];
  for (const toolset of toolsets) {
    const route: Route = { page: 'catalog', toolset: toolset.manifest.id };
    const path = belowBase(catalogHref(toolset.manifest.id, '/'));
    const count = `${toolset.tools.length} tool${toolset.tools.length === 1 ? '' : 's'}`;
    pages.push({
      route,
      file: `${path}index.html`,
      path,
      title: pageTitle(route, toolset),
      description: summary(`${toolset.manifest.name}: ${count}. ${toolset.manifest.description}`),
      type: 'website',
    });
  }
  for (const toolset of toolsets) for (const tool of toolset.tools) pages.push(toolPage(toolset, tool));
  const importRoute: Route = { page: 'import' };
  const importPath = belowBase(importHref);
  pages.push({
    route: importRoute,
    file: `${importPath}index.html`,
    path: importPath,
    title: pageTitle(importRoute, undefined),
    description:
      'Bring your own tool definitions (an OpenAI tools array, an MCP tools/list result, a JSON Schema) and check them as the runtime would.',
    type: 'website',
  });
  const checkRoute: Route = { page: 'check' };
  const checkPath = belowBase(checkCallsHref(undefined, '/'));
  pages.push({
    route: checkRoute,
    file: `${checkPath}index.html`,
    path: checkPath,
    title: pageTitle(checkRoute, undefined),
    description:
      'Check a log of the tool calls a model made against the tools’ schemas: which calls the runtime would refuse, and why.',
    type: 'website',
  });
  const modelsRoute: Route = { page: 'models' };
  const modelsPath = belowBase(modelsHref('/'));
  pages.push({
    route: modelsRoute,
    file: `${modelsPath}index.html`,
    path: modelsPath,
    title: pageTitle(modelsRoute, undefined),
    description:
      'Send a toolset and a prompt to a model and see each tool call it makes judged by the same validator, run, and answered.',
    type: 'website',
  });
  const connectRoute: Route = { page: 'connect' };
  const connectPath = belowBase(connectHref('/'));
  pages.push({
    route: connectRoute,
    file: `${connectPath}index.html`,
    path: connectPath,
    title: pageTitle(connectRoute, undefined),
    description:
      'Connect a live MCP server: its tools documented, validated, audited and callable, with the protocol log and pinning against drift.',
    type: 'website',
  });
  const evalsRoute: Route = { page: 'evals' };
  const evalsPath = belowBase(evalsHref('/'));
  pages.push({
    route: evalsRoute,
    file: `${evalsPath}index.html`,
    path: evalsPath,
    title: pageTitle(evalsRoute, undefined),
    description:
      'Eval suites of expected tool calls: run them on up to three models or score logged runs offline, with accuracy, validity, F1 and whether each difference is real.',
    type: 'website',
  });
  for (const entry of guide) {
    const route: Route = { page: 'guide', topic: entry.slug };
    const path = guidePath(entry.slug);
    pages.push({
      route,
      file: `${path}index.html`,
      path,
      title: pageTitle(route, undefined, entry.title),
      description: summary(entry.summary),
      type: 'article',
    });
  }
  const missing: Route = { page: 'not-found', path: '/404.html' };
  pages.push({
    route: missing,
    file: '404.html',
    path: '404.html',
    title: pageTitle(missing, undefined),
    description: 'There is no page at this address.',
    type: 'website',
    noindex: true,
  });
  return pages;
}

/** The module each kind of page loads on demand: its stylesheets belong in that page's head, its scripts are preloaded. */
const PAGE_MODULES: Partial<Record<Route['page'], string>> = {
  catalog: 'src/generated/page-summaries.json',
  tool: 'src/app/routes/tool/ToolRoute.tsx',
  import: 'src/app/routes/ImportRoute.tsx',
  check: 'src/app/routes/CheckCallsRoute.tsx',
  models: 'src/app/routes/models/ModelsRoute.tsx',
  connect: 'src/app/routes/ConnectRoute.tsx',
  evals: 'src/app/routes/EvalsRoute.tsx',
  guide: 'src/app/routes/GuideRoute.tsx',
};

/**
 * What a page opens with besides its own chunk, fetched from its first paint on and first of all: a tool page's editor
 * (Monaco, the largest chunk, used to wait for the entry and the editor's component to be evaluated first, and its
 * parse is the longest). Their stylesheets load with them, when the editor is drawn, not before the page is taken over.
 */
const OPENING_SCRIPTS: Partial<Record<Route['page'], string[]>> = {
  tool: [
    'src/app/features/playground/JsonEditor.tsx',
    'src/app/features/playground/monaco/loadMonaco.ts',
    'src/app/components/schemaForm/ArgumentsForm.tsx',
  ],
};

/**
 * Opening scripts fetched only where a media query matches: Monaco where the editor sits beside the form, on the first
 * screen. On a narrower screen the editor is below the form and Monaco is imported as its place comes near the screen
 * (JsonEditor.tsx); fetched at once, its 0.8 MB (compressed) shared a phone's link with the page's own chunks and held
 * back their takeover. Lighthouse mobile on read_file, 13 runs of each interleaved at a load average of 6-9 on 2
 * cores: Total Blocking Time median 305 ms and performance 93 without it, against 467 ms and 88 with it.
 */
const OPENING_MEDIA: Record<string, string> = {
  'src/app/features/playground/monaco/loadMonaco.ts': PANES_SIDE_BY_SIDE,
};

export type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * The stylesheets and scripts a page's own chunk brings (and the chunks it imports statically), as the build named them,
 * and the scripts it opens with (OPENING_SCRIPTS) apart.
 */
export function pageAssets(
  manifest: Manifest,
  page: Route['page'],
): { css: string[]; js: string[]; opening: string[]; openingMedia: Record<string, string> } {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string, withStylesheets: boolean) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    if (withStylesheets) for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported, withStylesheets);
  };
  const module = PAGE_MODULES[page];
  if (module) visit(module, true);
  const own = [...js];
  for (const opening of OPENING_SCRIPTS[page] ?? []) visit(opening, false);
  const openingMedia: Record<string, string> = {};
  for (const [key, media] of Object.entries(OPENING_MEDIA)) {
    const file = manifest[key]?.file;
    if (file !== undefined && (OPENING_SCRIPTS[page] ?? []).includes(key)) openingMedia[file] = media;
  }
  return { css: [...css], js: own, opening: [...js].slice(own.length), openingMedia };
}

/** The built index.html with a page's head and markup. */
export function pageDocument(
  template: string,
  page: StaticPage,
  body: string,
  siteUrl: string | null,
  base = '/',
  assets: { css: string[]; js: string[]; opening?: string[]; openingMedia?: Record<string, string> } = {
    css: [],
    js: [],
  },
): string {
  if (!template.includes('<div id="root"></div>'))
    throw new Error(
      'index.html has no empty <div id="root"></div> to render into (was it prerendered already? build again).',
    );
  const canonical = siteUrl ? new URL(page.path, siteUrl).href : `${base}${page.path}`;
  const head = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="${page.type}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    '<meta property="og:site_name" content="Tool Schema Playground" />',
    ...(page.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...assets.css
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="stylesheet" crossorigin href="${escapeHtml(base + file)}">`),
    ...assets.js
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(base + file)}">`),
  ].map((line) => `  ${line}\n`);
  // The policy comes first, so it covers every script and style the page names after it.
  const policy = page.policy
    ? `\n    <meta http-equiv="Content-Security-Policy" content="${escapeHtml(page.policy)}" />`
    : '';
  // The scripts the page opens with go before the entry, so they are fetched and parsed first.
  const opening = (assets.opening ?? [])
    .map((file) => {
      const media = assets.openingMedia?.[file];
      const condition = media === undefined ? '' : ` media="${escapeHtml(media)}"`;
      return `<link rel="modulepreload" crossorigin href="${escapeHtml(base + file)}"${condition}>\n    `;
    })
    .join('');
  return template
    .replace(/<script type="module" crossorigin src=/, (tag) => `${opening}${tag}`)
    .replace(/(<meta charset="[^"]*"\s*\/?>)/i, (charset) => `${charset}${policy}`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace(/\n\s*<\/head>/, () => `\n  ${head.join('  ')}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root" data-route="${escapeHtml(pageKey(page.route))}">${body}</div>`,
    );
}

export function sitemap(pages: StaticPage[], siteUrl: string | null, base = '/'): string {
  const urls = pages
    .filter((page) => !page.noindex)
    .map(
      (page) =>
        `  <url><loc>${escapeHtml(siteUrl ? new URL(page.path, siteUrl).href : `${base}${page.path}`)}</loc></url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
