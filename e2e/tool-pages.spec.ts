import { expect, test } from '@playwright/test';
import { bundle, editorJson, openTool, waitForEditor } from './helpers';

test('every tool page renders its header and a parameter table row per parameter', async ({ page }) => {
  for (const tool of bundle.tools) {
    await page.goto(`./#/tools/${tool.name}`);
    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
    await expect(page.locator('.tool-header')).toContainText(tool.version);
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
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth), `${tool.name} parameter table overflows`).toBeLessThanOrEqual(1);
  }
});

test.describe('invalid examples', () => {
  // The page then jumps instead of scrolling smoothly to the playground, as it does for users who ask for less motion.
  test.use({ reducedMotion: 'reduce' });

  test('invalid examples, tried in the playground, give the error each definition expects, on every tool', async ({ page }) => {
    test.setTimeout(120_000);
    for (const tool of bundle.tools.filter((candidate) => candidate.invalidExamples.length > 0)) {
      await openTool(page, tool.name);
      await page.locator('.invalid-examples > summary').click();
      for (const example of tool.invalidExamples) {
        await page.getByRole('button', { name: `Try it: ${example.title}`, exact: true }).click();
        const expected = page.locator(`[data-testid="error-list"] li[data-code="${example.expected.code}"]`);
        await expect(
          example.expected.parameter ? expected.and(page.locator(`[data-parameter="${example.expected.parameter}"]`)) : expected.first(),
          `${tool.name}: ${example.title}`,
        ).toBeVisible();
      }
    }
  });
});

test('an example copies exactly its JSON, and "Try it" loads it into the editor', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const tool = bundle.tools.find((candidate) => candidate.name === 'execute_command')!;
  const example = tool.examples.find((candidate) => 'env' in (candidate.arguments as Record<string, unknown>)) ?? tool.examples[0]!;
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
  await page.goto('./#/tools/execute_command');
  await expect(page.locator('#schema .code-block')).toContainText('"timeout_seconds"');
  await expect(page.locator('#audit')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Provider formats' }).getByRole('tab');
  await expect(tabs).toHaveText(['OpenAI Chat Completions', 'OpenAI Responses', 'Anthropic Messages', 'Google Gemini', 'Model Context Protocol', 'Plain definition']);
  // Every tab is on screen (they wrap rather than scroll out of sight).
  await page.getByRole('tablist', { name: 'Provider formats' }).scrollIntoViewIfNeeded();
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport();
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
  await expect(page.getByRole('tabpanel').locator('.code-block-label')).toHaveText('Model Context Protocol tools/list entry');
  await tabs.nth(5).click();
  await expect(page.getByRole('tabpanel').locator('.format-description')).toContainText('{name, description, inputSchema}');
  await expect(page.getByRole('tabpanel').locator('.code-block-label')).toHaveText('Plain definition');
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Copy Plain definition', exact: true })).toBeVisible();
  // Nested rows of the parameter table carry the schema's words, not filler.
  await expect(page.getByTestId('parameter-table')).not.toContainText('Each entry value');
  // Shiki highlights lazily.
  await expect(page.locator('#schema .shiki').first()).toBeVisible();
});

test('an unknown tool says so', async ({ page }) => {
  await page.goto('./#/tools/no_such_tool');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});
