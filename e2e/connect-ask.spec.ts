/**
 * What a live server asks of the person, in Chromium against the SDK v2 test server on loopback: an elicitation form
 * answered in the page (in each serving mode, and on a 2025-era session), a refused answer that keeps what was typed,
 * decline and cancel, a URL opened only on the person's click, and sampling approved (answered by the provider
 * emulator) or declined. Run as an impatient person: typing and clicking the moment things appear.
 */
import { expect, test, type Page } from '@playwright/test';
import { startMcpV2Server, type McpV2Server, type McpV2ServerOptions } from './servers/mcp-v2-server';
import { useProviderEmulator } from './servers/provider-emulator-hooks';
import { collectPageErrors, connect, setEditorText } from './helpers';

const emulator = useProviderEmulator(test);
let server: McpV2Server | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: McpV2ServerOptions = {}): Promise<McpV2Server> {
  server = await startMcpV2Server(options);
  return server;
}

/** Connects (on a 2025-era session when `legacy`), then opens the live tool's page from the card. */
async function openLiveTool(page: Page, url: string, name: string, legacy = false): Promise<void> {
  if (legacy) {
    await page.goto('./connect/');
    await page.getByLabel('Server URL').fill(url);
    await page.getByLabel('Protocol era').selectOption('legacy');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByTestId('connection').getByRole('status').first()).toHaveText('Connected', {
      timeout: 30_000,
    });
  } else await connect(page, url);
  // A tool with a title is linked by its title, its name beside it.
  await page
    .getByTestId('server-tools')
    .getByTestId('tool')
    .filter({ has: page.locator(`a:text-is("${name}"), code:text-is("${name}")`) })
    .getByRole('link')
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
}

/** Types the arguments the moment the editor shows; a page that draws the editor again meanwhile gets them again. */
const typeArguments = (page: Page, args: object) =>
  expect(() => setEditorText(page, JSON.stringify(args))).toPass({ timeout: 30_000 });

const execute = (page: Page) => page.getByRole('button', { name: /^Execute/ }).click();
const dialog = (page: Page) => page.getByRole('dialog');
const result = (page: Page) => page.getByTestId('mcp-result');

const SERVING: [string, McpV2ServerOptions, boolean][] = [
  ['default serving', {}, false],
  ['modern-only serving', { modernOnly: true }, false],
  ['a 2025-era session', { legacySessions: true }, true],
];

for (const [serving, options, legacy] of SERVING) {
  test(`${serving}: an elicitation is answered in the form; a refused answer keeps what was typed`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const { url, state } = await start(options);
    await openLiveTool(page, url, 'delete_file', legacy);
    await typeArguments(page, { path: 'notes.txt' });
    await execute(page);
    await expect(dialog(page)).toBeVisible({ timeout: 30_000 });
    await expect(dialog(page).getByTestId('ask-message')).toHaveText('Delete notes.txt?');
    const reason = dialog(page).getByLabel('Reason');
    const tooLong = 'because the quarterly report replaced it last week';
    await reason.fill(tooLong);
    await dialog(page).getByLabel('Delete it?').selectOption({ label: 'Yes' });
    // The default is filled in.
    await expect(dialog(page).getByLabel('Priority').locator('option:checked')).toHaveText('low');
    await dialog(page).getByRole('button', { name: 'Accept' }).click();
    await expect(dialog(page).getByTestId('ask-errors')).toContainText('40');
    await expect(reason).toHaveValue(tooLong);
    await expect(dialog(page).getByLabel('Delete it?').locator('option:checked')).toHaveText('Yes');
    expect(state.answers).toEqual([]);
    await reason.fill('replaced');
    await dialog(page).getByRole('button', { name: 'Accept' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(result(page)).toContainText('Deleted notes.txt', { timeout: 30_000 });
    expect(state.answers).toHaveLength(1);
    expect(state.answers[0]).toMatch(/^delete_file: accept /);
    expect(JSON.parse(state.answers[0]!.replace('delete_file: accept ', ''))).toEqual({
      confirm: true,
      reason: 'replaced',
      priority: 'low',
    });
    // The log folds the rounds under the call, with their count.
    await page.getByRole('link', { name: 'connection, pin and protocol log' }).click();
    const rounds = page.getByTestId('connection').getByTestId('log-rounds');
    await expect(rounds).toHaveCount(1);
    await expect(rounds.locator('summary').first()).toContainText('1 input round during this call');
    expect(errors).toEqual([]);
  });
}

test('decline and cancel each reach the server', async ({ page }) => {
  const { url, state } = await start();
  await openLiveTool(page, url, 'delete_file');
  await typeArguments(page, { path: 'a.txt' });
  await execute(page);
  await dialog(page).getByRole('button', { name: 'Decline' }).click();
  await expect(result(page)).toContainText('Not deleted (decline)', { timeout: 30_000 });
  await execute(page);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(result(page)).toContainText('Not deleted (cancel)', { timeout: 30_000 });
  expect(state.answers).toEqual(['delete_file: decline null', 'delete_file: cancel null']);
});

test('a URL request shows the full URL and its domain, and opens it only on a click, without an opener', async ({
  page,
  context,
}) => {
  const { url, state } = await start();
  const opened: string[] = [];
  context.on('page', (popup) => opened.push(popup.url()));
  await context.route('https://auth.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>Signed in</p>' }),
  );
  await openLiveTool(page, url, 'sign_in_elsewhere');
  await execute(page);
  await expect(dialog(page).getByTestId('ask-url')).toHaveText('https://auth.example.com/connect?state=abc');
  await expect(dialog(page).getByTestId('ask-domain')).toHaveText('auth.example.com');
  expect(opened).toEqual([]);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    dialog(page).getByRole('link', { name: 'Open auth.example.com' }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe('https://auth.example.com/connect?state=abc');
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(result(page)).toContainText('url elicitation: accept', { timeout: 30_000 });
  expect(state.answers).toEqual(['sign_in_elsewhere: accept']);
});

test('sampling: nothing goes to a model before Approve; the edited request is answered by the chosen model', async ({
  page,
}) => {
  const { url } = await start();
  await openLiveTool(page, url, 'summarize');
  await typeArguments(page, { topic: 'the report' });
  const before = emulator.requests.length;
  await execute(page);
  const message = dialog(page).getByLabel('Message 1 (user)');
  await expect(message).toHaveValue('Summarize the report');
  await expect(dialog(page).getByTestId('sampling-max-tokens')).toHaveText('50');
  await message.fill('Summarize the report in one line');
  await dialog(page).getByLabel('Provider (answers the request)').selectOption('openai-chat');
  await dialog(page).getByLabel('Base URL (answers the request)').fill(`${emulator.url}/v1`);
  await dialog(page).getByLabel('Model (answers the request)').fill('emulated-model');
  await dialog(page).getByLabel('API key').fill('sk-sampling-test');
  expect(emulator.requests.length).toBe(before);
  await dialog(page).getByRole('button', { name: 'Approve edited request' }).click();
  await expect(result(page)).toContainText('model emulated-model: Hello from the emulator.', { timeout: 30_000 });
  expect(emulator.requests.length).toBe(before + 1);
  expect(JSON.stringify(emulator.requests.at(-1)!.body)).toContain('Summarize the report in one line');
  // The key went to the model only: the protocol log never holds it.
  await page.getByRole('link', { name: 'connection, pin and protocol log' }).click();
  const log = page.getByTestId('connection').locator('.mcp-log');
  await expect(log.getByTestId('log-rounds')).toHaveCount(1);
  expect(await log.innerHTML()).not.toContain('sk-sampling-test');
});

test('sampling declined reaches the server as a refusal, and no model is asked', async ({ page }) => {
  const { url } = await start();
  await openLiveTool(page, url, 'summarize');
  await typeArguments(page, { topic: 'the report' });
  const before = emulator.requests.length;
  await execute(page);
  await dialog(page).getByRole('button', { name: 'Decline' }).click();
  await expect(page.locator('.mcp-live-panel')).toContainText('declined', { timeout: 30_000 });
  expect(emulator.requests.length).toBe(before);
});

for (const [serving, options, legacy] of [SERVING[0]!, SERVING[2]!]) {
  test(`${serving}: a call stopped from its open dialog closes the dialog with a line saying why; no answer is sent`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const { url, state } = await start(options);
    await openLiveTool(page, url, 'delete_file', legacy);
    await typeArguments(page, { path: 'keep.txt' });
    await execute(page);
    await expect(dialog(page).getByTestId('ask-message')).toHaveText('Delete keep.txt?', { timeout: 30_000 });
    await dialog(page).getByLabel('Delete it?').selectOption({ label: 'Yes' });
    await dialog(page).getByRole('button', { name: 'Stop the call' }).click();
    await expect(dialog(page)).toHaveCount(0);
    const line = page.getByTestId('ask-withdrawn');
    await expect(line).toContainText('question “Delete keep.txt?” closed unanswered: the call was stopped.');
    await expect(page.locator('.mcp-live-panel')).toContainText('tools/call delete_file was cancelled', {
      timeout: 30_000,
    });
    expect(state.answers).toEqual([]);
    await line.getByRole('button', { name: 'Dismiss' }).click();
    await expect(line).toHaveCount(0);
    // The next call asks again, and its answer goes through.
    await execute(page);
    await dialog(page).getByLabel('Delete it?').selectOption({ label: 'Yes' });
    await dialog(page).getByRole('button', { name: 'Accept' }).click();
    await expect(result(page)).toContainText('Deleted keep.txt', { timeout: 30_000 });
    expect(state.answers).toHaveLength(1);
    expect(errors).toEqual([]);
  });
}
