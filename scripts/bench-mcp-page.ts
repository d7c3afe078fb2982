// An elicitation round trip as a person meets it: the built site in headless Chromium, served with its real headers,
// connected to the SDK v2 test server on loopback. For delete_file (its server asks to confirm): from the Execute
// click to the form shown, plus from the form's Accept to the tool's result shown; the person's choice in between is
// left out (the bench answers at once). Against the same page calling add, which asks nothing: from the Execute click
// to its result shown. Each moment is stamped in the page: the click's own `performance.now()`, and a
// MutationObserver's when the expected text enters the document, so no round trip to the browser is counted.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from './bench-page';
import { startMcpV2Server } from '../e2e/servers/mcp-v2-server';
import { jsonEqual } from '../src/core/json/json-equal';
import { createStaticHost, listen, loadHostConfig } from './static-host';

const RUNS = 15;
const WARM_RUNS = 3;
const AIM = 1.5;
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = resolve(root, process.env.BENCH_DIST ?? 'dist');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Clicks the button of `scope` whose text starts with `button`, and resolves with the milliseconds until an element
 * matching `until` holds `text`. A string, not a function: tsx's name-keeping helpers do not exist inside the page.
 */
const CLICK_UNTIL = `({ scope, button, until, text }) => new Promise((resolve, reject) => {
  const target = [...document.querySelectorAll(scope + ' button')].find((node) => node.textContent.trim().startsWith(button));
  if (!target || target.disabled) return reject(new Error('No enabled button "' + button + '" in ' + scope));
  const shown = () => [...document.querySelectorAll(until)].some((node) => node.textContent.includes(text));
  let started = 0;
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    // Laid out, as a paint needs it: both figures end at the same point of the frame.
    void document.body.offsetHeight;
    const elapsed = performance.now() - started;
    observer.disconnect();
    clearTimeout(timer);
    resolve(elapsed);
  });
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error('"' + text + '" not shown in ' + until + ' within 30 s')); }, 30000);
  observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
  started = performance.now();
  target.click();
})`;

const clickUntil = (page: Page, scope: string, button: string, until: string, text: string): Promise<number> =>
  page.evaluate(`(${CLICK_UNTIL})(${JSON.stringify({ scope, button, until, text })})`) as Promise<number>;

/** Opens a live tool's page and waits for its server and its editor. */
async function openLiveTool(page: Page, site: string, name: string): Promise<void> {
  await page.goto(`${site}toolsets/mcp-schema-v2-server/tools/${name}/`);
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 30_000 });
  await page.getByTestId('live-status').getByText('Connected').waitFor({ timeout: 30_000 });
  await page.locator('.json-editor').first().scrollIntoViewIfNeeded();
  await page.locator('.json-editor[data-status="ready"] .monaco-editor').waitFor({ timeout: 30_000 });
}

/**
 * Replaces the arguments as a paste would once no dialog holds the page, and waits until Execute can run them; a
 * paste the editor missed (a busy machine) is made again, three times at most.
 */
async function setArguments(page: Page, args: object): Promise<void> {
  await page.waitForFunction('!document.querySelector("dialog[open]")');
  const execute = page.getByRole('button', { name: /^Execute/ }).and(page.locator(':enabled'));
  for (let attempt = 1; ; attempt += 1) {
    await page.locator('.json-editor .monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify(args));
    try {
      return await execute.waitFor({ timeout: 10_000 });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** delete_file's round: Execute to the form, then (the choice made at once, not timed) Accept to the result. */
async function roundTrip(page: Page, path: string): Promise<{ toForm: number; toResult: number }> {
  await setArguments(page, { path });
  // Shown: the dialog open with its form's fields drawn (the form's code loads on first use).
  const toForm = await clickUntil(page, 'main', 'Execute', 'dialog[open]:has(.mcp-ask-form select)', `Delete ${path}?`);
  await page.getByRole('dialog').getByLabel('Delete it?').selectOption({ label: 'Yes' });
  const toResult = await clickUntil(page, 'dialog[open]', 'Accept', '[data-testid="mcp-result"]', `Deleted ${path}`);
  return { toForm, toResult };
}

/** add's call, which asks nothing: Execute to the result. */
async function plainCall(page: Page, a: number): Promise<number> {
  await setArguments(page, { a, b: 1 });
  return clickUntil(page, 'main', 'Execute', '[data-testid="mcp-result"]', String(a + 1));
}

/** The round in the page, connected in `era` (the modern one asks by `input_required`, the legacy one by `elicitation/create`). */
export async function benchMcpPage(era: 'modern' | 'legacy' = 'modern'): Promise<object> {
  if (!existsSync(join(dist, 'connect', 'index.html')))
    return { error: `No ${dist}/connect/: build the site first (npm run build, or BENCH_DIST).` };
  // The 2025 era asks the client on a session (`elicitation/create`), which the default serving keeps none of.
  const server = await startMcpV2Server(era === 'legacy' ? { legacySessions: true } : {});
  const host = createStaticHost(dist, loadHostConfig(root));
  const site = await listen(host, 0);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const connecting = await context.newPage();
    await connecting.goto(`${site}connect/`);
    await connecting.getByLabel('Server URL').fill(server.url);
    await connecting.getByLabel('Protocol era').selectOption(era);
    await connecting.getByRole('button', { name: 'Connect', exact: true }).click();
    await connecting.getByTestId('connection').getByRole('status').first().getByText('Connected').waitFor({
      timeout: 30_000,
    });
    const asking = connecting;
    await openLiveTool(asking, site, 'delete_file');
    const adding = await context.newPage();
    await openLiveTool(adding, site, 'add');

    // The verdicts first: the form's answer reaches the server as given, and both results are the expected ones
    // (each timed run waits for its own expected text, so a wrong result fails the run rather than timing it).
    for (let run = 0; run < WARM_RUNS; run += 1) {
      await asking.bringToFront();
      await roundTrip(asking, `warm${run}.txt`);
      await adding.bringToFront();
      await plainCall(adding, 100 + run);
    }
    const answer = server.state.answers.at(-1) ?? 'nothing';
    const sent = /^delete_file: accept (\{.*\})$/.exec(answer)?.[1];
    if (!sent || !jsonEqual(JSON.parse(sent), { confirm: true, priority: 'low' }))
      throw new Error(`The form's answer reached the server as ${answer}: it would time the wrong path.`);

    const rounds: { toForm: number; toResult: number }[] = [];
    const plain: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await asking.bringToFront();
      rounds.push(await roundTrip(asking, `f${run}.txt`));
      await adding.bringToFront();
      plain.push(await plainCall(adding, 1000 + run));
    }
    const withRound = median(rounds.map((run) => run.toForm + run.toResult));
    const without = median(plain);
    return {
      era,
      runs: RUNS,
      roundTripMedianMs: round(withRound),
      // The round's two parts: Execute to the form shown, Accept to the result shown.
      toFormMedianMs: round(median(rounds.map((run) => run.toForm))),
      acceptToResultMedianMs: round(median(rounds.map((run) => run.toResult))),
      callWithoutRoundMedianMs: round(without),
      ratio: round(withRound / without),
      aim: `≤ ${AIM}×`,
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => host.close(resolve));
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(JSON.stringify({ modern: await benchMcpPage('modern'), legacy: await benchMcpPage('legacy') }, null, 2));
