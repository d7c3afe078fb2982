// The page's promised figures, measured on the built site in headless Chromium:
// catalog first render and its JS (gzip), the tool page's JS without the editor (gzip), first contentful paint of a
// prerendered tool page (and of the catalog), editor ready time, keystroke-to-feedback latency.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { createStaticHost, listen, loadHostConfig } from './static-host';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
// BENCH_DIST measures another build folder (e.g. one built with `vite build --outDir`).
const dist = resolve(root, process.env.BENCH_DIST ?? 'dist');

/** The built site on a free port, served as deployed: netlify.toml's headers (its strict policy included). */
async function serve(directory: string): Promise<{ server: Server; url: string }> {
  const server = createStaticHost(directory, loadHostConfig(root));
  return { server, url: await listen(server, 0) };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number) => Math.round(value * 100) / 100;

/** Records, in page time since navigation start, when a selector first appears. */
export async function markWhenVisible(page: Page, selector: string, mark: string): Promise<void> {
  // A string, not a function: tsx's name-keeping helpers do not exist inside the page.
  await page.addInitScript(`(() => {
    const selector = ${JSON.stringify(selector)};
    const mark = ${JSON.stringify(mark)};
    const check = () => {
      if (window[mark] === undefined && document.querySelector(selector)) window[mark] = performance.now();
      return window[mark] !== undefined;
    };
    const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  })();`);
}

/**
 * First contentful paint of cold loads of each address (a fresh context each, so nothing is cached), in ms. The
 * addresses take turns, run after run, so a burst of load on a shared machine falls on all of them alike and their
 * ratio holds even when the absolute times do not. The page reports its paint itself (a console message from an
 * observer set up before it loads): the bench does nothing in the page until then. Waiting for the load event and
 * evaluating in the page came before a late paint, on the same thread, and it was measured with it.
 */
async function firstContentfulPaints(browser: Browser, addresses: string[], runs = 15): Promise<number[][]> {
  const paints: number[][] = addresses.map(() => []);
  for (let run = 0; run < runs; run += 1) {
    for (const [index, address] of addresses.entries()) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // A string, not a function: tsx's name-keeping helpers do not exist inside the page.
      await page.addInitScript(`new PerformanceObserver((list) => {
        for (const entry of list.getEntriesByName('first-contentful-paint')) console.debug('first-contentful-paint ' + entry.startTime);
      }).observe({ type: 'paint', buffered: true });`);
      const reported = page.waitForEvent('console', {
        predicate: (message) => message.text().startsWith('first-contentful-paint '),
        timeout: 30_000,
      });
      await page.goto(address, { waitUntil: 'commit' });
      paints[index]!.push(Number((await reported).text().split(' ')[1]));
      await context.close();
    }
  }
  return paints;
}

/**
 * The prerendered tool page's first contentful paint against its references, loaded in turn with it: the same page
 * without its scripts (its own HTML and critical CSS, the two `<script>` elements cut out: what the scripts add to
 * the first paint, aim ≤ 1.5×), and the floor on this machine, a page of one heading and one line from a server of the
 * same kind (what the page's size adds, shown beside it). `extra` addresses take their turns too (the catalog, for
 * reference).
 */
export async function toolPagePaintAgainstFloor(
  browser: Browser,
  url: string,
  extra: string[] = [],
  runs = 15,
): Promise<{
  tool: number[];
  withoutScripts: number[];
  floor: number[];
  ratio: number;
  floorRatio: number;
  extra: number[][];
}> {
  const blankDirectory = mkdtempSync(join(tmpdir(), 'fcp-floor-'));
  writeFileSync(
    join(blankDirectory, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>read_file</title></head><body><h1>read_file</h1><p>Read the contents of a file.</p></body></html>',
  );
  // The twin is written beside the page it copies, so every address it names resolves as the page's do.
  const page = join(dist, 'tools', 'read_file', 'index.html');
  const twin = join(dist, 'tools', 'read_file', 'without-scripts.html');
  const html = readFileSync(page, 'utf8');
  const scriptless = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  if (scriptless === html || /<script\b/i.test(scriptless)) throw new Error("The tool page's scripts were not found.");
  writeFileSync(twin, scriptless);
  const blank = await serve(blankDirectory);
  const [tool, withoutScripts, floor, ...others] = await firstContentfulPaints(
    browser,
    [`${url}tools/read_file/`, `${url}tools/read_file/without-scripts.html`, blank.url, ...extra],
    runs,
  ).finally(() => {
    blank.server.close();
    rmSync(blankDirectory, { recursive: true, force: true });
    rmSync(twin, { force: true });
  });
  return {
    tool: tool!,
    withoutScripts: withoutScripts!,
    floor: floor!,
    ratio: median(tool!) / median(withoutScripts!),
    floorRatio: median(tool!) / median(floor!),
    extra: others,
  };
}

/** The tool page's editor, ready for typing. */
export const EDITOR_READY = '.json-editor[data-status="ready"] .monaco-editor .view-lines';

/**
 * The scripts below `url` a page asked for before its editor was ready (marked `__editorReady` by markWhenVisible),
 * by the page's own clock: what arrived before the bench closed the page depended on the machine's load
 * (highlighting, started a second after, came in or not).
 */
export async function scriptsBeforeEditorReady(page: Page, url: string): Promise<Set<string>> {
  const requested = await page.evaluate(() => {
    const ready = (window as unknown as Record<string, number>).__editorReady!;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= ready && new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.name);
  });
  return new Set(requested.filter((address) => address.startsWith(url)).map((address) => new URL(address).pathname));
}

/** A tool page's own code: its scripts without the editor's lazy chunks and without workers, which load beside the page. */
export const withoutEditor = (pathnames: Iterable<string>): string[] =>
  [...pathnames].filter((pathname) => !/loadMonaco|jsonMode|\.worker-|^\/workers\//.test(pathname));

/** Each file's size as built and gzipped at level 9, by its path below the site's folder. */
export const gzipSizes = (directory: string, pathnames: Iterable<string>) =>
  [...pathnames].map((pathname) => {
    const content = readFileSync(join(directory, pathname.replace(/^\//, '')));
    return {
      file: pathname.replace(/^\//, ''),
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    };
  });

/** Headless Chromium as the browser tests start it (./chromium.ts), with `extraArgs` beside its own. */
export const launchChromium = (extraArgs: readonly string[] = []): Promise<Browser> =>
  chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });

let built = false;

/**
 * The site as the code is now: built once per run (a build left from earlier code was measured silently before),
 * unless BENCH_DIST names a build to measure as it is.
 */
function ensureBuilt(): void {
  if (built || (process.env.BENCH_DIST !== undefined && existsSync(join(dist, 'index.html')))) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error('The site did not build, so it cannot be measured.');
  built = true;
}

/** The built site served locally (for the other page benchmarks too). */
export async function serveDist(): Promise<{ server: Server; url: string }> {
  ensureBuilt();
  return serve(dist);
}

export async function benchPage(): Promise<object> {
  ensureBuilt();
  const { server, url } = await serve(dist);
  const browser = await launchChromium();
  try {
    // 1. Catalog: navigation start → first tool card rendered; and the scripts it loaded.
    const catalogRuns: number[] = [];
    let scriptFiles = new Set<string>();
    for (let run = 0; run < 5; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script' && response.url().startsWith(url))
          scripts.add(new URL(response.url()).pathname);
      });
      await markWhenVisible(page, '.tool-card', '__catalogVisible');
      await page.goto(`${url}`, { waitUntil: 'load' });
      await page.waitForFunction(() => (window as unknown as Record<string, number>).__catalogVisible !== undefined);
      await page.waitForLoadState('networkidle');
      catalogRuns.push(await page.evaluate(() => (window as unknown as Record<string, number>).__catalogVisible!));
      scriptFiles = scripts;
      await context.close();
    }
    const sizesOf = (files: Iterable<string>) => gzipSizes(dist, files);
    const scriptSizes = sizesOf(scriptFiles);
    const gzipBeforeEditor = scriptSizes.reduce((sum, entry) => sum + entry.gzipBytes, 0);

    // 2. Editor ready on a tool page (cold load of the page, Monaco and its workers).
    const editorRuns: number[] = [];
    // Each run's scripts: the runtime's client is asked for once the editor is drawn ready, and the mark is set when
    // the editor shows, a frame that may come after that request on a busy machine (measured: one run in about
    // eleven counted its code, about 10 KB); the run of median weight is the figure.
    const toolPageRuns: Set<string>[] = [];
    for (let run = 0; run < 5; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await markWhenVisible(page, EDITOR_READY, '__editorReady');
      await page.goto(`${url}tools/read_file/`, { waitUntil: 'load' });
      await page.waitForFunction(
        () => (window as unknown as Record<string, number>).__editorReady !== undefined,
        undefined,
        { timeout: 30_000 },
      );
      editorRuns.push(await page.evaluate(() => (window as unknown as Record<string, number>).__editorReady!));
      toolPageRuns.push(await scriptsBeforeEditorReady(page, url));
      await context.close();
    }

    // 3. Keystroke → validation panel updated, measured inside the page (keydown to DOM change).
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}tools/read_file/`);
    await page.waitForSelector(EDITOR_READY, { timeout: 30_000 });
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{"path": "a.txt", "start_line": 1}');
    await page.waitForSelector('[data-testid="validation-valid"]');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.evaluate(() => {
      const state = window as unknown as { __latencies: number[]; __keyAt: number };
      state.__latencies = [];
      state.__keyAt = 0;
      document.addEventListener('keydown', () => (state.__keyAt = performance.now()), true);
      const panel = document.querySelector('[data-testid="validation-panel"]')!;
      new MutationObserver(() => {
        if (state.__keyAt) {
          state.__latencies.push(performance.now() - state.__keyAt);
          state.__keyAt = 0;
        }
      }).observe(panel, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    // Alternate a character that breaks the JSON and the Backspace that mends it, so every keystroke changes the verdict.
    for (let index = 0; index < 10; index += 1) {
      await page.keyboard.type('x');
      await page.waitForSelector('[data-testid="parse-error"]');
      await page.keyboard.press('Backspace');
      await page.waitForSelector('[data-testid="validation-valid"]');
    }
    const latencies = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
    await context.close();

    // The tool page's own code (docs, form, validator, highlighting), without the editor's lazy chunks and without
    // workers, which load beside the page rather than before it renders.
    const weighed = toolPageRuns
      .map((scripts) => sizesOf(withoutEditor(scripts)))
      .map((sizes) => ({ sizes, gzip: sizes.reduce((sum, entry) => sum + entry.gzipBytes, 0) }))
      .sort((left, right) => left.gzip - right.gzip);
    const { sizes: toolPageSizes, gzip: toolPageGzip } = weighed[Math.floor(weighed.length / 2)]!;
    // 4. First contentful paint of a prerendered tool page (static HTML written by the build), cold, and of the
    // catalog for reference.
    const paints = await toolPagePaintAgainstFloor(browser, url, [url]);
    const [prerenderedFcp, blankFcp, catalogFcp] = [paints.tool, paints.floor, paints.extra[0]];

    const catalogMs = median(catalogRuns);
    const feedbackMs = median(latencies);
    const feedbackMax = Math.max(...latencies);
    const editorMs = median(editorRuns);
    const fcpRatio = paints.ratio;
    return {
      catalogFirstRenderMs: { median: round(catalogMs), runs: catalogRuns.map(round), aim: 300, met: catalogMs <= 300 },
      // The catalog's JavaScript before its first render (aim: at most 100 KB gzip).
      jsBeforeEditorGzipBytes: {
        total: gzipBeforeEditor,
        files: scriptSizes,
        aim: 100 * 1024,
        met: gzipBeforeEditor <= 100 * 1024,
      },
      toolPageJsWithoutEditorGzipBytes: {
        total: toolPageGzip,
        files: toolPageSizes.map(({ file, gzipBytes }) => ({ file, gzipBytes })),
        aim: 200 * 1024,
        met: toolPageGzip <= 200 * 1024,
        note: 'Every script a tool page asks for before its editor is ready (docs, form, validator, execution) except Monaco and workers.',
      },
      prerenderedToolPageFcpMs: {
        median: round(median(prerenderedFcp!)),
        runs: prerenderedFcp!.map(round),
        aim: 150,
        met: median(prerenderedFcp!) <= 150,
      },
      catalogFcpMs: {
        median: round(median(catalogFcp!)),
        runs: catalogFcp!.map(round),
        note: 'The catalog at /, for reference (no aim).',
      },
      toolPageWithoutScriptsFcpMs: {
        median: round(median(paints.withoutScripts)),
        runs: paints.withoutScripts.map(round),
        prerenderedToolPageRatio: round(fcpRatio),
        // The tool page paints within 1.5× the same page without its scripts.
        aim: 1.5,
        met: fcpRatio <= 1.5,
        note: 'The same prerendered page with its two script elements cut out, loaded in turn with it: what the scripts add to the first paint.',
      },
      blankPageFcpMs: {
        median: round(median(blankFcp!)),
        runs: blankFcp!.map(round),
        prerenderedToolPageRatio: round(paints.floorRatio),
        note: 'A page of one heading from the same server, loaded in turn with the tool page: what any page costs on this machine, for reference (no aim).',
      },
      // The editor ready within 1.2 s of navigation.
      editorReadyMs: { median: round(editorMs), runs: editorRuns.map(round), aim: 1200, met: editorMs <= 1200 },
      // Keystroke to verdict: at most 16 ms median and 33 ms at worst (two frames).
      keystrokeFeedbackMs: {
        median: round(feedbackMs),
        max: round(feedbackMax),
        samples: latencies.length,
        aim: 16,
        maxAim: 33,
        met: feedbackMs <= 16 && feedbackMax <= 33,
      },
    };
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchPage(), null, 2));
}
