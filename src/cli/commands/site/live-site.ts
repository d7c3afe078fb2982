/**
 * The site `site dev` serves: written once as `site build` writes it (write-site.ts), then kept in step with the
 * definitions in this process, with the renderer it imported once. A change rewrites what depends on it and leaves
 * every other file as it is (bytes and time):
 *
 * - the data modules (`data/`) are worked out again in memory and only those whose text changed are written;
 * - the pages of the tools that changed, and their toolset's catalog, are rendered again; a change to the site's
 *   shape (a tool or toolset added, removed or renamed, a manifest, the earlier releases) renders every page;
 * - the sitemap, `llms.txt`, `llms-full.txt` and the Markdown twins are written when their text changed;
 * - a file the site no longer has (a removed tool's page, data and twins) is removed.
 *
 * The renderer reads its data through objects it was given when it was imported: they are refilled in place, so it
 * renders the new definitions. Each file is written beside its place and renamed into it, so a page is never read
 * half-written.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defaultToolset, setHomeToolset, type ToolsetCollection } from '../../../core/toolset/collection';
import type { MockSpec } from '../../../core/runtime/mock';
import type { ToolsetBundle } from '../../../core/toolset/types';
import type { StandaloneCache } from '../../../core/validation/standalone';
import type { StaticPage } from '../../../../scripts/prerender';
import {
  dataFiles,
  loadRenderer,
  prepareOutput,
  serverData,
  shellPagesOptions,
  withSchemaIds,
  type SiteMeta,
  type SiteOptions,
} from './write-site';
import { pageWriter } from './write-pages';

export interface LiveSiteOptions extends SiteOptions {
  /** Applied to every page before it is written (site dev adds its reload script). */
  html?: (document: string) => string;
}

export interface LiveSite {
  /** Brings the site in step with these toolsets (and mocks); resolves with the files written, below the output folder. */
  update(toolsets: ToolsetBundle[], mocks?: Record<string, Record<string, MockSpec>>): Promise<string[]>;
  /** The number of pages the site has. */
  readonly pageCount: number;
}

/** Each object of `target` given the contents of the same key in `fresh`, keeping its identity (the renderer holds it). */
function refill(target: Record<string, unknown>, fresh: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(fresh)) {
    const held = target[key];
    if (held === value) continue;
    if (key === 'bundle.json') refillCollection(held as ToolsetCollection, value as ToolsetCollection);
    else if (Array.isArray(held)) held.splice(0, held.length, ...(value as unknown[]));
    else refillObject(held as Record<string, unknown>, value as Record<string, unknown>);
  }
}

function refillObject(target: Record<string, unknown>, fresh: Record<string, unknown>): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, fresh);
}

/**
 * The collection's toolsets refilled by id. The renderer keeps the object of the toolset that was its default one
 * when it was imported (core/toolset/bundle): that object stays the default one, refilled with the new default
 * toolset, also when that toolset's id changed.
 */
function refillCollection(target: ToolsetCollection, fresh: ToolsetCollection): void {
  const held = new Map(target.toolsets.map((toolset) => [toolset.manifest.id, toolset]));
  const home = defaultToolset(target);
  const freshHome = defaultToolset(fresh);
  held.delete(home.manifest.id);
  held.set(freshHome.manifest.id, home);
  const toolsets = fresh.toolsets.map((toolset) => {
    const same = held.get(toolset.manifest.id);
    if (!same) return toolset;
    refillObject(same as unknown as Record<string, unknown>, toolset as unknown as Record<string, unknown>);
    return same;
  });
  target.toolsets.splice(0, target.toolsets.length, ...toolsets);
}

/** What a toolset's pages other than its tools' depend on: changed, every page is rendered again. */
const shapeOf = (toolsets: readonly ToolsetBundle[]) =>
  JSON.stringify(
    toolsets.map((toolset) => ({
      manifest: toolset.manifest,
      tools: toolset.tools.map((tool) => tool.name),
      history: toolset.history ?? [],
    })),
  );

/** Each tool's definition, and whether it has a mock (its page says so), as text by toolset id and name. */
const definitionsOf = (toolsets: readonly ToolsetBundle[], mocks: Record<string, Record<string, MockSpec>>) =>
  new Map(
    toolsets.flatMap((toolset) =>
      toolset.tools.map(
        (tool) =>
          [
            `${toolset.manifest.id}\n${tool.name}`,
            JSON.stringify([tool, Object.hasOwn(mocks[toolset.manifest.id] ?? {}, tool.name)]),
          ] as const,
      ),
    ),
  );

/** Writes the site into `options.out` and returns it, to be updated as the definitions change. */
export async function openLiveSite(given: ToolsetBundle[], options: LiveSiteOptions): Promise<LiveSite> {
  let mocks = options.mocks ?? {};
  const meta: SiteMeta = { title: options.title };
  const html = options.html ?? ((document: string) => document);
  /** The text of every file this site wrote, by path: a file is written again only when its text changes. */
  const written = new Map<string, string>();
  const write = (path: string, text: string): boolean => {
    if (written.get(path) === text) return false;
    const file = join(options.out, path);
    mkdirSync(dirname(file), { recursive: true });
    const next = `${file}.${process.pid}.next`;
    writeFileSync(next, text);
    renameSync(next, file);
    written.set(path, text);
    return true;
  };

  let toolsets = given.map(withSchemaIds);
  setHomeToolset(toolsets.map((toolset) => toolset.manifest.id));
  prepareOutput(options);
  // Each save generates the validators of the schemas it changed alone (standalone.ts says what that saves).
  const validatorCache: StandaloneCache = new Map();
  const first = dataFiles({ toolsets }, mocks, meta, validatorCache);
  for (const [path, text] of first.files) write(path, text);
  const data = serverData({ toolsets }, first.summaries, first.degrees, mocks, meta);
  const renderer = await loadRenderer(options.shell, data);
  const writer = pageWriter(shellPagesOptions(options, renderer.renderPage));
  // The manifest is read once, above: it is no page of the site.
  rmSync(join(options.out, '.vite'), { recursive: true, force: true });

  const writePagesOf = async (pages: StaticPage[], rendered: (page: StaticPage) => boolean): Promise<string[]> => {
    const paths: string[] = [];
    for (const page of pages)
      if (rendered(page) && write(page.file, html(await writer.render(page)))) paths.push(page.file);
    return paths;
  };
  let pages = writer.pages(toolsets);
  await writePagesOf(pages, () => true);
  for (const [path, text] of writer.siteFiles(toolsets, pages)) write(path, text);

  return {
    get pageCount() {
      return pages.length;
    },
    async update(next, nextMocks = mocks) {
      const before = { shape: shapeOf(toolsets), definitions: definitionsOf(toolsets, mocks) };
      mocks = nextMocks;
      toolsets = next.map(withSchemaIds);
      setHomeToolset(toolsets.map((toolset) => toolset.manifest.id));
      const whole = shapeOf(toolsets) !== before.shape;
      const changed = new Set(
        [...definitionsOf(toolsets, mocks)]
          .filter(([key, text]) => before.definitions.get(key) !== text)
          .map(([key]) => key),
      );
      const paths: string[] = [];
      const fresh = dataFiles({ toolsets }, mocks, meta, validatorCache);
      for (const [path, text] of fresh.files) if (write(path, text)) paths.push(path);
      refill(data, serverData({ toolsets }, fresh.summaries, fresh.degrees, mocks, meta));
      // The renderer's addresses follow its data: a home toolset renamed is the home one still.
      renderer.readHomeToolset();
      pages = writer.pages(toolsets);
      const toolsetsChanged = new Set([...changed].map((key) => key.split('\n')[0]!));
      paths.push(
        ...(await writePagesOf(pages, ({ route }) => {
          if (whole) return true;
          if (route.page === 'tool') return changed.has(`${route.toolset}\n${route.name}`);
          return route.page === 'catalog' && toolsetsChanged.has(route.toolset);
        })),
      );
      const siteFiles = writer.siteFiles(toolsets, pages);
      for (const [path, text] of siteFiles) if (write(path, text)) paths.push(path);
      // What the site no longer has (a removed or renamed tool's page, data and twin) is removed.
      const current = new Set([...fresh.files.keys(), ...pages.map((page) => page.file), ...siteFiles.keys()]);
      for (const path of [...written.keys()].filter((path) => !current.has(path))) {
        rmSync(join(options.out, path), { force: true });
        written.delete(path);
        paths.push(path);
      }
      return paths;
    },
  };
}
