/**
 * The Models page against a misbehaving provider on loopback (the emulator): each probe ends in a clear error, an
 * answering tab, and nothing lost (the prompt kept, the key in no storage).
 */
import { expect, test, type Page } from '@playwright/test';
import { useProviderEmulator } from './servers/provider-emulator-hooks';
import { collectPageErrors } from './helpers';

const KEY = 'sk-hostile-provider-4242';
const emulator = useProviderEmulator(test);

async function send(page: Page, message: string): Promise<void> {
  await page.goto('./models/');
  await expect(page.getByRole('heading', { level: 1, name: 'Models' })).toBeVisible();
  await page.getByLabel('Provider').selectOption('openai-chat');
  await page.getByLabel('Base URL').fill(`${emulator.url}/v1`);
  await page.getByLabel('Model', { exact: true }).fill('emulated-large');
  await page.getByLabel(/^API key/).fill(KEY);
  await page.getByLabel('User message').fill(message);
  await page.getByRole('button', { name: 'Send to the model' }).click();
}

async function expectNothingLost(page: Page, message: string): Promise<void> {
  expect(await page.evaluate(() => document.readyState)).toBe('complete');
  await expect(page.getByLabel('User message')).toHaveValue(message);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(KEY);
}

test('arguments that never end are stopped at their bound and said so; the tab answers and keeps the prompt', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await send(page, '[endless] write a file');
  const error = page.getByTestId('model-error');
  await expect(error).toContainText('Stopped: the arguments of the call to write_file passed 2,000,000 characters', {
    timeout: 60_000,
  });
  await expect(error).toHaveAttribute('data-code', 'too_large');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expectNothingLost(page, '[endless] write a file');
  expect(errors).toEqual([]);
});

test('a connection cut halfway is said so, the text that arrived is kept; the tab answers and keeps the prompt', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await send(page, '[cut] read the readme');
  const error = page.getByTestId('model-error');
  await expect(error).toHaveAttribute('data-code', 'stream_cut', { timeout: 30_000 });
  await expect(error).not.toBeEmpty();
  await expect(page.getByTestId('model-text')).toContainText('Reading.');
  await expectNothingLost(page, '[cut] read the readme');
  expect(errors).toEqual([]);
});

test('markup in the text and the arguments is shown as text, never run; the tab answers and keeps the prompt', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await send(page, '[html] write the page');
  const call = page.getByTestId('model-call');
  await expect(call).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('model-text')).toContainText('Writing <b>bold</b> <img src=x onerror=');
  await expect(call).toContainText('</script><script>document.title=');
  // Nothing of it became an element, and no handler ran.
  await expect(page.locator('img[src="x"], b:text-is("bold"), body script:text-matches("pwned")')).toHaveCount(0);
  expect(await page.title()).not.toBe('pwned');
  await expectNothingLost(page, '[html] write the page');
  expect(errors).toEqual([]);
});

test('an event of broken JSON mid-stream is named, and what arrived is kept; the tab answers and keeps the prompt', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await send(page, '[malformed] read two things');
  const error = page.getByTestId('model-error');
  await expect(error).toHaveAttribute('data-code', 'bad_response', { timeout: 30_000 });
  await expect(error).toContainText('The stream sent an event that is not a JSON object');
  await expect(page.getByTestId('model-text')).toContainText('Reading two things.');
  await expectNothingLost(page, '[malformed] read two things');
  expect(errors).toEqual([]);
});
