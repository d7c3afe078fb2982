// `npm run bench -- hostile`: hostile probes against the built site, served with its real headers, in headless
// Chromium. Per probe: its outcome checked first (the refusal shown, the page answering), then the longest main-thread
// stall (PerformanceObserver longtask entries, 50 ms and up), the peak JS heap of the page's thread above its own (CDP
// Performance.getMetrics, JSHeapUsedSize sampled every 100 ms, less the same page loaded without the probe) and the
// peak memory of the renderer above its own (the resident set of the browser's renderer processes, read from /proc
// every 100 ms: the page's workers live there too, and CDP's heap figures leave them out), beside the aims: no stall
// over 200 ms, no more than 300 MB above the page's own.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './bench-page';
import { bytesToBase64Url } from '../src/app/lib/shareLinkFormat';
import { startProviderEmulator, type ProviderEmulator } from '../src/core/model/emulator/server.node.js';
import { deepText } from '../src/core/json/text-limits.test-support';
import { createStaticHost, listen, loadHostConfig } from './static-host';

const STALL_AIM_MS = 200;
const MEMORY_AIM_MB = 300;
const MEGABYTE = 1024 * 1024;
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = resolve(root, process.env.BENCH_DIST ?? 'dist');

// A string, not a function: tsx's name-keeping helpers do not exist inside the page.
const LONGTASKS = `(() => {
  window.__longest = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
})();`;

interface Context {
  base: string;
  emulator: ProviderEmulator;
  /** A folder for the probes' files: a file chosen from disk reaches the page as a user's would, not through page script. */
  files: string;
}

const writeProbeFile = (context: Context, name: string, content: Buffer | string): string => {
  const path = join(context.files, name);
  writeFileSync(path, content);
  return path;
};

interface Probe {
  name: string;
  /** What the probe needs made first (a clipboard filled, a file written), outside the figures. */
  prepare?(page: Page, context: Context): Promise<void>;
  /** The page the probe starts on; its JS heap there, before the probe, is the page's own. */
  path: string;
  /** Does the hostile thing and waits for its outcome; returns what the page said. Throws when the outcome is wrong. */
  run(page: Page, context: Context): Promise<string>;
}

const appReady = (page: Page) =>
  page.waitForFunction(
    () => (window as unknown as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null,
    undefined,
    { timeout: 60_000 },
  );

async function pasteInto(page: Page, selector: string, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.locator(selector).first().focus();
  await page.keyboard.press('ControlOrMeta+V');
}

const textOf = async (page: Page, selector: string, pattern: RegExp, timeout = 90_000): Promise<string> => {
  const element = page.locator(selector).filter({ hasText: pattern }).first();
  // Attached, not visible: a finding folded in its group is said all the same.
  await element.waitFor({ state: 'attached', timeout });
  return ((await element.textContent()) ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
};

async function startRun(page: Page, context: Context, message: string): Promise<void> {
  await page.getByLabel('Provider').selectOption('openai-chat');
  await page.getByLabel('Base URL').fill(`${context.emulator.url}/v1`);
  await page.getByLabel('Model', { exact: true }).fill('emulated-large');
  await page.getByLabel(/^API key/).fill('bench-key-0000');
  await page.getByLabel('User message').fill(message);
  await page.getByRole('button', { name: 'Send to the model' }).click();
}

/** An MCP tools/list of one tool whose schema is nested `depth` levels. */
const deepSchemaPaste = (depth: number) =>
  `{"tools":[{"name":"deep","description":"Never ends.","inputSchema":{"type":"object","properties":{"a":${deepText(depth)}}}}]}`;

/** The longest task of the browser's own reading of the 100 MB paste, measured in that probe's preparation. */
let bareClipboardRead = -1;

const PROBES: Probe[] = [
  {
    name: 'share link inflating past the cap (#args, 64 MB unpacked)',
    path: 'tools/read_file/',
    async run(page, context) {
      const bomb = `z${bytesToBase64Url(deflateSync(new Uint8Array(64 * MEGABYTE).fill(32), { level: 9 }))}`;
      // The same page loaded without the link first: its own longest task, beside the link's.
      await page.goto('about:blank');
      await page.goto(`${context.base}tools/read_file/`);
      await appReady(page);
      const plain = Math.round((await page.evaluate('window.__longest')) as number);
      await page.goto('about:blank');
      await page.goto(`${context.base}tools/read_file/#args=${bomb}`);
      return `${await textOf(page, '[role="status"]', /The shared link is too large/)} (the page loaded without the link: longest task ${plain} ms)`;
    },
  },
  {
    name: 'schema nested 100,000 deep pasted on the import page',
    path: 'import/',
    async run(page) {
      await pasteInto(page, 'textarea.import-text', deepSchemaPaste(100_000));
      const verdict = await textOf(page, '.import-verdict-text', /found/);
      const why = await textOf(page, 'td, li, p', /nested more than [\d,]+ levels deep/);
      return `${verdict} — ${why}`;
    },
  },
  {
    name: '100 MB paste on the import page',
    path: 'import/',
    async prepare(page) {
      await page.evaluate((size) => navigator.clipboard.writeText('x'.repeat(size)), 100 * MEGABYTE);
      // The browser's own part, outside the figures: the same paste read by a bare listener ahead of the page's
      // (clipboardData.getData), the page's handler skipped. Chromium reads the whole text on the page's thread
      // whichever way a page asks for it (getData, items[].getAsString, navigator.clipboard.read).
      await page.locator('textarea.import-text').focus();
      await page.evaluate(`document.addEventListener('paste', (event) => {
        window.__read = event.clipboardData.getData('text/plain').length;
        event.stopImmediatePropagation();
        event.preventDefault();
      }, { capture: true, once: true }); window.__longest = 0;`);
      await page.keyboard.press('ControlOrMeta+V');
      await page.waitForFunction('window.__read > 0', undefined, { timeout: 60_000 });
      await page.waitForTimeout(500);
      bareClipboardRead = Math.round((await page.evaluate('window.__longest')) as number);
      await page.evaluate('window.__read = 0');
    },
    async run(page) {
      await page.locator('textarea.import-text').focus();
      await page.keyboard.press('ControlOrMeta+V');
      const said = await textOf(page, '[role="alert"]', /imports are limited to/);
      return `${said} (the browser reading the same paste for a bare listener: longest task ${bareClipboardRead} ms)`;
    },
  },
  {
    name: '5 MB binary file on the import page',
    path: 'import/',
    async run(page, context) {
      const bytes = Buffer.alloc(5 * MEGABYTE);
      for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 7919) % 256;
      await page.getByLabel('Definitions file').setInputFiles(writeProbeFile(context, 'archive.json', bytes));
      return textOf(page, '[role="alert"]', /is binary/);
    },
  },
  {
    name: '50 MB one-line log in Check calls',
    path: 'check/',
    async run(page, context) {
      const line = `{"tool": "write_file", "arguments": {"path": "big.txt", "content": "${'x'.repeat(50 * MEGABYTE)}"}}`;
      await page.getByLabel('Transcript file').setInputFiles(writeProbeFile(context, 'one-line.jsonl', line));
      return textOf(page, '[data-testid="summary-calls"]', /1/, 120_000);
    },
  },
  {
    name: '100 MB log of short calls in Check calls',
    path: 'check/',
    async run(page, context) {
      // 2.16 million calls of about 48 bytes, just under the page's 100 MB: a fifth invalid, a fifth an unknown tool.
      const lines = [
        '{"tool":"read_file","arguments":{"path":"a.ts"}}',
        '{"tool":"read_file","arguments":{"path":"b.ts"}}',
        '{"tool":"read_file","arguments":{"pth":"c.ts"}}',
        '{"tool":"read_file","arguments":{"path":"d.ts"}}',
        '{"tool":"read_fil","arguments":{"path":"e.ts"}}',
      ];
      const block = lines.join('\n') + '\n';
      const content = block.repeat(Math.floor((100 * MEGABYTE) / block.length));
      await page.getByLabel('Transcript file').setInputFiles(writeProbeFile(context, 'short-calls.jsonl', content));
      const said = await textOf(page, '[data-testid="summary-calls"]', /\d/, 300_000);
      await page.getByRole('table', { name: 'Checked calls' }).getByRole('row').nth(1).waitFor({ timeout: 60_000 });
      // The table's answers on the calls past the first 20,000, which the worker reads again from the file: the
      // time from a scroll to the end, and from choosing a status, to the rows drawn (Playwright's round trips in it).
      const total = Number(said.replace(/\D/g, ''));
      const scroller = page.getByTestId('calls-scroll');
      await page.getByLabel('Show').selectOption('all');
      await page.getByText(`${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} calls`).waitFor();
      let started = performance.now();
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      // The table shows 100,000 rows a page: the end of the first shows calls far past the first 20,000.
      const far = page.getByRole('button', { name: /^Details of call [1-9]\d{5,}$/ }).first();
      await far.waitFor({ timeout: 60_000 });
      const scrolled = Math.round(performance.now() - started);
      const farCall = ((await far.getAttribute('aria-label')) ?? (await far.textContent()) ?? '').replace(/\D/g, '');
      started = performance.now();
      await page.getByLabel('Show').selectOption('invalid');
      // A fifth of the calls are invalid, the third of each five lines.
      const invalid = (total / 5).toLocaleString('en-US');
      await page.getByText(`${invalid} of ${total.toLocaleString('en-US')} calls`).waitFor({ timeout: 60_000 });
      const filtered = Math.round(performance.now() - started);
      // The last page of the invalid calls, then its end.
      const pages = page.getByRole('navigation', { name: 'Pages of calls' });
      const next = pages.getByRole('button', { name: 'Next 100,000' });
      while (await next.isEnabled()) await next.click();
      started = performance.now();
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await page.getByRole('button', { name: `Details of call ${total - 2}` }).waitFor({ timeout: 60_000 });
      const scrolledInvalid = Math.round(performance.now() - started);
      return `${said}; the rows at the first page's end (call ${Number(farCall).toLocaleString('en-US')}) drawn ${scrolled} ms after a scroll there; Invalid chosen, its count shown in ${filtered} ms and the last rows of its last page ${scrolledInvalid} ms after a scroll to the end`;
    },
  },
  {
    name: 'endless argument deltas from a model (the bound stops them)',
    path: 'models/',
    async run(page, context) {
      await startRun(page, context, '[endless] write');
      return textOf(
        page,
        '[data-testid="model-error"]',
        /Stopped: the arguments of the call to write_file passed 2,000,000 characters/,
      );
    },
  },
  {
    name: 'a model streaming calls, stopped by Stop',
    path: 'models/',
    async run(page, context) {
      await startRun(page, context, '[trickle] read every file');
      await page.getByTestId('model-call').nth(5).waitFor({ timeout: 30_000 });
      const stop = page.getByRole('button', { name: 'Stop' });
      const box = (await stop.boundingBox())!;
      await page.waitForTimeout(1000);
      const after = (await stop.boundingBox())!;
      if (after.x !== box.x || after.y !== box.y) throw new Error('Stop moved while calls arrived.');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      return textOf(page, '[data-testid="model-stop"][data-reason="cancelled"]', /Stopped by you/);
    },
  },
  {
    name: '10,000 tool calls in one response',
    path: 'models/',
    async run(page, context) {
      await startRun(page, context, '[many-calls] read every file');
      const said = await textOf(page, '[data-testid="model-error"]', /more than 100 tool calls/);
      const drawn = await page.getByTestId('model-call').count();
      if (drawn >= 100) throw new Error(`${drawn} call cards drawn at once.`);
      return `${said} (${drawn} cards drawn)`;
    },
  },
  {
    name: '6.9 MB of shell output (seq 1 999999)',
    path: 'tools/execute_command/',
    async run(page) {
      await page.locator('.json-editor').first().scrollIntoViewIfNeeded();
      await page.locator('.json-editor[data-status="ready"] .monaco-editor').waitFor({ timeout: 60_000 });
      await page.locator('.json-editor .monaco-editor .view-lines').click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      await page.keyboard.insertText('{"command": "seq 1 999999"}');
      await page.getByRole('button', { name: /Execute/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      return textOf(page, '[data-testid="hidden-lines"]', /999,749 lines not shown/, 120_000);
    },
  },
];

interface Figure {
  probe: string;
  outcome: string;
  longestStallMs: number;
  peakHeapAboveMb: number;
  /** -1 where /proc cannot be read (not Linux). */
  peakRendererAboveMb: number;
  verdict: string;
}

const PAGE_BYTES = 4096;

/**
 * The resident bytes of this bench's Chromium renderers (the processes started from this one, `--type=renderer`),
 * summed; null without /proc. A probe's page has a renderer of its own (a browser context each), and the last
 * context is closed before the next opens, so the sum moves with the probe's renderer.
 */
function rendererResidentBytes(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The parent is the second field after the command's closing parenthesis.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(pid)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  let total = 0;
  const queue = [process.pid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    for (const child of children.get(pid) ?? []) {
      queue.push(child);
      try {
        if (!readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('--type=renderer')) continue;
        total += Number(readFileSync(`/proc/${child}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
      } catch {
        // The process ended while it was read.
      }
    }
  }
  return total;
}

async function measure(browser: Browser, probe: Probe, context: Context): Promise<Figure> {
  const browserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await browserContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await browserContext.newPage();
  await page.addInitScript(LONGTASKS);
  const cdp = await browserContext.newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  };
  try {
    await page.goto(`${context.base}${probe.path}`);
    await appReady(page);
    await page.waitForTimeout(1500);
    await probe.prepare?.(page, context);
    await cdp.send('HeapProfiler.collectGarbage').catch(() => undefined);
    const own = await heap();
    const ownRenderer = rendererResidentBytes();
    await page.evaluate('window.__longest = 0');
    let peak = own;
    let peakRenderer = ownRenderer ?? 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heap().catch(() => peak));
        peakRenderer = Math.max(peakRenderer, rendererResidentBytes() ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    let outcome: string;
    try {
      outcome = await probe.run(page, context);
    } finally {
      sampling = false;
      await sampler;
    }
    // The page answers: a script runs and returns.
    const answering = await Promise.race([
      page.evaluate(() => document.readyState),
      new Promise<string>((resolve) => setTimeout(() => resolve('not answering'), 10_000)),
    ]);
    if (answering !== 'complete') throw new Error(`The page is ${answering} after the probe.`);
    const longest = Math.round((await page.evaluate('window.__longest')) as number);
    const above = Math.round((peak - own) / MEGABYTE);
    const rendererAbove = ownRenderer === null ? -1 : Math.round((peakRenderer - ownRenderer) / MEGABYTE);
    const misses = [
      longest > STALL_AIM_MS ? `stall ${longest} ms > ${STALL_AIM_MS} ms` : '',
      above > MEMORY_AIM_MB ? `memory ${above} MB > ${MEMORY_AIM_MB} MB` : '',
      rendererAbove > MEMORY_AIM_MB ? `renderer ${rendererAbove} MB > ${MEMORY_AIM_MB} MB` : '',
    ].filter(Boolean);
    return {
      probe: probe.name,
      outcome,
      longestStallMs: longest,
      peakHeapAboveMb: above,
      peakRendererAboveMb: rendererAbove,
      verdict: misses.length === 0 ? 'meets its aims' : `misses: ${misses.join(', ')}`,
    };
  } catch (error) {
    return {
      probe: probe.name,
      outcome: `FAILED: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200)}`,
      longestStallMs: -1,
      peakHeapAboveMb: -1,
      peakRendererAboveMb: -1,
      verdict: 'outcome not reached',
    };
  } finally {
    await browserContext.close();
  }
}

export async function benchHostile(): Promise<object> {
  if (!existsSync(join(dist, 'import', 'index.html')))
    return { error: `No ${dist}/import/: build the site first (npm run build, or BENCH_DIST).` };
  const emulator = await startProviderEmulator({ record: false });
  const server = createStaticHost(dist, loadHostConfig(root));
  const base = await listen(server, 0);
  const browser = await launchChromium(['--enable-precise-memory-info']);
  const only = process.env.BENCH_PROBE;
  const files = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
  try {
    const figures: Figure[] = [];
    for (const probe of PROBES) {
      if (only && !probe.name.includes(only)) continue;
      const figure = await measure(browser, probe, { base, emulator, files });
      console.error(
        `${figure.probe}: ${figure.longestStallMs} ms, heap ${figure.peakHeapAboveMb} MB, renderer ${figure.peakRendererAboveMb} MB — ${figure.verdict}`,
      );
      figures.push(figure);
    }
    return {
      aims: { longestStallMs: STALL_AIM_MS, peakHeapAboveMb: MEMORY_AIM_MB, peakRendererAboveMb: MEMORY_AIM_MB },
      probes: figures,
    };
  } finally {
    await browser.close();
    await emulator.close();
    server.close();
    rmSync(files, { recursive: true, force: true });
  }
}
