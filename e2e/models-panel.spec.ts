/**
 * The tool page's Models panel, an imported toolset on the Models page (judged in the schema worker), an earlier
 * bundled release as the second side, and cost from the price table — all against the provider emulator on loopback.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { WEATHER_ANSWER } from '../src/core/model/emulator/scenarios';
import { useProviderEmulator } from './servers/provider-emulator-hooks';
import { collectPageErrors, editorJson, openTool, screenshotPath } from './helpers';

const KEY = 'sk-emulated-secret-4455';
const mcpToolsList = readFileSync(new URL('../src/core/import/fixtures/mcp-tools-list.json', import.meta.url), 'utf8');

const emulator = useProviderEmulator(test);

const storageText = (page: Page) =>
  page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));

async function fillModel(
  scope: Page | ReturnType<Page['getByTestId']>,
  message: string,
  model = 'emulated-large',
): Promise<void> {
  await scope.getByLabel('Provider', { exact: true }).selectOption('openai-chat');
  await scope.getByLabel('Base URL', { exact: true }).fill(`${emulator.url}/v1`);
  await scope.getByLabel('Model', { exact: true }).fill(model);
  await scope.getByLabel(/^API key/).fill(KEY);
  await scope.getByLabel('User message').fill(message);
}

async function screenshots(page: Page, name: string, target: () => Promise<void>): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, width] of [
      ['desktop', 1280],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await target();
      await page.evaluate(() => window.scrollBy(0, -90));
      await page.screenshot({ path: screenshotPath(`${name}-${scheme}-${size}`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
}

test("the tool page panel: loaded when opened, the whole toolset sent, each call judged, a call opened in this page's editor", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const consoleText: string[] = [];
  page.on('console', (message) => consoleText.push(message.text()));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openTool(page, 'read_file');
  // The section's button appears as it comes near the screen.
  await page.getByRole('heading', { name: 'Try with a model' }).scrollIntoViewIfNeeded();
  const opener = page.getByRole('button', { name: 'Send read_file to a model' });
  await opener.scrollIntoViewIfNeeded();
  // Nothing of the panel (its form, the model clients) was loaded before it was asked for.
  expect(scripts.some((url) => /ModelsPanel-/.test(url))).toBe(false);
  await opener.click();
  const panel = page.getByTestId('models-panel');
  await expect(panel).toBeVisible();
  expect(scripts.some((url) => /ModelsPanel-/.test(url))).toBe(true);

  // Impatient: sends before filling anything; the problems are named and nothing typed is lost.
  await panel.getByLabel('User message').fill('[calls] Read the readme');
  await panel.getByRole('button', { name: 'Send to the model' }).click();
  await expect(panel.getByText('Model: type a model id or pick one from the list.')).toBeVisible();
  await expect(panel.getByLabel('User message')).toHaveValue('[calls] Read the readme');

  await fillModel(panel, '[calls] Read the readme and list src');
  await panel.getByLabel(/The whole toolset/).check();
  await panel.getByRole('button', { name: 'Send to the model' }).click();
  const calls = panel.getByTestId('model-call');
  await expect(panel.getByTestId('model-stop')).toHaveAttribute('data-reason', 'calls-judged');
  expect(await calls.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')))).toEqual([
    'valid',
    'invalid',
    'unknown_tool',
    'unparseable',
  ]);
  // The whole toolset went out, as this site exports it.
  const sent = emulator.requests.at(-1)!.body.tools as { function: { name: string } }[];
  expect(sent.length).toBeGreaterThan(10);
  expect(sent.map((tool) => tool.function.name)).toContain('list_directory');
  // The emulator's model has no list price.
  await expect(panel.getByTestId('model-cost')).toHaveText(' · no price known');

  // read_file's call opens in this page's editor; list_directory's is a link to its own page.
  await expect(calls.nth(3).getByRole('link', { name: 'Open in playground' })).toHaveAttribute(
    'href',
    /\/tools\/list_directory\//,
  );
  await calls.nth(1).getByRole('button', { name: 'Open in playground' }).click();
  await expect.poll(() => editorJson(page)).toEqual({ file: 'README.md' });
  await expect(page.getByTestId('error-list')).toContainText('path');

  // This tool alone: the other names are now unknown tools.
  await panel.getByLabel(/read_file alone/).check();
  await panel.getByRole('button', { name: 'Send to the model' }).click();
  await expect(panel.getByTestId('model-stop')).toHaveAttribute('data-reason', 'calls-judged');
  expect((emulator.requests.at(-1)!.body.tools as unknown[]).length).toBe(1);
  expect(await calls.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')))).toEqual([
    'valid',
    'invalid',
    'unknown_tool',
    'unknown_tool',
  ]);

  expect(await storageText(page)).not.toContain(KEY);
  expect(consoleText.join('\n')).not.toContain(KEY);
  expect(errors).toEqual([]);
  await screenshots(page, 'models-panel', () => panel.getByTestId('model-run').scrollIntoViewIfNeeded());
  await screenshots(page, 'models-panel-form', () =>
    page
      .getByRole('heading', { name: 'Try with a model' })
      .evaluate((heading) => heading.scrollIntoView({ block: 'start' })),
  );
});

test('an imported toolset on the Models page: its calls judged in the schema worker (the missing parameter named with its code), the valid one run against its mock', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('./import/');
  await page.getByLabel('Paste definitions, or drop a file here').fill(mcpToolsList);
  await page.getByLabel('Toolset name').fill('Weather service');
  await page.getByRole('button', { name: /^Import \d tools?$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Weather service' })).toBeVisible();

  await page.goto('./models/');
  await page.getByLabel('Toolset', { exact: true }).last().selectOption('weather-service');
  await expect(page.getByText('Tools sent: all 2')).toBeVisible();
  await fillModel(page, '[weather] What is it like in Oslo?');
  await page.getByRole('button', { name: 'Send to the model' }).click();
  const calls = page.getByTestId('model-call');
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'calls-judged');
  expect(await calls.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')))).toEqual([
    'invalid',
    'valid',
  ]);
  const problems = calls.nth(0).getByLabel('Validation errors');
  await expect(problems).toContainText('location');
  await expect(problems.locator('.model-error-code')).toHaveText(['required']);
  // The imported definitions went out as exported.
  expect(
    (emulator.requests.at(-1)!.body.tools as { function: { name: string } }[]).map((tool) => tool.function.name),
  ).toEqual(['get_weather_data', 'delete_forecast']);
  await screenshots(page, 'models-imported', () => page.getByTestId('model-run').scrollIntoViewIfNeeded());

  // The agent loop runs the valid call against the tool's mock; the invalid one goes back with the validator's text.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./toolsets/weather-service/tools/get_weather_data/');
  await page.getByLabel('Mock function source').fill('(args) => ({ city: args.location, temperature: 21 })');
  await page.getByRole('button', { name: 'Save mock' }).click();
  await expect(page.getByText('Saved: Execute now returns this mock.')).toBeVisible();
  await page.goto('./models/');
  await page.getByLabel('Toolset', { exact: true }).last().selectOption('weather-service');
  await fillModel(page, '[weather] What is it like in Oslo?');
  await page.getByLabel(/Run valid calls in the workspace/).check();
  await page.getByRole('button', { name: 'Send to the model' }).click();
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'finished', { timeout: 30_000 });
  const sent = page.getByTestId('model-call-sent');
  await expect(sent.nth(0)).toContainText('Not run');
  await expect(sent.nth(0)).toContainText('location');
  await expect(sent.nth(1)).toContainText('Ran');
  await expect(sent.nth(1)).toContainText('"temperature":21');
  await expect(page.getByTestId('model-text').last()).toHaveText(WEATHER_ANSWER);
  expect(errors).toEqual([]);
});

test('side by side against an earlier bundled release, and cost from the price table', async ({ page }) => {
  await page.goto('./models/');
  await fillModel(page, '[compare] Read the readme', 'gpt-4.1-mini');
  await page.getByLabel('Two versions of the toolset').check();
  await page.getByLabel('Edited tool').selectOption('read_file');
  await page.getByLabel('Second version').selectOption('0.9.0');
  await expect(page.getByLabel('Edited description')).toHaveCount(0);
  const before = emulator.requests.length;
  await page.getByRole('button', { name: 'Send side by side' }).click();
  await expect(page.getByTestId('compare-stop')).toHaveCount(2);
  await expect(page.getByTestId('compare-head').nth(1)).toContainText('read_file 0.9.0 (earlier release)');
  const row = page.getByTestId('compare-row').first();
  expect(
    await row.getByTestId('model-call').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status'))),
  ).toEqual(['valid', 'valid']);
  // One request carried the current read_file, the other its release 0.9.0 (the columns run at once, in either order).
  type SentTools = { function: { name: string; parameters: { properties: object } } }[];
  const parametersOf = (tools: SentTools) =>
    Object.keys(tools.find((tool) => tool.function.name === 'read_file')!.function.parameters.properties);
  const sent = emulator.requests
    .slice(before)
    .map((request) => parametersOf(request.body.tools as SentTools).includes('encoding'));
  expect(sent.sort()).toEqual([false, true]);
  // Tokens reported, no cost reported: the list price of gpt-4.1-mini, with the table's date.
  for (const index of [0, 1])
    await expect(page.getByTestId('compare-facts').nth(index)).toContainText(
      /≈ \$0\.\d{6} at list price \(2025-11-25\)/,
    );

  await page.getByLabel('One run').check();
  await page.getByRole('button', { name: 'Send to the model' }).click();
  await expect(page.getByTestId('model-stop')).toBeVisible();
  const tokens = Number(/(\d+) tokens/.exec(await page.locator('.model-run-summary').innerText())?.[1]);
  expect(tokens).toBeGreaterThan(0);
  await expect(page.getByTestId('model-cost')).toContainText(/≈ \$0\.\d{6} at list price \(2025-11-25\)/);
});
