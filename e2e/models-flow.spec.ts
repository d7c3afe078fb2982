/** The Models page keeps what is typed, says when its policy blocks a base URL, and brings results into view. */
import { expect, test, type Page } from '@playwright/test';
import { useProviderEmulator } from './servers/provider-emulator-hooks';

const KEY = 'sk-emulated-secret-7788';
const emulator = useProviderEmulator(test);

async function fillFirst(page: Page, message: string) {
  await page.getByLabel('Provider').selectOption('openai-chat');
  await page.getByLabel('Base URL').fill(`${emulator.url}/v1`);
  await page.getByLabel('Model', { exact: true }).fill('emulated-large');
  await page.getByLabel(/^API key/).fill(KEY);
  await page.getByLabel('User message').fill(message);
}

test.beforeEach(async ({ page }) => {
  await page.goto('./models/');
  await expect(page.getByRole('heading', { level: 1, name: 'Models' })).toBeVisible();
});

test('every field but the key is kept as it is typed: leaving the page before Send and coming back loses nothing', async ({
  page,
}) => {
  // Typed once the app has taken the page over: what is typed before that is the early-input tests' subject.
  await page.waitForFunction(
    () => (window as unknown as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null,
  );
  await page.getByLabel('Provider').selectOption('anthropic');
  await page.getByLabel('Base URL').fill('http://127.0.0.1:9/typed');
  await page.getByLabel('Model', { exact: true }).fill('typed-model');
  await page.getByLabel(/^API key/).fill(KEY);
  await page.getByLabel('System prompt').fill('Typed system prompt');
  await page.getByLabel('User message').fill('Typed user message');
  await page.getByLabel('Temperature').fill('0.7');

  // Away through the site's own links and back, then a reload: the same values, the key only in this tab's memory.
  await page.locator('.nav-group-summary', { hasText: 'Tools' }).click();
  await page.getByRole('link', { name: 'Import tools' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import tools' })).toBeVisible();
  await page.locator('.nav-group-summary', { hasText: 'Model calls' }).click();
  await page.getByRole('link', { name: 'Models', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Models' })).toBeVisible();
  for (const pass of ['navigation', 'reload']) {
    if (pass === 'reload') await page.reload();
    await expect(page.getByLabel('Provider')).toHaveValue('anthropic');
    await expect(page.getByLabel('Base URL')).toHaveValue('http://127.0.0.1:9/typed');
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('typed-model');
    await expect(page.getByLabel('System prompt')).toHaveValue('Typed system prompt');
    await expect(page.getByLabel('User message')).toHaveValue('Typed user message');
    await expect(page.getByLabel('Temperature')).toHaveValue('0.7');
  }
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(KEY);
});

test("a plain-http model server on another machine: the page's policy is named as the cause, with what to do, and nothing is sent", async ({
  page,
}) => {
  await fillFirst(page, '[calls] Read the readme');
  await page.getByLabel('Base URL').fill('http://192.168.1.20:11434/v1');
  const before = emulator.requests.length;
  await page.getByRole('button', { name: 'Send to the model' }).click();
  const form = page.locator('form[aria-label="Run settings"]');
  await expect(form).toContainText(
    "http://192.168.1.20:11434 is plain http on another machine, which this page's security policy refuses",
  );
  await expect(form).toContainText('ssh -N -L 11434:192.168.1.20:11434 192.168.1.20');
  await expect(page.getByLabel('User message')).toHaveValue('[calls] Read the readme');
  expect(emulator.requests.length).toBe(before);
});

test('after "Send side by side" at the bottom of the form, the results come into view, and the run says how it ended before its calls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await fillFirst(page, '[compare] Read the readme');
  await page.getByLabel('Up to three models').check();
  await page.getByLabel('Base URL 2').fill(`${emulator.url}/v1`);
  await page.getByLabel('Model 2', { exact: true }).fill('emulated-small');
  await page.getByLabel('API key 2').fill(KEY);
  const sendButton = page.getByRole('button', { name: 'Send side by side' });
  await sendButton.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('compare-view')).toHaveCount(0);
  await sendButton.click();
  await expect(page.getByTestId('compare-stop')).toHaveCount(2);
  await expect(page.getByTestId('compare-view')).toBeInViewport();
  // Its start, not only some part of it: the reader sees the columns' heads.
  await expect
    .poll(async () => page.getByTestId('compare-view').evaluate((view) => Math.round(view.getBoundingClientRect().top)))
    .toBeGreaterThanOrEqual(0);
  await expect
    .poll(async () =>
      page.getByTestId('compare-view').evaluate((view) => view.getBoundingClientRect().top < window.innerHeight / 2),
    )
    .toBe(true);

  // One model: the stop reason ("each call is judged below") comes before the calls it speaks of.
  await page.getByLabel('One run').check();
  await page.getByRole('button', { name: 'Send to the model' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Send to the model' }).click();
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'calls-judged');
  await expect(page.getByTestId('model-run')).toBeInViewport();
  const order = await page.getByTestId('model-run').evaluate((run) => {
    const stop = run.querySelector('[data-testid="model-stop"]')!;
    const call = run.querySelector('[data-testid="model-call"]')!;
    return stop.compareDocumentPosition(call) & Node.DOCUMENT_POSITION_FOLLOWING ? 'stop first' : 'calls first';
  });
  expect(order).toBe('stop first');
});
