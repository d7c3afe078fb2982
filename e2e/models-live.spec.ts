/**
 * The Models page with a live MCP toolset: the SDK test server and the provider emulator on loopback; the model's
 * valid call runs on the server (tools/call), its result goes back to the model and shows on the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { startMcpTestServer, type McpTestServer } from './servers/mcp-test-server';
import { startMcpV2Server } from './servers/mcp-v2-server';
import { LIVE_ANSWER } from '../src/core/model/emulator/scenarios';
import { useProviderEmulator } from './servers/provider-emulator-hooks';
import { collectPageErrors, screenshotPath } from './helpers';

const KEY = 'sk-emulated-live-5512';
const TOOLSET = 'mcp-schema-test-server';
let server: McpTestServer;
const emulator = useProviderEmulator(test);

test.beforeAll(async () => {
  server = await startMcpTestServer();
});
test.afterAll(async () => {
  await server.close();
});

async function connectAndFill(page: Page, message: string, url = server.url, toolset = TOOLSET): Promise<void> {
  await page.goto('./connect/');
  await page.getByLabel('Server URL').fill(url);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connection').getByRole('status').first()).toHaveText('Connected', { timeout: 30_000 });

  await page.goto('./models/');
  await expect(page.getByRole('heading', { level: 1, name: 'Models' })).toBeVisible();
  await page.getByLabel('Toolset', { exact: true }).last().selectOption(toolset);
  await page.getByLabel('Provider', { exact: true }).selectOption('openai-chat');
  await page.getByLabel('Base URL', { exact: true }).fill(`${emulator.url}/v1`);
  await page.getByLabel('Model', { exact: true }).fill('emulated-large');
  await page.getByLabel(/^API key/).fill(KEY);
  await page.getByLabel('User message').fill(message);
  await page.getByLabel(/Run valid calls in the workspace/).check();
}

test('a live toolset on the Models page: the model calls a live tool, the server runs it, its result goes back and is shown', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await connectAndFill(page, '[live] Add 2 and 40');
  await page.getByRole('button', { name: 'Send to the model' }).click();

  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'finished', { timeout: 60_000 });
  const sent = page.getByTestId('model-call-sent');
  await expect(sent).toHaveCount(1);
  await expect(sent.nth(0)).toContainText('Ran');
  // The server's text (2 + 40) and its structuredContent, as the model got them.
  await expect(sent.nth(0)).toContainText('Message: 42');
  await expect(sent.nth(0)).toContainText('sum');
  await expect(page.getByTestId('model-text').last()).toHaveText(LIVE_ANSWER);
  expect(JSON.stringify(emulator.requests.at(-1)!.body)).toContain('Message: 42');
  expect(errors).toEqual([]);
  await page.getByTestId('model-run').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('models-live') });
});

test('a live tool that needs approval (medium, no annotations) asks in the same dialog, and runs on the server once approved', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  // A tool the server registers for every new session, declared without annotations: imported as medium risk.
  server.state.addedTools.push('stamp');
  await connectAndFill(page, '[livestamp] Stamp a note');
  await page.getByRole('button', { name: 'Send to the model' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('stamp');
  await expect(dialog).toContainText('Medium Risk');
  await page.screenshot({ path: screenshotPath('models-live-approval') });
  // Nothing ran before the approval.
  await expect(page.getByTestId('model-call-sent')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('model-call-sent').nth(0)).toContainText('Message: stamp: approved by hand');
  expect(errors).toEqual([]);
});

test('a live tool called by a model that asks the person shows its form on the Models page, and the answer reaches the server', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const v2 = await startMcpV2Server({ legacySessions: true });
  try {
    await connectAndFill(page, '[liveask] Delete the notes', v2.url, 'mcp-schema-v2-server');
    await page.getByRole('button', { name: 'Send to the model' }).click();
    const approval = page.getByRole('dialog', { name: 'Approve this call?' });
    await expect(approval).toBeVisible({ timeout: 30_000 });
    await approval.getByRole('button', { name: 'Approve' }).click();
    // What the server asks shows here too: the form, answered; the call goes on with the answer.
    const ask = page.getByRole('dialog');
    await expect(ask.getByTestId('ask-message')).toHaveText('Delete /tmp/notes.txt?', { timeout: 30_000 });
    await ask.getByLabel('Delete it?').selectOption({ label: 'Yes' });
    await ask.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByTestId('model-stop')).toHaveAttribute('data-reason', 'finished', { timeout: 60_000 });
    await expect(page.getByTestId('model-call-sent').nth(0)).toContainText('Deleted /tmp/notes.txt');
    expect(v2.state.answers).toEqual([expect.stringMatching(/^delete_file: accept /)]);
    expect(errors).toEqual([]);
  } finally {
    await v2.close();
  }
});
