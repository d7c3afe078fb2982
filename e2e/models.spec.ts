/** The Models page in Chromium against the provider emulator on loopback, reached through the base-URL setting. */
import { expect, test, type Page } from '@playwright/test';
import { AGENT_ANSWER, EDITED_DESCRIPTION_MARK } from '../src/core/model/emulator/scenarios';
import { useProviderEmulator } from './servers/provider-emulator-hooks';
import { holdScripts, screenshotPath } from './helpers';

const KEY = 'sk-emulated-secret-7788';

const emulator = useProviderEmulator(test);

interface Setup {
  provider?: string;
  base?: string;
  key?: string;
  message: string;
  agent?: boolean;
}

async function fill(page: Page, setup: Setup): Promise<void> {
  await page.getByLabel('Provider').selectOption(setup.provider ?? 'openai-chat');
  const base =
    setup.base ?? (setup.provider === 'anthropic' || setup.provider === 'gemini' ? emulator.url : `${emulator.url}/v1`);
  await page.getByLabel('Base URL').fill(base);
  await page.getByLabel('Model', { exact: true }).fill('emulated-large');
  await page.getByLabel(/^API key/).fill(setup.key ?? KEY);
  await page.getByLabel('User message').fill(setup.message);
  if (setup.agent) await page.getByLabel(/Run valid calls in the workspace/).check();
}

async function send(page: Page, setup: Setup): Promise<void> {
  await fill(page, setup);
  await page.getByRole('button', { name: 'Send to the model' }).click();
}

/** What the page showed when a run did not come: the form's values, its alerts, the output column. */
async function whatThePageShowed(page: Page): Promise<string> {
  const fields = await page.locator('form[aria-label="Run settings"]').evaluate((form) =>
    [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')]
      .filter((field) => field.type !== 'password' && field.type !== 'radio' && field.type !== 'checkbox')
      .map((field) => `${field.id}=${JSON.stringify(field.value)}`)
      .join(' '),
  );
  const alerts = await page.getByRole('alert').allInnerTexts();
  const output = await page.locator('.models-output').innerText();
  return `\nfields: ${fields}\nalerts: ${JSON.stringify(alerts)}\noutput: ${output.slice(0, 600)}\nrequests: ${emulator.requests.length}`;
}

/** A run's calls, counted; when they do not come, the failure says what the page showed instead. */
async function expectCalls(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('model-call'))
    .toHaveCount(count)
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}${await whatThePageShowed(page)}`);
    });
}

const storageText = (page: Page) =>
  page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));

test.beforeEach(async ({ page }) => {
  await page.goto('./models/');
  await expect(page.getByRole('heading', { level: 1, name: 'Models' })).toBeVisible();
});

test('a run with tool calls: valid, invalid, unknown tool and arguments that are not JSON, each judged', async ({
  page,
}) => {
  const consoleText: string[] = [];
  page.on('console', (message) => consoleText.push(message.text()));
  await send(page, { message: '[calls] Read the readme and list src' });
  const calls = page.getByTestId('model-call');
  await expectCalls(page, 4);
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'calls-judged');
  expect(await calls.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')))).toEqual([
    'valid',
    'invalid',
    'unknown_tool',
    'unparseable',
  ]);
  await expect(calls.nth(1).getByLabel('Validation errors')).toContainText('path');
  await expect(calls.nth(2)).toContainText('Closest: read_file');
  await expect(calls.nth(3).getByLabel('Arguments as sent')).toHaveText('{"path": "src"');
  await expect(calls.nth(0).getByRole('link', { name: 'Open in playground' })).toHaveAttribute(
    'href',
    /\/tools\/read_file\/#args=/,
  );
  await expect(page.getByTestId('model-text')).toHaveText('Let me look.');
  await expect(page.getByTestId('model-call-counts')).toContainText('1 valid, 1 invalid, 1 unknown tool, 1 not json');

  // The raw request shows the key redacted; the tools are the site's own export.
  await page.getByText('Raw request and response (key redacted)').click();
  const raw = await page.getByTestId('model-raw-request').innerText();
  expect(raw).toContain('[redacted]');
  expect(raw).not.toContain(KEY);
  expect(raw).toContain('"type": "function"');
  expect(emulator.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(await storageText(page)).not.toContain(KEY);
  expect(consoleText.join('\n')).not.toContain(KEY);
  // The page's own policy (netlify.toml's /models/* rule, served as deployed) let the loopback request through.
  expect(consoleText.join('\n')).not.toContain('Content Security Policy');
  await page.screenshot({ path: screenshotPath('models-calls-desktop'), fullPage: true });
});

test('Anthropic and Gemini wires through the same page', async ({ page }) => {
  await send(page, { provider: 'anthropic', message: '[calls] Read the readme' });
  await expectCalls(page, 4);
  expect(emulator.requests.at(-1)!.headers['x-api-key']).toBe(KEY);
  await send(page, { provider: 'gemini', message: '[calls] Read the readme' });
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'calls-judged');
  await expectCalls(page, 3);
});

// Under load the page is often still the prerendered one while the test fills it: what was chosen and typed then is
// replayed as the app takes over, and the key typed for another provider than the default must not be lost then.
test('settings for another provider filled and sent before the app takes over are sent as filled', async ({ page }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('./models/', { waitUntil: 'commit' });
  await expect(page.getByLabel('User message')).toBeVisible();
  const before = emulator.requests.length;
  await send(page, { provider: 'anthropic', message: '[calls] Read the readme' });
  expect(emulator.requests.length).toBe(before);
  releaseScripts();
  // The whole app loads, takes the page over and replays the form before the request: a longer wait than one step's.
  await expect.poll(() => emulator.requests.length, { timeout: 45_000 }).toBeGreaterThan(before);
  expect(emulator.requests.at(-1)!.wire).toBe('anthropic');
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'calls-judged');
  await expect(page.getByTestId('model-call')).toHaveCount(4);
  expect(emulator.requests.at(-1)!.headers['x-api-key']).toBe(KEY);
});

// A choice replayed as the app takes over can rewrite another field (a provider puts its base URL in): the field
// someone had selected to type over stays selected, so what they type replaces it rather than following it.
test('a field selected to be typed over before the app takes over is typed over, though the replayed provider rewrote it', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('./models/', { waitUntil: 'commit' });
  await expect(page.getByLabel('User message')).toBeVisible();
  await page.getByLabel('Provider').selectOption('anthropic');
  const base = page.getByLabel('Base URL');
  await base.selectText();
  releaseScripts();
  await page.waitForFunction(
    () => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null,
    undefined,
    { timeout: 45_000 },
  );
  await expect(base).toHaveValue('https://api.anthropic.com');
  await page.keyboard.insertText(emulator.url);
  await expect(base).toHaveValue(emulator.url);
  await expect(page.getByLabel('Provider')).toHaveValue('anthropic');
});

test('the agent loop runs valid calls in the workspace, asks approval for the risky one, and goes on', async ({
  page,
}) => {
  await send(page, { message: '[agent] Tidy the repository', agent: true });
  const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('OldClass.cs');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'finished', { timeout: 30_000 });
  const sent = page.getByTestId('model-call-sent');
  await expect(sent).toHaveCount(2);
  await expect(sent.nth(0)).toContainText('Ran');
  await expect(sent.nth(1)).toContainText('Ran');
  await expect(page.getByTestId('model-text').last()).toHaveText(AGENT_ANSWER);
  // The second request carried both results back to the model.
  expect(JSON.stringify(emulator.requests.at(-1)!.body)).toContain('"role":"tool"');
});

// An impatient person sends the moment the form is there: the run waits for the toolset rather than going out with no tools.
test('Send before the toolset has loaded waits for it, once: the model gets every tool, and the calls are judged against them', async ({
  page,
}) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // Each bundled tool is a module of its own, named "<index>-<tool>-<hash>.js".
  await page.route(/\/assets\/\d+-\w+-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.reload();
  await page.waitForFunction(
    () => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null,
    undefined,
    { timeout: 45_000 },
  );
  const before = emulator.requests.length;
  await send(page, { message: '[calls] Read the readme and list src' });
  // It says what it waits for, and a second Send meanwhile (Enter in a field, another click) starts no second run.
  await expect(page.getByRole('button', { name: 'Loading the toolset…' })).toBeDisabled();
  // The tools it will send are counted from the toolset's list meanwhile, not taken for none.
  await expect(page.locator('.model-tools summary')).toHaveText('Tools sent: all 17');
  await page.locator('form[aria-label="Run settings"]').evaluate((form: HTMLFormElement) => form.requestSubmit());
  expect(emulator.requests.length).toBe(before);
  release();
  await expectCalls(page, 4);
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'calls-judged');
  await expect(page.getByRole('button', { name: 'Send to the model' })).toBeEnabled();
  expect(emulator.requests.length).toBe(before + 1);
  const sent = emulator.requests.at(-1)!.body as { tools?: unknown[] };
  expect(sent.tools?.length).toBe(17);
  expect(
    await page.getByTestId('model-call').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status'))),
  ).toEqual(['valid', 'invalid', 'unknown_tool', 'unparseable']);
});

// Ticked on the prerendered page, the box is replayed as the app takes over, like the key typed beside it.
test('a key typed and Remember ticked before the app takes over are both kept, and the key is stored', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('./models/', { waitUntil: 'commit' });
  await page.getByLabel(/^API key/).fill(KEY);
  await page.getByLabel('Remember on this device').check();
  releaseScripts();
  await expect(page.getByText('stored unencrypted in this browser')).toBeVisible({ timeout: 45_000 });
  await page.reload();
  await expect(page.getByLabel(/^API key/)).toHaveValue(KEY);
  await expect(page.getByLabel('Remember on this device')).toBeChecked();
  await page.getByRole('button', { name: 'Forget the key' }).click();
  await expect(page.getByLabel(/^API key/)).toHaveValue('');
});

// The page says a key is stored only once the browser has stored it; where it will not, the key stays in the tab and the page says so.
test('a key the browser refuses to store is said so, kept in the tab, and not claimed remembered', async ({ page }) => {
  await page.addInitScript(() => {
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.reload();
  await page.getByLabel(/^API key/).fill(KEY);
  // A click, not check(): the box is meant to clear itself once the browser refuses.
  await page.getByLabel('Remember on this device').click();
  await expect(page.getByText('This browser would not store the key')).toBeVisible();
  await expect(page.getByLabel('Remember on this device')).not.toBeChecked();
  await expect(page.getByText('stored unencrypted in this browser')).toHaveCount(0);
  await expect(page.getByLabel(/^API key/)).toHaveValue(KEY);
  // Shown as an error on a page opened directly, which loads no other page's stylesheet.
  const [errorColor, textColor] = await page.evaluate(() => [
    getComputedStyle(document.querySelector('.field-error')!).color,
    getComputedStyle(document.body).color,
  ]);
  expect(errorColor).not.toBe(textColor);
});

test('Stop ends a stream midway and keeps what arrived', async ({ page }) => {
  await send(page, { message: '[slow] Tell me a long story' });
  await expect(page.getByTestId('model-text')).toContainText('word by word');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'cancelled');
  const kept = await page.getByTestId('model-text').innerText();
  expect(kept.length).toBeGreaterThan(10);
  expect(kept.length).toBeLessThan('This answer arrives slowly, word by word. '.repeat(40).length);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
])
  test(`Stop stays where it is in view while calls and text stream in, and stopping keeps what arrived (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await send(page, { message: '[trickle] read every file' });
    await expect(page.getByTestId('model-call').first()).toBeVisible();
    const stop = page.getByRole('button', { name: 'Stop' });
    // In the viewport as the results arrive, with no scrolling to reach it.
    await expect(stop).toBeInViewport();
    // The run bar is the one place that says the run is streaming.
    await expect(page.getByRole('status').filter({ hasText: 'Streaming' })).toHaveCount(1);
    const before = await stop.boundingBox();
    const callsBefore = await page.getByTestId('model-call').count();
    // Several calls arrive while the pointer would travel to Stop.
    await expect
      .poll(() => page.getByTestId('model-call').count(), { timeout: 20_000 })
      .toBeGreaterThan(callsBefore + 3);
    expect(await stop.boundingBox()).toEqual(before);
    await page.screenshot({ path: screenshotPath(`models-streaming-${viewport.width}`) });
    await page.mouse.click(before!.x + before!.width / 2, before!.y + before!.height / 2);
    await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'cancelled');
    await expect(page.getByTestId('model-text')).toHaveText('Reading every file, one by one.');
    // Every call that arrived whole is kept and judged; the one being written when Stop landed is left out.
    const statuses = await page
      .getByTestId('model-call')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')));
    expect(statuses.length).toBeGreaterThanOrEqual(callsBefore + 3);
    expect(statuses.length).toBeLessThan(100);
    expect(new Set(statuses)).toEqual(new Set(['valid']));
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    await page.screenshot({ path: screenshotPath(`models-stopped-${viewport.width}`) });
  });

test('a response of 10,000 calls stops at the bound and says so, the calls before it kept and judged', async ({
  page,
}) => {
  await send(page, { message: '[many-calls] read every file' });
  await expect(page.getByTestId('model-error')).toHaveAttribute('data-code', 'too_large', { timeout: 30_000 });
  await expect(page.getByTestId('model-error')).toContainText(
    'Stopped: the model asked for more than 100 tool calls in one response',
  );
  await expect(page.getByTestId('model-call-counts')).toContainText('100 calls: 100 valid');
  // Only the cards in view are drawn, each judged; scrolling to the end draws the last one.
  const cards = page.getByTestId('model-call');
  const drawn = await cards.count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(25);
  expect(await cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-status')))).toEqual(
    Array(drawn).fill('valid'),
  );
  const scroller = page.getByTestId('model-calls-scroll');
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const last = cards.filter({ hasText: '"f99.txt"' });
  await expect(last).toBeInViewport();
  await expect(last).toHaveAttribute('data-status', 'valid');
  expect(await cards.count()).toBeLessThan(25);
  await page.screenshot({ path: screenshotPath('models-many-calls') });
  // Every card at once, for Tab and find in page.
  await page.getByRole('button', { name: 'Show every call (100)' }).click();
  await expect(cards).toHaveCount(100);
});

test('a wrong key and a server without CORS headers are clear messages, the prompt kept', async ({ page }) => {
  await send(page, { key: 'wrong-key-0000', message: 'hello' });
  await expect(page.getByTestId('model-error')).toHaveAttribute('data-code', 'unauthorized');
  await expect(page.getByTestId('model-error')).toContainText('The key was refused (HTTP 401)');
  await send(page, { provider: 'openai-compatible', base: `${emulator.url}/no-cors/v1`, message: 'hello' });
  await expect(page.getByTestId('model-error')).toHaveAttribute('data-code', 'cors');
  await expect(page.getByTestId('model-error')).toContainText('OLLAMA_ORIGINS');
  await expect(page.getByLabel('User message')).toHaveValue('hello');
  await send(page, { message: '[ratelimit] hello' });
  await expect(page.getByTestId('model-error')).toContainText('retry in 7 s');
});

test('reload keeps the history; the key stays out of storage unless remembered, and Forget removes it', async ({
  page,
}) => {
  await send(page, { message: '[calls] history check' });
  await expect(page.getByTestId('model-stop')).toBeVisible();
  // The saved run (IndexedDB) holds the redacted trace, never the key.
  const savedRuns = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('tool-schema-playground-model-runs');
        open.onerror = () => reject(new Error('no database'));
        open.onsuccess = () => {
          const request = open.result.transaction('runs').objectStore('runs').get('runs');
          request.onsuccess = () => resolve(JSON.stringify(request.result));
        };
      }),
  );
  expect(savedRuns).toContain('[calls] history check');
  expect(savedRuns).toContain('[redacted]');
  expect(savedRuns).not.toContain(KEY);
  await page.reload();
  await expect(page.getByTestId('model-history')).toContainText('[calls] history check');
  await expect(page.getByLabel(/^API key/)).toHaveValue('');
  await page
    .getByTestId('model-history')
    .getByRole('button', { name: /history check/ })
    .click();
  await expect(page.getByTestId('model-call')).toHaveCount(4);

  await page.getByLabel(/^API key/).fill(KEY);
  await page.getByLabel('Remember on this device').check();
  await expect(page.getByText('stored unencrypted in this browser')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^API key/)).toHaveValue(KEY);
  expect(await storageText(page)).not.toContain(KEY);
  await page.getByRole('button', { name: 'Forget the key' }).click();
  await page.reload();
  await expect(page.getByLabel(/^API key/)).toHaveValue('');
});

test('screenshots: light and dark, desktop and phone', async ({ page }) => {
  await send(page, { message: '[calls] Read the readme and list src' });
  await expect(page.getByTestId('model-stop')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [name, width] of [
      ['desktop', 1280],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('model-run').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`models-${scheme}-${name}`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
});

test('side by side: three models at once, calls aligned with their verdicts, usage per column, one Stop for all', async ({
  page,
}) => {
  await fill(page, { message: '[compare] Read the readme' });
  await page.getByLabel('Up to three models').check();
  await page.getByLabel('Base URL 2').fill(`${emulator.url}/v1`);
  await page.getByLabel('Model 2', { exact: true }).fill('emulated-small');
  await page.getByLabel('API key 2').fill(KEY);
  await page.getByRole('button', { name: 'Add a model' }).click();
  await page.getByLabel('Provider 3').selectOption('anthropic');
  await page.getByLabel('Base URL 3').fill(emulator.url);
  await page.getByLabel('Model 3', { exact: true }).fill('emulated-large');
  await page.getByLabel('API key 3').fill(KEY);
  const before = emulator.requests.length;
  await page.getByRole('button', { name: 'Send side by side' }).click();
  await expect(page.getByTestId('compare-stop')).toHaveCount(3);
  const heads = page.getByTestId('compare-head');
  await expect(heads.nth(1)).toContainText('emulated-small');
  await expect(heads.nth(2)).toContainText('Anthropic');
  for (const index of [0, 1, 2])
    await expect(page.getByTestId('compare-facts').nth(index)).toContainText(
      /1 call: 1 (valid|invalid) · \d+ ms · \d+ in \/ 20 out tokens/,
    );
  const rows = page.getByTestId('compare-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-agreement', 'differs');
  expect(
    await rows
      .first()
      .getByTestId('model-call')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status'))),
  ).toEqual(['valid', 'invalid', 'valid']);
  // Each column went to its own model with its own wire.
  const sent = emulator.requests.slice(before);
  expect(sent.map((request) => `${request.wire}:${String(request.body.model)}`).sort()).toEqual([
    'anthropic:emulated-large',
    'openai-chat:emulated-large',
    'openai-chat:emulated-small',
  ]);
  expect(await storageText(page)).not.toContain(KEY);
  await page.getByTestId('compare-view').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('models-side-by-side-models'), fullPage: true });

  // Stop ends every column's stream, each keeping what arrived.
  await page.getByLabel('User message').fill('[slow] Tell me a long story');
  await page.getByRole('button', { name: 'Send side by side' }).click();
  await expect(page.getByTestId('compare-text').nth(2)).toContainText('word by word');
  await page.getByRole('button', { name: 'Stop' }).click();
  const stops = page.getByTestId('compare-stop');
  await expect(stops).toHaveCount(3);
  expect(await stops.evaluateAll((items) => items.map((item) => item.getAttribute('data-reason')))).toEqual([
    'cancelled',
    'cancelled',
    'cancelled',
  ]);
});

test('side by side: 100 calls per column draw only the rows in view, and the last row scrolls into view', async ({
  page,
}) => {
  await fill(page, { message: '[many-calls] read every file' });
  await page.getByLabel('Up to three models').check();
  await page.getByLabel('Base URL 2').fill(`${emulator.url}/v1`);
  await page.getByLabel('Model 2', { exact: true }).fill('emulated-small');
  await page.getByLabel('API key 2').fill(KEY);
  await page.getByRole('button', { name: 'Send side by side' }).click();
  const facts = page.getByTestId('compare-facts');
  for (const index of [0, 1]) await expect(facts.nth(index)).toContainText('100 calls: 100 valid', { timeout: 30_000 });
  const rows = page.getByTestId('compare-row');
  const cards = page.getByTestId('model-call');
  const drawn = await rows.count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(25);
  expect(await cards.count()).toBe(drawn * 2);
  const scroller = page.getByTestId('compare-rows-scroll');
  await expect(scroller).toHaveAccessibleName('100 calls, drawn as they scroll into view');
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const last = rows.filter({ has: page.getByRole('heading', { name: /^Call 100\b/ }) });
  await expect(last).toBeInViewport();
  expect(
    await last.getByTestId('model-call').evaluateAll((items) => items.map((item) => item.getAttribute('data-status'))),
  ).toEqual(['valid', 'valid']);
  await expect(last).toContainText('"f99.txt"');
  expect(await rows.count()).toBeLessThan(25);
  await page.screenshot({ path: screenshotPath('models-side-by-side-many-calls') });
  await page.getByRole('button', { name: 'Show every call (100)' }).click();
  await expect(rows).toHaveCount(100);
  await expect(cards).toHaveCount(200);
});

test('side by side: the toolset beside a version with an edited description, the extra call shown against no call', async ({
  page,
}) => {
  await fill(page, { message: '[compare] Read the readme' });
  await page.getByLabel('Two versions of the toolset').check();
  await page.getByRole('button', { name: 'Send side by side' }).click();
  await expect(
    page.getByText('Edited tool: pick the tool whose description the second version changes.'),
  ).toBeVisible();
  await page.getByLabel('Edited tool').selectOption('read_file');
  await expect(page.getByLabel('Edited description')).toHaveValue(/Read the contents of a file/);
  await page.getByLabel('Edited description').fill(`Read a file. ${EDITED_DESCRIPTION_MARK}`);
  const before = emulator.requests.length;
  await page.getByRole('button', { name: 'Send side by side' }).click();
  await expect(page.getByTestId('compare-stop')).toHaveCount(2);
  await expect(page.getByTestId('compare-head').nth(1)).toContainText('Edited read_file description');
  const rows = page.getByTestId('compare-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-agreement', 'same');
  await expect(rows.nth(1)).toHaveAttribute('data-agreement', 'differs');
  await expect(rows.nth(1).getByTestId('compare-cell').nth(0)).toContainText('No call here.');
  await expect(rows.nth(1).getByTestId('model-call')).toHaveAttribute('data-status', 'valid');
  // Only the second request carried the edited description; both carried the rest of the toolset unchanged.
  const bodies = emulator.requests.slice(before).map((request) => JSON.stringify(request.body));
  expect(bodies.filter((body) => body.includes(EDITED_DESCRIPTION_MARK))).toHaveLength(1);
  await expect(page.getByTestId('model-history')).toContainText('[compare] Read the readme');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [name, width] of [
      ['desktop', 1280],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('compare-view').scrollIntoViewIfNeeded();
      // Clear of the sticky header, so the column heads show.
      await page.evaluate(() => window.scrollBy(0, -90));
      await page.screenshot({ path: screenshotPath(`models-side-by-side-${scheme}-${name}`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
});
