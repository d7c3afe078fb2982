/**
 * A site written by `tool-schemas site build` from a real MCP server's tools/list (server-filesystem, from the audit
 * corpus), served as a static host serves it (scripts/static-host.ts, netlify.toml's headers): a tool page validates
 * and executes its mock, a tool with no mock says so and Execute answers the same, search finds a tool, llms.txt lists
 * every tool, and a Markdown twin matches its page.
 * The site is built by the CLI from the sources, once, into a temporary folder, and served on E2E_PORT + 1.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticHost, listen } from '../scripts/static-host';
import { buildSite, serveSite } from './built-site';
import { noCodeAnswer, noCodeMessage } from '../src/core/runtime/no-code';
import { MISSING_HEADERS_MESSAGE } from '../src/app/worker/runtime-load-failure';
import { setEditorText } from './helpers';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const corpus = join(projectRoot, 'src/core/audit/corpus/server-filesystem.json');
const tools = (JSON.parse(readFileSync(corpus, 'utf8')) as { tools: { name: string }[] }).tools.map(
  (tool) => tool.name,
);
const port = Number(process.env.E2E_PORT ?? 4173) + 1;

let work: string;
let server: Server;
let site: string;
let out: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  work = mkdtempSync(join(tmpdir(), 'e2e-site-build-'));
  const mocks = join(work, 'mocks.json');
  writeFileSync(
    mocks,
    JSON.stringify({
      list_allowed_directories: { content: 'Allowed directories:\n/srv/projects' },
      get_file_info: { $function: "(args) => ({ content: 'size of ' + args.path + ': 42 bytes' })" },
    }),
  );
  out = join(work, 'site');
  buildSite([corpus, '--mocks', mocks], out);
  ({ server, url: site } = await serveSite(out, port));
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (work) rmSync(work, { recursive: true, force: true });
});

const open = async (page: Page, path: string) => {
  await page.goto(new URL(path, site).href);
  await expect(page.locator('#root[data-route]')).toBeAttached();
};

test('a tool page validates its arguments and executes its mock', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await open(page, 'tools/read_text_file/');
  await expect(page.getByRole('heading', { level: 1, name: 'read_text_file' })).toBeVisible();
  await setEditorText(page, '{"head": 3}');
  await expect(page.getByText(/Missing required property 'path'/).first()).toBeVisible({ timeout: 20_000 });
  // Its tool's module, named from the site's index of names, adds its generated validator's entry: both are loaded.
  expect(
    requested.filter((path) => /\/data\/(page-tools|validators)\/\d+-read_text_file\.js$/.test(path)),
  ).toHaveLength(2);

  await open(page, 'tools/list_allowed_directories/');
  await setEditorText(page, '{}');
  const execute = page.getByRole('button', { name: /Execute/ });
  await expect(execute).toBeEnabled();
  await execute.click();
  const approve = page.getByRole('dialog', { name: 'Approve this call?' });
  const result = page.getByTestId('execution-result');
  await expect(approve.or(result.getByTestId('result-status'))).toBeVisible({ timeout: 30_000 });
  if (await approve.isVisible()) await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(result.getByTestId('result-status')).toHaveText('✓ Success', { timeout: 30_000 });
  await expect(result).toContainText('/srv/projects');
  expect(errors).toEqual([]);
});

test('a function mock answers Execute from the arguments, in the page’s sandbox', async ({ page }) => {
  await open(page, 'tools/get_file_info/');
  await setEditorText(page, '{"path": "/srv/projects/notes.txt"}');
  const execute = page.getByRole('button', { name: /Execute/ });
  await expect(execute).toBeEnabled();
  await execute.click();
  const approve = page.getByRole('dialog', { name: 'Approve this call?' });
  const result = page.getByTestId('execution-result');
  await expect(approve.or(result.getByTestId('result-status'))).toBeVisible({ timeout: 30_000 });
  if (await approve.isVisible()) await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(result.getByTestId('result-status')).toHaveText('✓ Success', { timeout: 30_000 });
  await expect(result).toContainText('size of /srv/projects/notes.txt: 42 bytes');
});

test('a tool with no mock says it has no code here; Execute checks the arguments, asks no approval and runs nothing', async ({
  page,
}) => {
  const sentence = noCodeMessage('list_directory');
  await open(page, 'tools/list_directory/');
  await expect(page.getByTestId('execution-intro')).toHaveText(sentence);
  // Nothing of the workspace beside a call that runs nothing.
  await expect(page.getByRole('complementary', { name: 'Workspace' })).toHaveCount(0);
  const execute = page.getByRole('button', { name: /Execute/ });
  await setEditorText(page, '{"path": 7}');
  await expect(page.getByTestId('execution-summary')).toHaveText('Fix the arguments to execute', { timeout: 20_000 });
  await expect(page.getByTestId('execution-panel').getByRole('button', { name: 'Workspace files' })).toHaveCount(0);
  await expect(execute).toBeDisabled();
  await setEditorText(page, '{"path": "/srv/projects"}');
  await expect(execute).toBeEnabled();
  await expect(page.getByTestId('execution-panel').getByText('needs approval')).toHaveCount(0);
  await execute.click();
  const result = page.getByTestId('execution-result');
  await expect(result.getByTestId('result-status')).toHaveText('✗ not_implemented', { timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'Approve this call?' })).toHaveCount(0);
  await expect(result).toContainText(noCodeAnswer('list_directory'));
  await expect(result).toContainText(/Approval\s*not needed/);
  // The sentence once on the page: the panel's, not the result's.
  await expect(page.getByText("The site's owner gives it an answer")).toHaveCount(1);
  await expect(result).not.toContainText('tool_not_found');
});

test('the catalog card of a tool with no mock says it has no code here; one with a mock, that it runs', async ({
  page,
}) => {
  await open(page, './');
  const card = (name: string) => page.locator(`.tool-card[data-tool="${name}"]`);
  await expect(card('list_directory').getByTestId('tool-availability')).toHaveText('No code on this site');
  await expect(card('list_allowed_directories').getByTestId('tool-availability')).toHaveText('Can run here');
  await expect(page.getByTestId('catalog-availability')).toHaveText(`2 of ${tools.length} tools can run here`);
});

test('a tool with no mock has its sentence in the prerendered page, and the app takes the page over without a mismatch', async ({
  browser,
  page,
}) => {
  const sentence = noCodeMessage('list_directory');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const still = await context.newPage();
  await still.goto(new URL('tools/list_directory/', site).href);
  await expect(still.getByTestId('execution-intro')).toHaveText(sentence);
  await expect(still.getByRole('heading', { level: 2, name: 'Execute' })).toBeVisible();
  await context.close();

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await open(page, 'tools/list_directory/');
  await expect(page.getByTestId('validation-panel')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('execution-summary')).toBeVisible();
  await expect(page.getByTestId('execution-intro')).toHaveText(sentence);
  expect(problems).toEqual([]);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
])
  test(`at ${viewport.width}x${viewport.height}, the room a no-code tool's page keeps for Execute is the panel's: nothing below moves when the app takes over`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    try {
      const page = await context.newPage();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // The app's entry is held until the prerendered page has been measured.
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(new URL('tools/list_directory/', site).href);
      await expect(page.getByTestId('execution-intro')).toBeVisible();
      const below = () =>
        page.locator('#playground').evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      const before = await below();
      await expect(page.getByTestId('execution-panel')).toHaveCount(0);
      release();
      await expect(page.getByTestId('execution-panel')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('execution-summary')).toHaveText('Fix the arguments to execute', {
        timeout: 20_000,
      });
      expect(await below()).toBe(before);
    } finally {
      await context.close();
    }
  });

test('served without the site’s headers, Execute says in plain words which header the server has to send', async ({
  page,
}) => {
  const plain = createStaticHost(out, { headers: [], redirects: [] });
  const plainSite = await listen(plain, port + 1);
  try {
    await page.goto(new URL('tools/list_allowed_directories/', plainSite).href);
    await expect(page.locator('#root[data-route]')).toBeAttached();
    await setEditorText(page, '{}');
    const execute = page.getByRole('button', { name: /Execute/ });
    await expect(execute).toBeEnabled();
    await execute.click();
    const result = page.getByTestId('execution-result');
    await expect(result.getByTestId('result-status')).toBeVisible({ timeout: 30_000 });
    await expect(result).toContainText(MISSING_HEADERS_MESSAGE);
    await expect(result).toContainText('Access-Control-Allow-Origin: *');
  } finally {
    await new Promise((resolve) => plain.close(resolve));
  }
});

test('search finds a tool', async ({ page }) => {
  await open(page, './');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('move');
  await expect(page.locator('.tool-card')).toHaveCount(1);
  await expect(page.locator('.tool-card')).toContainText('move_file');
});

test('llms.txt lists every tool, each with a served Markdown twin', async ({ page }) => {
  const text = await (await page.request.get(new URL('llms.txt', site).href)).text();
  for (const name of tools) {
    expect(text).toContain(`- [${name}](/tools/${name}/index.md)`);
    const twin = await page.request.get(new URL(`tools/${name}/index.md`, site).href);
    expect(twin.status()).toBe(200);
    expect((await twin.text()).startsWith(`# \`${name}\`\n`)).toBe(true);
  }
});

test("a Markdown twin's parameters match its page, row for row", async ({ page }) => {
  const markdown = await (await page.request.get(new URL('tools/read_text_file/index.md', site).href)).text();
  const section = markdown.split('\n## Parameters\n')[1]?.split(/\n#{1,6} /)[0] ?? '';
  const twinRows = section
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .slice(2)
    .map((line) =>
      line
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .slice(0, 2)
        .map((cell) => cell.replace(/^`+ ?| ?`+$/g, '')),
    );
  await open(page, 'tools/read_text_file/');
  const rows = page.getByTestId('parameter-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const pageRows = await rows.evaluateAll((elements) =>
    elements.map((row) =>
      [...row.querySelectorAll('th, td')].slice(0, 2).map((cell) => (cell.textContent ?? '').trim()),
    ),
  );
  expect(twinRows.length).toBeGreaterThan(0);
  expect(twinRows).toEqual(pageRows);
});
