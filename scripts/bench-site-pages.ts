// A site written by `site build`, in Chromium, served as a static host serves it (netlify.toml's headers, compressed
// bodies): one tool page's weight (its HTML and the JavaScript it asks for before its editor is ready, counted as the
// page bench counts it) and the search dialog from the click on "Search tools" to the first result for a typed
// name. Each figure is taken on the large site and on the bundled site in the same run, pages loaded in turn.
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import {
  EDITOR_READY,
  gzipSizes,
  launchChromium,
  markWhenVisible,
  median,
  scriptsBeforeEditorReady,
  withoutEditor,
} from './bench-page';
import { createStaticHost, listen, type HostConfig } from './static-host';

/** A built site to measure: its folder, the tool page weighed and searched for, and the query typed. */
export interface SiteUnderTest {
  directory: string;
  tool: string;
  query: string;
}

const TOOL_PAGE_JS_BUDGET = 200 * 1024;
const SEARCH_AIM_MS = 100;
const SEARCH_RUNS = 7;

/**
 * Clicks "Search tools", types the query into the dialog's box the moment it is there (as a quick typist would), and
 * resolves with the milliseconds from the click to the dialog listing the expected tool first, by the page's clock.
 * A string, not a function: tsx's name-keeping helpers do not exist inside the page.
 */
const timedSearch = (query: string, expected: string) => `new Promise((resolve, reject) => {
  const query = ${JSON.stringify(query)};
  const expected = ${JSON.stringify(expected)};
  const button = document.querySelector('header button[aria-label="Search tools"]');
  if (!button) return reject(new Error('The page has no "Search tools" button.'));
  let typed = false;
  let observer;
  let started = 0;
  const check = () => {
    const input = document.querySelector('dialog[open] input.search-dialog-input');
    if (input && !typed) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      typed = true;
    }
    const first = document.querySelector('dialog[open] .search-dialog-result .tool-name');
    if (typed && input && input.value === query && first && first.textContent === expected) {
      observer.disconnect();
      resolve(performance.now() - started);
    }
  };
  observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  started = performance.now();
  button.click();
  check();
  setTimeout(() => { observer.disconnect(); reject(new Error('No first result ' + expected + ' within 20 s.')); }, 20000);
})`;

/** A tool page loaded cold in a context of its own, its editor ready. */
async function openToolPage(
  browser: Browser,
  url: string,
  tool: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await markWhenVisible(page, EDITOR_READY, '__editorReady');
  await page.goto(`${url}tools/${tool}/`, { waitUntil: 'load' });
  await page.waitForSelector(EDITOR_READY, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  return { page, close: () => context.close() };
}

/** The tool page's HTML and its JavaScript before the editor is ready (gzip, level 9), and the site's data among it. */
async function weigh(browser: Browser, url: string, site: SiteUnderTest) {
  const { page, close } = await openToolPage(browser, url, site.tool);
  try {
    const scripts = gzipSizes(site.directory, withoutEditor(await scriptsBeforeEditorReady(page, url)));
    const html = readFileSync(join(site.directory, 'tools', site.tool, 'index.html'));
    // What else the page fetched before its editor was ready, besides scripts and styles (JSON, frames, images).
    const otherFetches = await page.evaluate((base) => {
      const ready = (window as unknown as Record<string, number>).__editorReady!;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= ready && entry.name.startsWith(base))
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => !/\.(js|css)$/.test(pathname));
    }, url);
    const sum = (files: { gzipBytes: number }[]) => files.reduce((total, file) => total + file.gzipBytes, 0);
    return {
      htmlBytes: html.length,
      htmlGzipBytes: gzipSync(html, { level: 9 }).length,
      jsGzipBytes: sum(scripts),
      siteDataJsGzipBytes: sum(scripts.filter((file) => file.file.startsWith('data/'))),
      siteDataFiles: scripts.filter((file) => file.file.startsWith('data/')),
      otherFetches,
    };
  } finally {
    await close();
  }
}

/** Loads weighed, each cold: the editor's mark can come a frame after the runtime's client is asked for (bench-page.ts). */
const WEIGH_RUNS = 3;

/** The load of median script weight among WEIGH_RUNS. */
async function weighMedian(browser: Browser, url: string, site: SiteUnderTest) {
  const runs = [];
  for (let run = 0; run < WEIGH_RUNS; run += 1) runs.push(await weigh(browser, url, site));
  runs.sort((left, right) => left.jsGzipBytes - right.jsGzipBytes);
  return runs[Math.floor(runs.length / 2)]!;
}

/** The first hit for the query, typed by Playwright: the verdict the timed runs rely on. */
async function firstHit(browser: Browser, url: string, site: SiteUnderTest): Promise<string | null> {
  const { page, close } = await openToolPage(browser, url, site.tool);
  try {
    await page.getByRole('button', { name: 'Search tools' }).click();
    await page.getByRole('combobox', { name: 'Search tools' }).fill(site.query);
    const first = page.locator('dialog[open] .search-dialog-result .tool-name').first();
    await first.waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      (query) => document.querySelector<HTMLInputElement>('dialog[open] input')?.value === query,
      site.query,
    );
    return await first.textContent();
  } finally {
    await close();
  }
}

const ratio = (value: number, reference: number) => Number((value / reference).toFixed(2));

/** The large site's tool page and search against the bundled site's, each site served on a port of its own. */
export async function measureSitePages(
  large: SiteUnderTest,
  bundled: SiteUnderTest,
  hostConfig: HostConfig,
): Promise<object> {
  const servers: Server[] = [];
  const serve = async (directory: string) => {
    const server = createStaticHost(directory, hostConfig);
    servers.push(server);
    return listen(server, 0);
  };
  const [largeUrl, bundledUrl] = [await serve(large.directory), await serve(bundled.directory)];
  const browser = await launchChromium();
  try {
    const [largeWeight, bundledWeight] = [
      await weighMedian(browser, largeUrl, large),
      await weighMedian(browser, bundledUrl, bundled),
    ];
    const verdicts = {
      large: { query: large.query, expected: large.tool, firstHit: await firstHit(browser, largeUrl, large) },
      bundled: { query: bundled.query, expected: bundled.tool, firstHit: await firstHit(browser, bundledUrl, bundled) },
    };
    if (verdicts.large.firstHit !== large.tool || verdicts.bundled.firstHit !== bundled.tool)
      throw new Error(`Search does not list the tool typed first, so it is not timed: ${JSON.stringify(verdicts)}`);
    // Cold each time (a context of its own: the dialog's code and the tools' summaries fetched anew), the two sites
    // in turn, so a burst of load on a shared machine falls on both alike.
    const searchRuns = { large: [] as number[], bundled: [] as number[] };
    for (let run = 0; run < SEARCH_RUNS; run += 1) {
      for (const [key, url, site] of [
        ['large', largeUrl, large],
        ['bundled', bundledUrl, bundled],
      ] as const) {
        const { page, close } = await openToolPage(browser, url, site.tool);
        try {
          searchRuns[key].push(Math.round((await page.evaluate<number>(timedSearch(site.query, site.tool))) * 10) / 10);
        } finally {
          await close();
        }
      }
    }
    const [largeSearch, bundledSearch] = [median(searchRuns.large), median(searchRuns.bundled)];
    return {
      toolPage: {
        large: { tool: large.tool, ...largeWeight },
        bundled: { tool: bundled.tool, ...bundledWeight },
        ratio: {
          js: ratio(largeWeight.jsGzipBytes, bundledWeight.jsGzipBytes),
          html: ratio(largeWeight.htmlGzipBytes, bundledWeight.htmlGzipBytes),
        },
        budget: { jsGzipBytes: TOOL_PAGE_JS_BUDGET },
        met: largeWeight.jsGzipBytes <= TOOL_PAGE_JS_BUDGET,
        note: 'JavaScript a tool page asks for before its editor is ready, without the editor and workers (the page bench counts it so), gzip level 9; the HTML is the prerendered page.',
      },
      searchMs: {
        large: { median: largeSearch, runs: searchRuns.large },
        bundled: { median: bundledSearch, runs: searchRuns.bundled },
        ratio: ratio(largeSearch, bundledSearch),
        verdicts,
        aim: SEARCH_AIM_MS,
        met: largeSearch <= SEARCH_AIM_MS,
        note: 'From the click on "Search tools" on a tool page just loaded to the dialog listing the typed tool first, the query typed as soon as the box is there; median of cold runs.',
      },
    };
  } finally {
    await browser.close();
    for (const server of servers) server.close();
  }
}
