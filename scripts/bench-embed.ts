// The embed's promised sizes, on the built site in headless Chromium: embed.js (gzip) and the JavaScript an
// embedded form view loads before its form shows (gzip, workers aside), each next to its aim; and the first
// contentful paint of a prerendered docs page.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { toolPagePaintAgainstFloor, launchChromium } from './bench-page';
import { createStaticHost, listen, loadHostConfig } from './static-host';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = resolve(root, process.env.BENCH_DIST ?? 'dist');
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 10) / 10;

export async function benchEmbed(): Promise<object> {
  if (!existsSync(join(dist, 'embed.js')))
    throw new Error(`No embed.js in ${dist}: build the site first (npm run build).`);
  const embedScript = gzipSize(join(dist, 'embed.js'));
  const server = createStaticHost(dist, loadHostConfig(root));
  const url = await listen(server, 0);
  const browser = await launchChromium();
  try {
    const views: Record<string, object> = {};
    for (const [view, selector] of [
      ['form', '[data-testid="arguments-form"] .arguments-form'],
      ['docs', '[data-testid="parameter-table"]'],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script' && response.url().startsWith(url))
          scripts.add(new URL(response.url()).pathname);
      });
      await page.goto(`${url}embed.html?tool=read_file&view=${view}`);
      await page.waitForSelector(selector, { timeout: 30_000 });
      const files = [...scripts]
        .filter((pathname) => !/\.worker-|^\/workers\//.test(pathname))
        .map((pathname) => ({ file: pathname.slice(1), gzipBytes: gzipSize(join(dist, pathname.slice(1))) }));
      const total = files.reduce((sum, entry) => sum + entry.gzipBytes, 0);
      views[view] = { total, files, ...(view === 'form' ? { aim: 150 * 1024, met: total <= 150 * 1024 } : {}) };
      await context.close();
    }
    // First contentful paint of a prerendered docs page (static HTML, its critical CSS, no script yet), measured as
    // bench-page does: with the same page without its scripts and the one-heading page in turn, so the ratios hold on
    // a busy machine where times do not.
    const paints = await toolPagePaintAgainstFloor(browser, url, [], 7);
    const fcp = median(paints.tool);
    return {
      // The aim is a time (150 ms); the ratio against the same page without its scripts is beside it (an absolute time
      // hides a regression on a quick machine), and the one-heading page for reference.
      prerenderedToolPageFcpMs: {
        median: round(fcp),
        runs: paints.tool.map(round),
        aim: 150,
        met: fcp <= 150,
        withoutScriptsMs: round(median(paints.withoutScripts)),
        ratio: round(paints.ratio),
        oneHeadingPageMs: round(median(paints.floor)),
        oneHeadingRatio: round(paints.floorRatio),
        ratioAim: 1.5,
        ratioMet: paints.ratio <= 1.5,
      },
      embedScriptGzipBytes: { total: embedScript, aim: 5 * 1024, met: embedScript <= 5 * 1024 },
      embeddedFormViewJsGzipBytes: views.form,
      embeddedDocsViewJsGzipBytes: views.docs,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchEmbed(), null, 2));
}
