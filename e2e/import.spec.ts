import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, editorJson, setEditorText, waitForEditor } from './helpers';

const mcpToolsList = readFileSync(new URL('../src/core/import/fixtures/mcp-tools-list.json', import.meta.url), 'utf8');

/** An MCP answer with one hostile description and one broken tool beside the good ones. */
const pasted = (() => {
  const value = JSON.parse(mcpToolsList) as { result: { tools: Record<string, unknown>[] } };
  value.result.tools.push(
    { name: 'get_weather_data', description: 'a duplicate', inputSchema: { type: 'object' } },
    {
      name: 'html_trap',
      description: '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> [x](javascript:alert(1))',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    },
  );
  return JSON.stringify(value, null, 2);
})();

async function importPasted(page: Page, text: string, name: string, tools = 3) {
  await page.goto('./import/');
  await page.getByLabel('Paste definitions, or drop a file here').fill(text);
  await page.getByLabel('Toolset name').fill(name);
  if (tools === 3)
    await expect(page.getByTestId('import-summary')).toContainText(
      'Recognised MCP tools/list result: 4 tools found, 3 ready to import, 1 refused.',
    );
  await page.getByRole('button', { name: tools === 1 ? 'Import 1 tool' : `Import ${tools} tools` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('import an MCP tools/list paste: report, catalog, docs, form, mock execution, reload and a share link in a fresh browser', async ({
  page,
  browser,
  context,
}) => {
  const errors = collectPageErrors(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await importPasted(page, pasted, 'Weather service');

  // The catalog of the new toolset, chosen in the switcher.
  await expect(page).toHaveURL(/\/toolsets\/weather-service\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Weather service' })).toBeVisible();
  await expect(page.getByTestId('catalog-total')).toContainText('3 tools in 1 category');
  await expect(page.getByLabel('Toolset', { exact: true })).toHaveValue('weather-service');

  // Imported text is shown as text, never as HTML.
  await page.locator('.tool-card', { hasText: 'html_trap' }).getByRole('link').click();
  await expect(page.locator('.tool-description')).toContainText('<img src=x onerror=');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // Docs, form and validation of an imported tool.
  await page.getByLabel('Toolset', { exact: true }).selectOption('weather-service');
  await page.locator('.tool-card', { hasText: 'get_weather_data' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'get_weather_data' })).toBeVisible();
  await expect(page.locator('.tool-header')).toContainText('Safe');
  await setEditorText(page, '{"place": "Oslo"}');
  await expect(page.getByTestId('error-list')).toContainText('location');
  await setEditorText(page, '{"location": "Oslo"}');
  await expect.poll(() => editorJson(page)).toEqual({ location: 'Oslo' });

  // Execute needs a mock; a function of the arguments runs in the sandbox.
  const execute = page.getByRole('button', { name: 'Execute', exact: true });
  await expect(execute).toBeDisabled();
  await page.getByLabel('Mock function source').fill('(args) => ({ city: args.location, temperature: 21 })');
  await page.getByRole('button', { name: 'Save mock' }).click();
  await expect(page.getByText('Saved: Execute now returns this mock.')).toBeVisible();
  await execute.click();
  await expect(page.locator('[data-kind="mock"]')).toContainText('"temperature": 21');
  await expect(page.locator('[data-kind="mock"]')).toContainText('"city": "Oslo"');

  // A reload keeps the toolset and its mock.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'get_weather_data' })).toBeVisible();
  await expect(page.getByLabel('Mock function source')).toHaveValue(
    '(args) => ({ city: args.location, temperature: 21 })',
  );

  // The share link carries the toolset: a browser that never saw it shows the same page.
  await waitForEditor(page);
  await page.getByRole('button', { name: 'Copy share link' }).click();
  // The link's codec loads with the first copy: the button says when the link is on the clipboard.
  await expect(page.getByRole('button', { name: 'Copy share link' })).toHaveText('✓ Copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/toolsets\/weather-service\/tools\/get_weather_data\/#args=z[\w-]+&toolset=t[\w-]+$/);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1, name: 'get_weather_data' })).toBeVisible();
  await expect(
    other.getByRole('status').filter({ hasText: 'The link brought the toolset “Weather service” (3 tools)' }),
  ).toBeVisible();
  await waitForEditor(other);
  await expect.poll(() => editorJson(other)).toEqual({ location: 'Oslo' });
  await expect(other).toHaveURL(/\/toolsets\/weather-service\/tools\/get_weather_data\/$/);
  await other.getByRole('button', { name: 'Execute', exact: true }).click();
  await expect(other.locator('[data-kind="mock"]')).toContainText('"temperature": 21');
  await fresh.close();
  expect(errors).toEqual([]);
});

test('the import report names the tool, pointer and rule of each refusal; search spans toolsets; rename and delete', async ({
  page,
}) => {
  await importPasted(page, pasted, 'Forecasts');
  await page.goto('./import/');
  await page.getByLabel('Paste definitions, or drop a file here').fill(pasted);
  // Findings are grouped by rule and folded: the group says its count, and opens on its rows.
  const group = page.locator('.import-group[data-rule="duplicate_name"]');
  await expect(group.locator('summary')).toContainText('A name used twice duplicate_name 1 refused');
  await group.locator('summary').click();
  await expect(page.getByRole('table', { name: 'Findings: duplicate_name' })).toContainText('/result/tools/2/name');

  // Ctrl/Cmd+K finds tools of every toolset and says which one.
  await page.keyboard.press('ControlOrMeta+K');
  await page.getByRole('combobox', { name: 'Search tools' }).fill('weather');
  await expect(page.getByRole('listbox', { name: 'Matching tools' }).getByRole('option').first()).toContainText(
    'Forecasts',
  );

  await page.keyboard.press('Escape');
  await page.getByLabel('Name', { exact: true }).fill('Forecasts renamed');
  await page.getByLabel('Name', { exact: true }).press('Enter');
  // The list of imported toolsets says the new name (the toolset switcher lives on the catalog and tool pages).
  await expect(page.getByRole('button', { name: 'Delete Forecasts renamed' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Forecasts renamed' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('None yet.')).toBeVisible();
  await page.goto('./toolsets/forecasts/');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});

test("a tool whose schema has allOf: its form draws every part's parameters once rjsf's merge has loaded, which no bundled tool's page loads", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const mergeRequests: string[] = [];
  page.on('request', (request) => {
    if (/shallowAllOfMerge/.test(request.url())) mergeRequests.push(request.url());
  });
  await page.goto('./tools/read_file/');
  await expect(page.getByTestId('arguments-form').locator('#arg_path')).toBeVisible();
  expect(mergeRequests).toEqual([]);

  const listed = {
    jsonrpc: '2.0',
    id: 1,
    result: {
      tools: [
        {
          name: 'tag_issue',
          description: 'Tag an issue.',
          inputSchema: {
            type: 'object',
            allOf: [
              {
                properties: { issue: { type: 'integer', minimum: 1, description: 'Issue number.' } },
                required: ['issue'],
              },
              {
                properties: { label: { type: 'string', maxLength: 50, description: 'The label to add.' } },
                required: ['label'],
              },
            ],
          },
        },
      ],
    },
  };
  await importPasted(page, JSON.stringify(listed), 'Issue tags', 1);
  await page.locator('.tool-card', { hasText: 'tag_issue' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'tag_issue' })).toBeVisible();
  const form = page.getByTestId('arguments-form');
  await expect(form.locator('#arg_issue')).toBeVisible();
  await expect(form.locator('#arg_label')).toBeVisible();
  expect(mergeRequests).toHaveLength(1);
  await form.locator('#arg_label').fill('bug');
  await expect.poll(() => editorJson(page)).toMatchObject({ label: 'bug' });
  expect(errors).toEqual([]);
});
