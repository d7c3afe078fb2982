import { readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { encodeArgumentsText } from '../src/app/lib/shareLink';
import { collection, editorJson, holdScripts, screenshotPath, waitForEditor } from './helpers';

const pathOf = (toolsetId: string, toolName: string) =>
  toolsetId === 'acode-core' ? `tools/${toolName}/` : `toolsets/${toolsetId}/tools/${toolName}/`;

/** Holds the app's scripts back until `release`: the page is what the build wrote, as a reader sees it first. */
test('with JavaScript disabled, every tool’s page shows its parameters, examples, schema and audit', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const toolset of collection.toolsets) {
    for (const tool of toolset.tools) {
      const response = await page.goto(`./${pathOf(toolset.manifest.id, tool.name)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
      await expect(page).toHaveTitle(`${tool.name} · ${toolset.manifest.name} · Tool Schema Playground`);
      const parameters = Object.keys((tool.inputSchema.properties ?? {}) as object);
      if (parameters.length > 0) {
        for (const name of parameters)
          await expect(page.getByTestId('parameter-table').getByText(name, { exact: true }).first()).toBeVisible();
      } else await expect(page.getByText('This tool takes no parameters.')).toBeVisible();
      await expect(page.locator('#examples .example-list').first().locator('> figure')).toHaveCount(
        tool.examples.length,
      );
      await expect(page.locator('#schema code')).toContainText(String(tool.inputSchema.$id));
      // The audit's findings, those that need RE2 (execute_command's warning patterns) included: never "Auditing…".
      await expect(page.locator('#audit [data-testid="audit-table"], #audit [data-testid="audit-clean"]')).toHaveCount(
        1,
      );
      await expect(page.locator('#audit [role="status"]')).toHaveCount(0);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `/${pathOf(toolset.manifest.id, tool.name)}`,
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        `${tool.name} · ${toolset.manifest.name} · Tool Schema Playground`,
      );
    }
  }
  // The catalogs too: every tool listed, each a link to its page.
  await page.goto('./toolsets/prfactory-agent-tools/');
  const prfactory = collection.toolsets.find((toolset) => toolset.manifest.id === 'prfactory-agent-tools')!;
  await expect(page.locator('.tool-card')).toHaveCount(prfactory.tools.length);
  await page.goto('./tools/read_file/');
  await page.screenshot({ path: screenshotPath('prerendered-read_file-no-js'), fullPage: false });
  await context.close();

  // The sitemap lists the catalogs, every tool, import and check; a wrong path is a real 404.
  const sitemap = await (await request.get(`${baseURL}sitemap.xml`)).text();
  const count = collection.toolsets.reduce((sum, toolset) => sum + toolset.tools.length, 0);
  // Beside the tools and catalogs: import/, check/, models/, connect/, evals/ and a page per guide topic.
  const guidePages = readdirSync('docs').filter((name) => name.endsWith('.md')).length;
  expect(sitemap.match(/<loc>/g)).toHaveLength(count + collection.toolsets.length + 5 + guidePages);
  expect(sitemap).toContain('/guide/connect/</loc>');
  const missing = await request.get(`${baseURL}tools/no_such_tool/`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Page not found');
});

test('without JavaScript a page follows the system theme; with it, the theme chosen on the site wins', async ({
  browser,
}) => {
  const background = (page: import('@playwright/test').Page) =>
    page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  for (const [colorScheme, expected] of [
    ['dark', 'rgb(14, 17, 22)'],
    ['light', 'rgb(247, 248, 250)'],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme });
    const page = await context.newPage();
    await page.goto('./tools/read_file/');
    expect(await background(page), colorScheme).toBe(expected);
    if (colorScheme === 'dark') await page.screenshot({ path: screenshotPath('prerendered-read_file-no-js-dark') });
    await context.close();
  }
  // A system in dark mode, the site told to stay light: boot.js sets the theme, and the system's twin rules stay out.
  const context = await browser.newContext({ colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('tsp:theme', 'light'));
  const page = await context.newPage();
  await page.goto('./tools/read_file/');
  expect(await background(page)).toBe('rgb(247, 248, 250)');
  await context.close();
});

test('the app takes over a prerendered tool page in place: same elements, nothing moves, no errors', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const release = await holdScripts(page);
  await page.goto('./tools/read_file/', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: 'read_file' });
  await expect(heading).toBeVisible();
  const before = await page.evaluate(() => {
    const marked = {
      h1: document.querySelector('h1'),
      table: document.querySelector('[data-testid="parameter-table"]'),
    };
    (window as unknown as { prerendered: typeof marked }).prerendered = marked;
    return { h1: marked.h1!.getBoundingClientRect().toJSON(), table: marked.table!.getBoundingClientRect().toJSON() };
  });
  release();
  // Interactive: the form is there and validates.
  await expect(page.getByTestId('validation-panel')).toBeVisible();
  const after = await page.evaluate(() => {
    const marked = (window as unknown as { prerendered: { h1: Element; table: Element } }).prerendered;
    return {
      sameHeading: marked.h1 === document.querySelector('h1'),
      sameTable: marked.table === document.querySelector('[data-testid="parameter-table"]'),
      h1: marked.h1.getBoundingClientRect().toJSON(),
      table: marked.table.getBoundingClientRect().toJSON(),
    };
  });
  expect(after.sameHeading, 'the heading was kept, not drawn again').toBe(true);
  expect(after.sameTable, 'the parameter table was kept, not drawn again').toBe(true);
  // To the pixel: a room kept in whole pixels may differ from what is drawn by a fraction of one.
  const pixels = (box: Record<string, number>) =>
    Object.fromEntries(Object.entries(box).map(([key, value]) => [key, Math.round(value)]));
  expect(pixels(after.h1)).toEqual(pixels(before.h1));
  expect(pixels(after.table)).toEqual(pixels(before.table));
  expect(problems).toEqual([]);
});

test('every prerendered tool page is taken over without a mismatch: the app renders what the build rendered', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const toolset of collection.toolsets) {
    for (const tool of toolset.tools) {
      await page.goto(`./${pathOf(toolset.manifest.id, tool.name)}`);
      // Taken over: the parts that wait for the browser are there.
      await expect(page.getByTestId('validation-panel')).toBeVisible();
      await expect(page.locator('#audit .section-pending, #audit [aria-busy="true"]')).toHaveCount(0);
      // The audit and the formats are taken over as they come near: then they too match the build's markup.
      await page.locator('#audit').scrollIntoViewIfNeeded();
      await expect(page.locator('#audit [role="status"]')).toHaveCount(0);
      await page.locator('#formats').scrollIntoViewIfNeeded();
      await expect(page.locator('#formats .code-block').first()).toHaveAttribute('data-highlighted', 'true');
    }
  }
  // React reports a page it could not take over (the build's markup differed) as an error, then draws it anew.
  expect(problems).toEqual([]);
});

test('a filter typed into a prerendered catalog before the app takes over still filters', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('./', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('git_c');
  await page.getByLabel('Risk level').selectOption('medium');
  release();
  await expect(page.getByText(/1 of 17 tools match/)).toBeVisible();
  await expect(search).toHaveValue('git_c');
  await expect(page.locator('.tool-card')).toHaveCount(1);
  await expect(page.locator('.tool-card').first()).toContainText('git_commit');
});

test('a click and a file drop made before the app takes the page over happen once it has', async ({ page }) => {
  // "Try it" on an example, clicked the moment the prerendered tool page is on screen.
  let release = await holdScripts(page);
  await page.goto('./tools/read_file/', { waitUntil: 'commit' });
  const example = collection.toolsets[0]!.tools.find((tool) => tool.name === 'read_file')!.examples[1]!;
  await page.getByRole('button', { name: `Try it: ${example.title}` }).click();
  // The header's theme button too, which the app has before the page's own part: it changes once, not twice.
  await page.getByRole('button', { name: /^Theme: System/ }).click();
  release();
  await waitForEditor(page);
  await expect.poll(() => editorJson(page)).toEqual(example.arguments);
  await expect(page.getByRole('button', { name: /^Theme: Light/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // A log dropped on the prerendered Check calls page: checked, not opened by the browser in place of the page.
  await page.unrouteAll();
  release = await holdScripts(page);
  await page.goto('./check/', { waitUntil: 'commit' });
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(
      new File(
        ['{"tool": "read_file", "arguments": {"path": "a.md"}}\n{"tool": "read_file", "arguments": {}}\n'],
        'early.jsonl',
      ),
    );
    return data;
  });
  await page.getByTestId('check-drop').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.getByTestId('check-drop').dispatchEvent('drop', { dataTransfer: transfer });
  release();
  await expect(page.getByTestId('summary-calls').locator('dd')).toHaveText('2');
  await expect(page.getByTestId('summary-invalid').locator('dd')).toHaveText('1');
  await expect(page).toHaveURL(/\/check\/$/);
});

// The app's entry follows links in place as soon as it runs, but takes the page over only once the whole stylesheets
// are there: a link clicked in between opens its page, and the catalog's markup is still taken over without a mismatch.
test('a link clicked after the entry runs and before the app takes the page over opens its page, with no mismatch', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  let entryRan!: () => void;
  const entryRunning = new Promise<void>((resolve) => (entryRan = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // The entry asks for the whole stylesheets (firstPaint.ts): by then it follows links in place.
  await page.route('**/assets/*.css', async (route) => {
    entryRan();
    await gate;
    await route.continue();
  });
  await page.goto('./', { waitUntil: 'commit' });
  await entryRunning;
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator('.tool-card', { hasText: 'git_commit' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/tools\/git_commit\/$/);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'git_commit' })).toBeVisible();
  await page.waitForFunction(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null);
  await expect(page.getByTestId('validation-panel')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('links move between pages without reloading; Back and Forward work; reload opens the same page', async ({
  page,
}) => {
  await page.goto('./');
  // Until the app has taken the page over (it starts once the page is painted, often after the load event), a link is
  // an ordinary one and loads its prerendered page.
  await page.waitForFunction(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator('.tool-card', { hasText: 'git_commit' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/tools\/git_commit\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'git_commit' })).toBeVisible();
  await page.locator('.nav-group-summary', { hasText: 'Model calls' }).click();
  await page.getByRole('link', { name: 'Check calls' }).click();
  await expect(page).toHaveURL(/\/check\/$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'git_commit' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'Acode core tools' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'git_commit' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'git_commit' })).toBeVisible();
  await expect(page.getByTestId('validation-panel')).toBeVisible();
});

test('the hash links of earlier versions open the same page at its real address', async ({ page }) => {
  await page.goto('./#/toolsets/prfactory-agent-tools/tools/ReadFile');
  await expect(page).toHaveURL(/\/toolsets\/prfactory-agent-tools\/tools\/ReadFile\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ReadFile' })).toBeVisible();
  // A shared link of then: its arguments arrive, then the address is the plain page's.
  await page.goto(`./#/tools/read_file?args=${encodeArgumentsText('{\n  "path": "from-an-old-link.md"\n}')}`);
  await expect(page).toHaveURL(/\/tools\/read_file\/$/);
  await waitForEditor(page);
  await expect.poll(() => editorJson(page)).toEqual({ path: 'from-an-old-link.md' });
  await page.goto('./#/check');
  await expect(page).toHaveURL(/\/check\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check calls' })).toBeVisible();
});
