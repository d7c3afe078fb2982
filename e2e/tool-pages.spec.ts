import { expect, test } from '@playwright/test';
import { bundle, editorJson, openTool, waitForEditor } from './helpers';

test('every tool page renders its header and a parameter table row per parameter', async ({ page }) => {
  for (const tool of bundle.tools) {
    await page.goto(`./tools/${tool.name}/`);
    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
    // The version opens the docs below Execute and the playground, with the description.
    await expect(page.locator('#description .tool-facts')).toContainText(tool.version);
    const table = page.getByTestId('parameter-table');
    await expect(table).toBeVisible();
    const properties = Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>);
    for (const property of properties) {
      await expect(table.locator(`tr[data-parameter="${property}"]`)).toHaveCount(1);
    }
    for (const relationship of tool.relationships ?? []) {
      await expect(page.getByText(relationship.description, { exact: true })).toBeVisible();
    }
    // At desktop width the table fits its column: nothing hides past its right edge.
    const region = page.locator('#parameters .table-scroll');
    expect(
      await region.evaluate((element) => element.scrollWidth - element.clientWidth),
      `${tool.name} parameter table overflows`,
    ).toBeLessThanOrEqual(1);
  }
});

test.describe('invalid examples', () => {
  // The page then jumps instead of scrolling smoothly to the playground, as it does for users who ask for less motion.
  test.use({ reducedMotion: 'reduce' });

  test('invalid examples, tried in the playground, give the error each definition expects, on every tool', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const tool of bundle.tools.filter((candidate) => candidate.invalidExamples.length > 0)) {
      await openTool(page, tool.name);
      await page.locator('.invalid-examples > summary').click();
      for (const example of tool.invalidExamples) {
        await page.getByRole('button', { name: `Try it: ${example.title}`, exact: true }).click();
        const expected = page.locator(`[data-testid="error-list"] li[data-code="${example.expected.code}"]`);
        await expect(
          example.expected.parameter
            ? expected.and(page.locator(`[data-parameter="${example.expected.parameter}"]`))
            : expected.first(),
          `${tool.name}: ${example.title}`,
        ).toBeVisible();
      }
    }
  });
});

test('an example copies exactly its JSON, and "Try it" loads it into the editor', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const tool = bundle.tools.find((candidate) => candidate.name === 'execute_command')!;
  const example =
    tool.examples.find((candidate) => 'env' in (candidate.arguments as Record<string, unknown>)) ?? tool.examples[0]!;
  await openTool(page, tool.name);
  await page.getByRole('button', { name: `Copy ${example.title}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `Copy ${example.title}`, exact: true })).toContainText('Copied');
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(example.arguments);
  await waitForEditor(page);
  await page.getByRole('button', { name: `Try it: ${example.title}`, exact: true }).click();
  await expect.poll(() => editorJson(page)).toEqual(example.arguments);

  await page.getByRole('button', { name: `Copy ${tool.name} input schema` }).click();
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(tool.inputSchema);
});

test('a tool page shows the schema, audit findings and provider formats in tabs', async ({ page }) => {
  await page.goto('./tools/execute_command/');
  await expect(page.locator('#schema .code-block')).toContainText('"timeout_seconds"');
  await expect(page.locator('#audit')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Provider formats' }).getByRole('tab');
  await expect(tabs).toHaveText(['OpenAI Chat', 'OpenAI Responses', 'Anthropic', 'Gemini', 'MCP', 'Plain']);
  await expect(tabs.nth(4)).toHaveAttribute('title', 'Model Context Protocol');
  // On a desktop every tab is on screen, on one row.
  await page.getByRole('tablist', { name: 'Provider formats' }).scrollIntoViewIfNeeded();
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport();
  const tops = await tabs.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  await tabs.nth(2).click();
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('"input_schema"');
  // Arrow keys move between tabs; each format says what a strict mode would reject.
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('"type": "function"');
  await expect(page.getByRole('tabpanel').locator('.format-notes')).toContainText('strict');
  // Each tab says what its format is; the MCP one is a tools/list entry, the plain one is not a "definition definition".
  await tabs.nth(4).click();
  await expect(page.getByRole('tabpanel').locator('.format-description')).toContainText('tools/list');
  await expect(page.getByRole('tabpanel').locator('.code-block-label')).toHaveText(
    'Model Context Protocol tools/list entry',
  );
  await tabs.nth(5).click();
  await expect(page.getByRole('tabpanel').locator('.format-description')).toContainText(
    '{name, description, inputSchema}',
  );
  await expect(page.getByRole('tabpanel').locator('.code-block-label')).toHaveText('Plain definition');
  await expect(
    page.getByRole('tabpanel').getByRole('button', { name: 'Copy Plain definition', exact: true }),
  ).toBeVisible();
  // Nested rows of the parameter table carry the schema's words, not filler.
  await expect(page.getByTestId('parameter-table')).not.toContainText('Each entry value');
  // Shiki highlights lazily: by the time the schema is on screen.
  await page.locator('#schema').scrollIntoViewIfNeeded();
  await expect(page.locator('#schema .shiki').first()).toBeVisible();
});

test('on a phone the provider format tabs are one row that scrolls, with arrows, Home and End and a visible focus ring', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('./tools/execute_command/');
  const list = page.getByRole('tablist', { name: 'Provider formats' });
  const tabs = list.getByRole('tab');
  await list.scrollIntoViewIfNeeded();
  const boxes = await tabs.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect()).map(({ top, height }) => ({ top, height })),
  );
  expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
  // The row fits the page: it scrolls inside itself, not the page sideways, and its last tabs start out of view.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(list).toHaveAttribute('data-more-after', 'true');
  await expect(tabs.last()).not.toBeInViewport({ ratio: 0.98 });

  await tabs.first().focus();
  await page.keyboard.press('End');
  await expect(tabs.last()).toBeFocused();
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  // Fully in view (a fraction of a pixel aside: the row scrolls by whole pixels).
  await expect(tabs.last()).toBeInViewport({ ratio: 0.98 });
  await expect(list).toHaveAttribute('data-more-before', 'true');
  await expect(page.getByRole('tabpanel').locator('.code-block-label')).toHaveText('Plain definition');
  const ring = await tabs.last().evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      offset: parseFloat(style.outlineOffset),
    };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  // Drawn inside the tab, so the scrolling row cannot cut it off.
  expect(ring.offset).toBeLessThan(0);

  await page.keyboard.press('Home');
  await expect(tabs.first()).toBeFocused();
  await expect(tabs.first()).toBeInViewport({ ratio: 0.98 });
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.last()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(1)).toBeInViewport({ ratio: 0.98 });
});

test('item rows say required/optional does not apply; rule codes and short constraints stay on one line', async ({
  page,
}) => {
  await page.goto('./tools/git_commit/');
  const parameters = page.getByTestId('parameter-table');
  const itemRequired = parameters.locator('tr[data-parameter="files[]"] td[data-label="Required"]');
  await expect(itemRequired).not.toContainText('optional');
  await expect(itemRequired).toContainText('—');
  await expect(parameters.locator('tr[data-parameter="files"] td[data-label="Required"]')).toHaveText('optional');

  const oneLine = (locator: ReturnType<typeof page.locator>) =>
    locator.evaluateAll((elements) =>
      elements
        .map((element) => ({ text: element.textContent, lines: element.getClientRects().length }))
        .filter((entry) => entry.lines !== 1),
    );
  expect(await oneLine(page.locator('.parameter-table .constraint-short'))).toEqual([]);
  await page.goto('./tools/execute_command/');
  // The audit is taken over as it comes near the screen.
  await page.locator('#audit').scrollIntoViewIfNeeded();
  await expect(page.locator('.audit-rule code').first()).toBeVisible();
  expect(await oneLine(page.locator('.audit-rule code'))).toEqual([]);
  await expect(page.locator('.audit-rule code', { hasText: 'string-max-length' })).toBeVisible();
});

test('code is highlighted when it comes near the viewport, without moving anything; shiki waits until then', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // Hold the editor back: until it is ready, only code near the viewport may bring shiki in.
  await page.route(/loadMonaco-.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    await route.continue().catch(() => {});
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await openTool(page, 'read_file');
  await expect(page.getByTestId('parameter-table')).toBeVisible();
  const example = page.locator('#examples .code-block').first();
  await expect(example.locator('.shiki-fallback')).toContainText('"path"');
  await page.waitForTimeout(500);
  expect(scripts.filter((path) => /engine-javascript|github-(light|dark)/.test(path))).toEqual([]);
  await expect(example).not.toHaveAttribute('data-highlighted', 'true');

  const plainHeight = await example.evaluate((element) => element.getBoundingClientRect().height);
  await example.scrollIntoViewIfNeeded();
  await expect(example).toHaveAttribute('data-highlighted', 'true');
  await expect(example.locator('.shiki')).toContainText('"path"');
  expect(
    Math.abs((await example.evaluate((element) => element.getBoundingClientRect().height)) - plainHeight),
  ).toBeLessThanOrEqual(1);
  // Far below, the schema is still plain text, readable and copyable.
  await expect(page.locator('#schema .code-block')).not.toHaveAttribute('data-highlighted', 'true');
  await expect(page.locator('#schema .shiki-fallback')).toContainText('"$schema"');
});

test('once the editor is ready, code out of view is highlighted too, so scrolling later finds it done', async ({
  page,
}) => {
  await openTool(page, 'read_file');
  await waitForEditor(page);
  await expect(page.locator('#schema .code-block')).toHaveAttribute('data-highlighted', 'true');
  expect(
    await page.locator('#schema').evaluate((element) => element.getBoundingClientRect().top > window.innerHeight + 300),
  ).toBe(true);
});

// The page's weight: every audit rule and every export format are code a reader far above them does not need.
test('the audit and the provider formats keep the build’s markup until they come near, then load and are taken over', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('./tools/read_file/');
  await waitForEditor(page);
  const table = page.getByTestId('audit-table');
  const prerendered = await table.elementHandle();
  expect(scripts.filter((path) => /AuditSection|ProviderFormats/.test(path))).toEqual([]);
  await expect(page.locator('#formats .code-block')).not.toHaveAttribute('data-highlighted', 'true');

  await page.locator('#audit').scrollIntoViewIfNeeded();
  await expect.poll(() => scripts.some((path) => /AuditSection/.test(path))).toBe(true);
  await page.locator('#formats').scrollIntoViewIfNeeded();
  await expect(page.locator('#formats .code-block')).toHaveAttribute('data-highlighted', 'true');
  // Taken over in place: the same table element, now the app's (its sort buttons answer).
  expect(await prerendered!.evaluate((element) => element.isConnected)).toBe(true);
  const tabs = page.getByRole('tablist', { name: 'Provider formats' }).getByRole('tab');
  await tabs.nth(3).click();
  await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);
});

test('a tab clicked while the provider formats’ code is on its way is not lost: it is selected once they are taken over', async ({
  page,
}) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/ProviderFormats-[\w-]+\.js$/, async (route) => {
    asked = true;
    await gate;
    await route.continue();
  });
  await page.goto('./tools/read_file/');
  await page.waitForFunction(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null);
  const tabs = page.getByRole('tablist', { name: 'Provider formats' }).getByRole('tab');
  await page.getByRole('tablist', { name: 'Provider formats' }).scrollIntoViewIfNeeded();
  await expect.poll(() => asked).toBe(true);
  await tabs.nth(2).click();
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'false');
  release();
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('"input_schema"');
});

test('an audit that needs RE2 is taken over once RE2 is here, the build’s findings shown meanwhile, and a sort clicked meanwhile is not lost', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/twin-degree-[\w-]+\.js$/, async (route) => {
    asked = true;
    await gate;
    await route.continue();
  });
  await page.goto('./tools/execute_command/');
  await page.waitForFunction(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null);
  await page.locator('#audit').scrollIntoViewIfNeeded();
  await expect.poll(() => asked).toBe(true);
  const table = page.getByTestId('audit-table');
  await expect(table).toContainText('env.*');
  await expect(page.locator('#audit [role="status"]')).toHaveCount(0);
  const severity = table.getByRole('columnheader', { name: 'Severity' });
  await expect(severity).toHaveAttribute('aria-sort', 'none');
  await severity.getByRole('button').click();
  await expect(severity).toHaveAttribute('aria-sort', 'none');
  release();
  await expect(severity).toHaveAttribute('aria-sort', 'ascending');
  expect(errors).toEqual([]);
});

test('an unknown tool says so', async ({ page }) => {
  await page.goto('./tools/no_such_tool/');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});

test('Not found suggests the closest tool and toolset, and the link leads there', async ({ page }) => {
  await page.goto('./tools/readfile/');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await page.getByRole('link', { name: 'read_file', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'read_file' })).toBeVisible();

  await page.goto('./toolsets/prfactory/');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await page.getByRole('link', { name: 'PRFactory.AgentTools', exact: true }).click();
  await expect(page).toHaveURL(/\/toolsets\/prfactory-agent-tools\/$/);
  await expect(page.locator('.tool-card').first()).toBeVisible();
});
