/**
 * What a connected server says about itself, on the Connect page and beside its live tools: instructions,
 * capabilities, resources and prompts (read-only, the server's text as text), and the server panel that replaces
 * the in-memory workspace on a live tool's page. Against the SDK test server on loopback.
 */
import { expect, test, type Page } from '@playwright/test';
import { startMcpTestServer, type McpTestServer } from './servers/mcp-test-server';
import { collectPageErrors, screenshotPath } from './helpers';

let server: McpTestServer;
test.beforeEach(async () => {
  server = await startMcpTestServer();
});
test.afterEach(async () => {
  await server.close();
});

async function connect(page: Page): Promise<void> {
  await page.goto('./connect/');
  await page.getByLabel('Server URL').fill(server.url);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connection').getByRole('status').first()).toHaveText('Connected', { timeout: 30_000 });
}

test("the server's instructions, capabilities, resources and prompts are shown, as text", async ({ page }) => {
  const errors = collectPageErrors(page);
  await connect(page);
  const card = page.getByTestId('connection');
  const declared = card.getByTestId('server-capabilities');
  for (const capability of ['tools (list changes)', 'resources (list changes)', 'prompts (list changes)'])
    await expect(declared).toContainText(capability);
  const instructions = card.getByTestId('server-instructions');
  await expect(instructions).toContainText('Call add for sums; <b>never</b> call slow in a hurry.');
  await expect(instructions.locator('b')).toHaveCount(0);

  const resources = card.getByTestId('server-resources');
  await expect(resources.getByRole('heading')).toHaveText('Resources (2)');
  await expect(resources.getByRole('listitem')).toHaveCount(2);
  await expect(resources.getByRole('listitem').first()).toContainText('Project README');
  await expect(resources.getByRole('listitem').first()).toContainText('file:///project/README.md');
  await expect(resources.getByRole('listitem').first()).toContainText('text/markdown');
  await expect(resources.getByRole('listitem').first()).toContainText('How the <i>project</i> is laid out.');
  await expect(resources.locator('i')).toHaveCount(0);

  const prompts = card.getByTestId('server-prompts');
  await expect(prompts.getByRole('heading')).toHaveText('Prompts (2)');
  const review = prompts.getByRole('listitem').filter({ hasText: 'Review code' });
  await expect(review).toContainText('Asks for a review of a change.');
  // Each argument is a field of the prompt's form, its description as the field's help.
  const form = review.getByRole('form', { name: 'Arguments of review_code' });
  await expect(form.getByRole('textbox', { name: 'code', exact: true })).toHaveAccessibleDescription(
    'The code to review',
  );
  await expect(form.getByRole('textbox', { name: 'focus (optional)' })).toHaveAccessibleDescription('What to look at');
  await expect(prompts.getByRole('listitem').filter({ hasText: 'summarize' })).toContainText('No arguments.');
  expect(errors).toEqual([]);
});

test("a live tool's page shows the server it calls instead of the in-memory workspace", async ({ page }) => {
  await connect(page);
  await page.getByRole('link', { name: /Open the live toolset/ }).click();
  await page.getByRole('link', { name: 'add', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'add' })).toBeVisible({ timeout: 30_000 });
  const aside = page.getByRole('complementary', { name: 'Server' });
  const panel = aside.getByTestId('server-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'The server it calls' })).toBeVisible();
  await expect(panel).toContainText('schema-test-server 1.0.0');
  await expect(panel).toContainText(server.url);
  await expect(panel).toContainText('Connected');
  await expect(panel).toContainText(/Resources\s*2/);
  await expect(panel).toContainText(/Prompts\s*2/);
  await panel.getByText('Instructions for the model').click();
  await expect(panel.getByTestId('server-panel-instructions')).toContainText('<b>never</b>');
  // No workspace beside a live tool: neither its side column nor its file tree.
  await expect(page.getByRole('complementary', { name: 'Workspace' })).toHaveCount(0);
  await expect(page.getByTestId('workspace-explorer')).toHaveCount(0);
  await expect(panel.getByRole('link', { name: /The connection, its pin and protocol log/ })).toHaveAttribute(
    'href',
    /\/connect\/$/,
  );
  // Embedding takes bundled toolsets only: the page says so instead of a preview that fails.
  await page.locator('#embed').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('embed-not-bundled')).toHaveText(
    /imported from a live server and exists only in this browser/,
  );

  // A bundled tool's page keeps its workspace.
  await page.goto('./tools/read_file/');
  await expect(page.getByRole('complementary', { name: 'Workspace' })).toBeVisible({ timeout: 30_000 });
});

test('the server details and the server panel, light and dark, desktop and phone (screenshots)', async ({ page }) => {
  // Eight screenshots, two of them full pages: more than the default allowance on a busy machine.
  test.setTimeout(180_000);
  await connect(page);
  const card = page.getByTestId('connection');
  await expect(card.getByTestId('server-prompts')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await card.getByTestId('server-capabilities').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`connect-server-offers-${scheme}-${width}`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: /Open the live toolset/ }).click();
  await page.getByRole('link', { name: 'echo', exact: true }).first().click();
  const panel = page.getByTestId('server-panel');
  await expect(panel).toContainText('Connected', { timeout: 30_000 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`connect-server-panel-${scheme}-${width}`) });
    }
  }
});
