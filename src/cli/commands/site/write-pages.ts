/**
 * The pages of a site, written into a folder that already holds the app's client build: one builder for both sites,
 * the one `site build` writes of any toolsets (write-site.ts) and this project's own (scripts/prerender-site.ts,
 * which adds the guide's pages). Every page prerendered by the app's own renderer and made to paint at once
 * (scripts/paint-first.ts), the sitemap, the Markdown twins with llms.txt and llms-full.txt, and the `_headers`
 * file static hosts read, all from the same functions.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setHomeToolset } from '../../../core/toolset/collection';
import type { ToolsetBundle } from '../../../core/toolset/types';
import {
  pageAssets,
  pageDocument,
  sitemap,
  staticPages,
  type GuideEntry,
  type StaticPage,
} from '../../../../scripts/prerender';
import { agentTextFiles, SITE_TEXT } from '../../../../scripts/prerender-text';
import { paintFirst, scriptHash } from '../../../../scripts/paint-first';
import { headersFor, type HostConfig } from '../../../../scripts/static-host';

export interface PagesOptions {
  /** The folder holding the client build (index.html, boot.js, .vite/manifest.json): the pages are written into it. */
  out: string;
  /** The site's path below its host, starting and ending with "/". */
  base: string;
  /** The site's address, ending with "/", for absolute canonical links; null for links below the base. */
  siteUrl: string | null;
  title: string;
  /** The headers the site is served with (netlify.toml's): the pages' policy is checked against them. */
  hostConfig: HostConfig;
  /** The app's server renderer: a page's markup for its route; `signal` aborts when the page is given up. */
  renderPage: (route: StaticPage['route'], signal?: AbortSignal) => Promise<string>;
  /** How long one page's render may take before the build stops with an error (RENDER_LIMIT_MS unless given). */
  renderLimitMs?: number;
  /** Text the renderer writes in place of the base (the prebuilt shell's placeholder), replaced by it. */
  basePlaceholder?: string;
  /** The guide's pages, added after the toolsets' own. */
  guide?: readonly GuideEntry[];
}

/**
 * A page that takes this long to render never will. Measured: the 21 pages of server-filesystem's site render in
 * about 5 s on a shared 2-core machine (a quarter of a second a page), so a minute is a margin of hundreds, and a
 * renderer waiting on something that never comes (a broken or half-built one) ends the build with an error naming
 * the page instead of hanging it.
 */
const RENDER_LIMIT_MS = 60_000;

/** A page the renderer could not render: its address and why. */
export class RenderError extends Error {
  override name = 'RenderError';
}

/** The page's markup, or a RenderError naming it when the renderer fails or does not finish within `limitMs`. */
async function renderWithin(options: PagesOptions, page: StaticPage, limitMs: number): Promise<string> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new RenderError(`rendering /${page.path} did not finish within ${limitMs / 1000} s`));
    }, limitMs);
  });
  try {
    return await Promise.race([options.renderPage(page.route, controller.signal), deadline]);
  } catch (error) {
    if (error instanceof RenderError) throw error;
    throw new RenderError(`rendering /${page.path} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** netlify.toml's header rules as Netlify's `_headers` file (also read by Cloudflare Pages), below the site's base. */
function headersFile(config: HostConfig, base: string): string {
  return (
    config.headers
      .map((rule) =>
        [
          `${base}${rule.for.replace(/^\//, '')}`,
          ...Object.entries(rule.values).map(([name, value]) => `  ${name}: ${value}`),
        ].join('\n'),
      )
      .join('\n\n') + '\n'
  );
}

/** What every page of a site is written with: the client build's template and manifest, read once. */
export interface PageWriter {
  /** The site's pages, in order, each with its title and (for the 404 page) its own policy. */
  pages(toolsets: readonly ToolsetBundle[]): StaticPage[];
  /** A page's whole document, rendered and made to paint at once. */
  render(page: StaticPage): Promise<string>;
  /** The sitemap, the text for agents and `_headers`, by path below the output folder. */
  siteFiles(toolsets: readonly ToolsetBundle[], pages: StaticPage[]): Map<string, string>;
}

/** Reads the client build in `options.out` (its index.html, boot.js and manifest) for the pages written into it. */
export function pageWriter(options: PagesOptions): PageWriter {
  const { out, base, siteUrl, title, hostConfig } = options;
  const template = readFileSync(join(out, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(out, '.vite', 'manifest.json'), 'utf8')) as Parameters<
    typeof pageAssets
  >[0];
  // frame-ancestors is not honoured in a <meta> policy (the browser says so in the console): left out.
  const notFoundPolicy = headersFor(hostConfig, '/404.html')
    ['Content-Security-Policy']?.split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !directive.startsWith('frame-ancestors'))
    .join('; ');
  const bootHash = scriptHash(readFileSync(join(out, 'boot.js'), 'utf8'));
  // Painted at once: only the critical CSS inline, module preloads left to the entry (paint-first.ts says what was measured).
  const read = (asset: string) => readFileSync(join(out, asset), 'utf8');
  return {
    pages(toolsets) {
      // Each page's title ends with the site's name (pageTitle): here, the one the site was given.
      const pages = staticPages([...toolsets], options.guide).map((page) =>
        page.title.endsWith(SITE_TEXT.title)
          ? { ...page, title: `${page.title.slice(0, -SITE_TEXT.title.length)}${title}` }
          : page,
      );
      for (const page of pages) if (page.noindex && notFoundPolicy) page.policy = notFoundPolicy;
      return pages;
    },
    async render(page) {
      // boot.js is inline: a policy without its hash would refuse it (and the page its theme and early clicks).
      const policy = page.policy ?? headersFor(hostConfig, `/${page.path}`)['Content-Security-Policy'] ?? '';
      if (!policy.includes(bootHash))
        throw new Error(
          `the headers' script-src for /${page.path} lacks ${bootHash}, the hash of boot.js (inlined in every page).`,
        );
      let body = await renderWithin(options, page, options.renderLimitMs ?? RENDER_LIMIT_MS);
      if (options.basePlaceholder) body = body.replaceAll(options.basePlaceholder, base);
      let document = pageDocument(template, page, body, siteUrl, base, pageAssets(manifest, page.route.page));
      if (title !== SITE_TEXT.title)
        document = document.replace(
          `<meta property="og:site_name" content="${escapeHtml(SITE_TEXT.title)}" />`,
          `<meta property="og:site_name" content="${escapeHtml(title)}" />`,
        );
      return paintFirst(document, base, read);
    },
    siteFiles(toolsets, pages) {
      // The same docs as text for agents: a Markdown twin of every tool page, llms.txt and llms-full.txt.
      const files = agentTextFiles(toolsets, siteUrl, base, { ...SITE_TEXT, title });
      files.set('sitemap.xml', sitemap(pages, siteUrl, base));
      files.set('_headers', headersFile(hostConfig, base));
      return files;
    },
  };
}

/** Writes a file, and the folders it is in. */
export function writeFileIn(out: string, path: string, text: string): void {
  const file = join(out, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Writes every page of the toolsets (and the guide's), the sitemap, the text for agents and `_headers`; returns the pages. */
export async function writePages(toolsets: readonly ToolsetBundle[], options: PagesOptions): Promise<StaticPage[]> {
  // The addresses below are the site's: its home toolset is the default one when it has it, else its first.
  setHomeToolset(toolsets.map((toolset) => toolset.manifest.id));
  const writer = pageWriter(options);
  const pages = writer.pages(toolsets);
  for (const page of pages) writeFileIn(options.out, page.file, await writer.render(page));
  // The manifest served its purpose; it is no page of the site.
  rmSync(join(options.out, '.vite'), { recursive: true, force: true });
  for (const [path, text] of writer.siteFiles(toolsets, pages)) writeFileIn(options.out, path, text);
  return pages;
}
