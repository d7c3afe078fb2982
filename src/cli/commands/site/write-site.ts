/**
 * `site build` writes a static site like this one around a prebuilt shell (scripts/build-site-shell.ts):
 *
 * - The shell is the app's client build, in which every module about the toolsets (the bundle, the summaries, the
 *   per-tool modules, the validators) is left out and imported from the site's own `data/` folder at run time
 *   (scripts/vite-site-data.ts), plus the app's server renderer as one Node module with React inside. So the
 *   installed package builds a site with no Vite and no devDependency: copy the shell, write `data/` for the
 *   given toolsets, and prerender every page with the very renderer the project's own build uses.
 * - The shell is built with a placeholder base path; the site's base is written in its place in every text file.
 * - Validators are generated here, as the project's bundle generates its own (Ajv standalone code, one module per
 *   schema), importing Ajv's helpers from the shell's `data/validator-runtime/`: the pages need no 'unsafe-eval'.
 * - The indexes over the tools' modules are written in forms that cost a tool page little (site-indexes.ts).
 * - The pages, sitemap, Markdown twins, llms.txt, the 404 page and `_headers` are written by writePages
 *   (write-pages.ts), the builder the project's own site is written by too.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setHomeToolset, type ToolsetCollection } from '../../../core/toolset/collection';
import type { MockSpec } from '../../../core/runtime/mock';
import { pageDataFiles, toolModule, type HasCode } from '../../../core/toolset/page-data';
import withCode from '../../../core/tools/with-code.json';
import type { JsonSchema, ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { compilableSchema, createAjv } from '../../../core/validation/compile';
import { standaloneValidatorFiles, type StandaloneCache } from '../../../core/validation/standalone';
import { twinDegreesOf } from '../../../core/validation/twin-degree';
import { schemaHash } from '../../../core/validation/validator';
import { parseHostConfig } from '../../../../scripts/static-host';
import { SITE_BASE_PLACEHOLDER, VALIDATOR_RUNTIMES, validatorRuntimeModule } from '../../../../scripts/vite-site-data';
import { RenderError, writeFileIn, writePages, type PagesOptions } from './write-pages';
import { pageToolsetsModule, toolModuleWithValidator, VALIDATOR_LOADERS_MODULE } from './site-indexes';

export interface SiteOptions {
  out: string;
  /** The site's path below its host, starting and ending with "/". */
  base: string;
  /** The site's address, ending with "/", for absolute canonical links; null for links below the base. */
  siteUrl: string | null;
  title: string;
  /** Where the prebuilt shell is: `client/`, `server/` and `netlify.toml`. */
  shell: string;
  /** Mocks (fixed JSON or a sandboxed function) by toolset id and tool name, for Execute of tools that have no implementation. */
  mocks?: Record<string, Record<string, MockSpec>>;
  /** How long one page's render may take (write-pages.ts's RENDER_LIMIT_MS unless given). */
  renderLimitMs?: number;
}

/** What the page reads about the site itself (data/site-meta.js): its name, for the header and the page titles. */
export interface SiteMeta {
  title: string;
}

/** A file the site build leaves in its output, so a later build knows the folder is its own to replace. */
const SITE_MARKER = '.tool-schemas-site';
const TEXT_FILES = new Set(['.html', '.js', '.mjs', '.css', '.json', '.txt', '.xml', '.md']);

/** Every file below a folder, with its path relative to it. */
function filesBelow(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The shell copied into the output, with the site's base in place of the placeholder. */
function copyShell(shell: string, out: string, base: string): void {
  cpSync(join(shell, 'client'), out, { recursive: true });
  for (const file of filesBelow(out)) {
    if (!TEXT_FILES.has(extname(file))) continue;
    const text = readFileSync(file, 'utf8');
    if (text.includes(SITE_BASE_PLACEHOLDER)) writeFileSync(file, text.replaceAll(SITE_BASE_PLACEHOLDER, base));
  }
}

/**
 * Whether the page's runtime runs a tool of the site: with the code it has for the bundled toolsets' tools, or with
 * the tool's mock. Any other tool's page says it has no code here, and its Execute checks the arguments only.
 */
const hasCodeWith =
  (mocks: Record<string, Record<string, MockSpec>>): HasCode =>
  (toolsetId, name) =>
    (withCode as Record<string, string[]>)[toolsetId]?.includes(name) === true ||
    Object.hasOwn(mocks[toolsetId] ?? {}, name);

const jsModule = (value: unknown) => `export default ${JSON.stringify(value)};\n`;

/** A generated validator importing Ajv's helpers from the shell's runtime modules instead of the project's sources. */
export function withShellRuntime(code: string): string {
  return code.replace(/import \* as (\w+) from "([^"]+)";/g, (_whole, name: string, specifier: string) => {
    const runtime = VALIDATOR_RUNTIMES[specifier];
    if (runtime === undefined)
      throw new Error(
        `A generated validator imports ${specifier}, which the prebuilt site has no module for: add it to VALIDATOR_RUNTIMES and build the shell again.`,
      );
    // The validators live in data/validators/, beside data/validator-runtime/.
    return `import * as ${name} from '../${validatorRuntimeModule(runtime).slice('data/'.length)}';`;
  });
}

/** The toolsets as the page imports them, by path below the output folder (all in its data/ folder). */
export function dataFiles(
  collection: ToolsetCollection,
  mocks: Record<string, Record<string, MockSpec>>,
  meta: SiteMeta,
  /** The validators generated by an earlier build of this process (site dev's), by schema: those not changed are kept. */
  validatorCache?: StandaloneCache,
): { files: Map<string, string>; summaries: Record<string, unknown>; degrees: Record<string, number | null> } {
  const files = new Map<string, string>();
  files.set('data/bundle.js', jsModule(collection));
  files.set('data/site-mocks.js', jsModule(mocks));
  files.set('data/site-meta.js', jsModule(meta));
  const page = pageDataFiles(collection, hasCodeWith(mocks));
  const validators = standaloneValidatorFiles(collection.toolsets, validatorCache);
  for (const [file, module] of Object.entries(page.tools))
    files.set(`data/page-tools/${file.replace(/\.json$/, '.js')}`, toolModuleWithValidator(module, validators.index));
  files.set('data/page-summaries.js', jsModule(page.summaries));
  files.set('data/page-toolsets.js', pageToolsetsModule(collection));
  const degrees = twinDegreesOf(collection.toolsets.flatMap((toolset) => toolset.tools));
  files.set('data/warning-twin-degrees.js', jsModule(degrees));
  for (const [file, code] of Object.entries(validators.modules))
    files.set(`data/validators/${file}`, withShellRuntime(code));
  files.set(
    'data/validators.js',
    validators.all.replace(
      "import { collection } from '../core/toolset/bundle';",
      "import collection from './bundle.js';",
    ),
  );
  files.set('data/validator-loaders.js', VALIDATOR_LOADERS_MODULE);
  return { files, summaries: page.summaries, degrees };
}

/**
 * What the server renderer's data modules read (scripts/vite-site-data.ts): the same data, with each schema's
 * validator compiled here (Node has no page policy) rather than imported from the browser's modules.
 */
export function serverData(
  collection: ToolsetCollection,
  summaries: Record<string, unknown>,
  degrees: Record<string, number | null>,
  mocks: Record<string, Record<string, MockSpec>>,
  meta: SiteMeta,
): Record<string, unknown> {
  const ajv = createAjv();
  const compiled = new Map<string, unknown>();
  const validatorFor = (schema: JsonSchema) => {
    const id = String(schema.$id);
    if (!compiled.has(id)) compiled.set(id, ajv.compile(compilableSchema(ajv, schema)));
    return compiled.get(id);
  };
  const loaders: Record<string, unknown> = {};
  for (const tool of collection.toolsets.flatMap((toolset) => toolset.tools)) {
    const id = tool.inputSchema.$id;
    if (typeof id === 'string')
      loaders[id] = { hash: schemaHash(JSON.stringify(tool.inputSchema)), load: () => Promise.resolve(validatorFor) };
  }
  const hasCode = hasCodeWith(mocks);
  const pageToolsets = collection.toolsets.map((toolset) => ({
    manifest: toolset.manifest,
    tools: Object.fromEntries(
      toolset.tools.map((tool) => [tool.name, () => Promise.resolve(toolModule(toolset, tool, hasCode))]),
    ),
  }));
  return {
    'bundle.json': collection,
    'page-summaries.json': summaries,
    'page-toolsets.js': pageToolsets,
    'validator-loaders.js': loaders,
    'validators.js': {},
    'warning-twin-degrees.json': degrees,
    'site-mocks.json': mocks,
    'site-meta.json': meta,
  };
}

/** The output folder must be new, empty, or a site this command wrote (it is replaced): any other folder is refused. */
function checkOutput(out: string): void {
  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, SITE_MARKER)))
    throw new Error(`--out ${out} is a folder with files that no site build wrote: give an empty or new folder.`);
}

/**
 * Each tool's schema with an `$id`, which the page's validators are keyed by (the bundled tools have theirs):
 * `urn:tool-schemas:<toolset>:<tool>:<version>` for a schema that has none.
 */
export function withSchemaIds(toolset: ToolsetBundle): ToolsetBundle {
  const withId = (tool: ToolDefinition): ToolDefinition =>
    typeof tool.inputSchema.$id === 'string'
      ? tool
      : {
          ...tool,
          inputSchema: {
            $id: `urn:tool-schemas:${toolset.manifest.id}:${tool.name}:${tool.version}`,
            ...tool.inputSchema,
          },
        };
  return {
    ...toolset,
    tools: toolset.tools.map(withId),
    ...(toolset.history ? { history: toolset.history.map(withId) } : {}),
  };
}

/** The output folder made anew from the shell, with the site's base in place. */
export function prepareOutput(options: SiteOptions): void {
  checkOutput(options.out);
  rmSync(options.out, { recursive: true, force: true });
  mkdirSync(options.out, { recursive: true });
  copyShell(options.shell, options.out, options.base);
  writeFileSync(join(options.out, SITE_MARKER), '');
}

/** The shell's server renderer: a page's HTML, and the home toolset read again from its data (site dev's). */
export interface Renderer {
  renderPage: PagesOptions['renderPage'];
  readHomeToolset(): void;
}

/**
 * The shell's server renderer, reading `data` (serverData's). It reads its data once, when it is imported: a process
 * has one renderer, and one site's data, which site dev updates in place (live-site.ts).
 */
export async function loadRenderer(shell: string, data: Record<string, unknown>): Promise<Renderer> {
  const holder = globalThis as { __toolSiteData?: unknown };
  if (holder.__toolSiteData !== undefined)
    throw new Error('a process writes one site: run site build again for another.');
  holder.__toolSiteData = data;
  process.env.NODE_ENV = 'production';
  let renderer: Renderer;
  try {
    renderer = (await import(pathToFileURL(join(shell, 'server', 'ssr.js')).href)) as Renderer;
  } catch (error) {
    throw new RenderError(
      `the prebuilt site's renderer (server/ssr.js) could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const { renderPage, readHomeToolset } = renderer;
  if (typeof renderPage !== 'function' || typeof readHomeToolset !== 'function')
    throw new RenderError("the prebuilt site's renderer (server/ssr.js) exports no renderPage or readHomeToolset");
  return { renderPage, readHomeToolset };
}

/** What the page writer (write-pages.ts) is given for a site around the shell: both site build and site dev use it. */
export function shellPagesOptions(options: SiteOptions, renderPage: PagesOptions['renderPage']): PagesOptions {
  return {
    out: options.out,
    base: options.base,
    siteUrl: options.siteUrl,
    title: options.title,
    hostConfig: parseHostConfig(readFileSync(join(options.shell, 'netlify.toml'), 'utf8')),
    renderPage,
    ...(options.renderLimitMs !== undefined ? { renderLimitMs: options.renderLimitMs } : {}),
    // The renderer was built with the shell's placeholder base too.
    basePlaceholder: SITE_BASE_PLACEHOLDER,
  };
}

/** Writes the site; returns the number of pages. */
export async function writeSite(given: ToolsetBundle[], options: SiteOptions): Promise<number> {
  const toolsets = given.map(withSchemaIds);
  const collection: ToolsetCollection = { toolsets };
  const mocks = options.mocks ?? {};
  // The data below is written with the site's addresses: its home toolset is its first (or the default one).
  setHomeToolset(toolsets.map((toolset) => toolset.manifest.id));
  checkOutput(options.out);
  // The renderer reads its data once, when it is imported: a second site in this process would show the first one's.
  if ((globalThis as { __toolSiteData?: unknown }).__toolSiteData !== undefined)
    throw new Error('a process writes one site: run site build again for another.');
  prepareOutput(options);
  const meta: SiteMeta = { title: options.title };
  const { files, summaries, degrees } = dataFiles(collection, mocks, meta);
  for (const [path, text] of files) writeFileIn(options.out, path, text);
  const { renderPage } = await loadRenderer(options.shell, serverData(collection, summaries, degrees, mocks, meta));
  const pages = await writePages(toolsets, shellPagesOptions(options, renderPage));
  return pages.length;
}
