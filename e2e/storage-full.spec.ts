/** A browser whose storage for the site is full: every write refused is said where it was typed, and the text stays. */
import { expect, test } from '@playwright/test';
import { collectPageErrors, openTool, setEditorText } from './helpers';
import { startMcpTestServer, type McpTestServer } from './servers/mcp-test-server';

/** Every write to localStorage, sessionStorage and IndexedDB is refused as a full disk refuses it. */
const fullStorage = () => {
  Storage.prototype.setItem = function () {
    throw new DOMException('', 'QuotaExceededError');
  };
  IDBObjectStore.prototype.put = function () {
    throw new DOMException('', 'QuotaExceededError');
  };
};

const FULL =
  /not saved\. The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)\. Free space/;

let server: McpTestServer | null = null;
test.beforeEach(async ({ page }) => {
  await page.addInitScript(fullStorage);
});
test.afterEach(async () => {
  await server?.close();
  server = null;
});

test('Models settings, an eval suite and a connection say they were not saved, with the reason, and keep what was typed', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const mcp = (server = await startMcpTestServer());

  await page.goto('./models/');
  const message = page.getByLabel('User message');
  await expect(message).toBeVisible();
  await message.fill('Read the README, please.');
  await expect(page.getByRole('alert').filter({ hasText: 'These settings were not saved' })).toHaveText(FULL);
  await expect(message).toHaveValue('Read the README, please.');

  await page.goto('./evals/');
  await page.getByRole('button', { name: 'New suite' }).click();
  const name = page.getByLabel('Suite name');
  await name.fill('Reading files');
  await expect(page.getByTestId('suite-not-saved')).toHaveText(
    /^This suite was not saved in the browser: The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)\. .* Export it to keep it\.$/,
  );
  await expect(name).toHaveValue('Reading files');

  await page.goto('./connect/');
  const url = page.getByLabel('Server URL');
  await url.fill(mcp.url);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: "The server's tools could not be kept in this browser" }),
  ).toHaveText(
    /The server's tools could not be kept in this browser\. The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)\./,
    { timeout: 30_000 },
  );
  await expect(url).toHaveValue(mcp.url);
  expect(errors).toEqual([]);
});

test('write_file on a full disk fails, saying the file was not saved and why, to the page and in the text a model gets', async ({
  page,
}) => {
  await openTool(page, 'write_file');
  await setEditorText(page, JSON.stringify({ path: 'full-disk.txt', content: 'not kept\n' }));
  await expect(page.getByRole('button', { name: /Execute/ })).toBeEnabled();
  await page.getByRole('button', { name: /Execute/ }).click();
  const result = page.getByTestId('execution-result');
  await expect(result.getByTestId('result-status')).toHaveText('✗ workspace_not_saved', { timeout: 60_000 });
  const notSaved =
    /Not saved: the change is in this tab's workspace only and is lost on reload, because the workspace could not be saved in this browser\. The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)/;
  await expect(result.locator('.exec-result-message')).toHaveText(notSaved);
  await result.getByRole('tab', { name: 'LLM text' }).click();
  await expect(result.getByRole('tabpanel')).toContainText("Not saved: the change is in this tab's workspace only");
});
