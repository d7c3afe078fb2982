import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './helpers';

const mcpToolsList = readFileSync(new URL('../src/core/import/fixtures/mcp-tools-list.json', import.meta.url), 'utf8');
const TOOL_PAGE = './toolsets/weather-service/tools/get_weather_data/';

async function importWeather(page: Page): Promise<void> {
  await page.goto('./import/');
  await page.getByLabel('Paste definitions, or drop a file here').fill(mcpToolsList);
  await page.getByLabel('Toolset name').fill('Weather service');
  await page.getByRole('button', { name: /^Import \d+ tools$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Weather service' })).toBeVisible();
}

/** A tab that never hears the others (a message lost, a tab asleep): it writes from the copy it loaded. */
const deafToOtherTabs = () => {
  const Original = BroadcastChannel;
  window.BroadcastChannel = class extends Original {
    constructor(name: string) {
      super(name === 'tsp-imported-toolsets' ? `deaf-${Math.random()}` : name);
    }
  };
};

async function saveMock(page: Page, source: string): Promise<void> {
  await page.getByLabel('Mock function source').fill(source);
  await page.getByRole('button', { name: 'Save mock' }).click();
}

test('a toolset renamed or deleted in one tab never comes back when another tab, with the old copy, saves', async ({
  context,
}) => {
  const tabA = await context.newPage();
  const errors = collectPageErrors(tabA);
  await importWeather(tabA);

  const tabB = await context.newPage();
  await tabB.addInitScript(deafToOtherTabs);
  await tabB.goto(TOOL_PAGE);
  await expect(tabB.getByRole('heading', { level: 1, name: 'get_weather_data' })).toBeVisible();
  const tabC = await context.newPage();
  await tabC.goto('./import/');
  await expect(tabC.locator('.imported-toolset-link')).toHaveText(['Weather service']);

  // Tab A renames; a tab that listens shows the new name at once.
  await tabA.goto('./import/');
  await tabA.getByLabel('Name', { exact: true }).fill('Forecasts');
  await tabA.getByLabel('Name', { exact: true }).press('Enter');
  await expect(tabA.locator('.imported-toolset-link')).toHaveText(['Forecasts']);
  await expect(tabC.locator('.imported-toolset-link')).toHaveText(['Forecasts']);

  // Tab B still holds "Weather service": its mock and risk land on the stored toolset, whose name stays.
  await saveMock(tabB, '(args) => ({ temperature: 21 })');
  await expect(tabB.getByText('Saved: Execute now returns this mock.')).toBeVisible();
  await tabB.getByLabel('Risk level').selectOption('high');
  await tabA.reload();
  await expect(tabA.locator('.imported-toolset-link')).toHaveText(['Forecasts']);
  await tabA.goto(TOOL_PAGE);
  await expect(tabA.getByLabel('Mock function source')).toHaveValue('(args) => ({ temperature: 21 })');
  await expect(tabA.getByLabel('Risk level')).toHaveValue('high');

  // Tab A deletes it; tab B's next save is refused with the reason, and nothing brings the toolset back.
  await tabA.goto('./import/');
  await tabA.getByRole('button', { name: 'Delete Forecasts' }).click();
  await tabA.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(tabA.getByText('None yet.')).toBeVisible();
  await expect(tabC.getByText('None yet.')).toBeVisible();
  await saveMock(tabB, '(args) => ({ temperature: 22 })');
  await expect(
    tabB
      .getByRole('alert')
      .filter({ hasText: 'The toolset “Forecasts” was deleted in another tab: nothing was saved.' }),
  ).toBeVisible();
  await expect(tabB.getByLabel('Mock function source')).toHaveValue('(args) => ({ temperature: 22 })');
  await tabA.reload();
  await expect(tabA.getByText('None yet.')).toBeVisible();
  await tabA.goto('./toolsets/weather-service/');
  await expect(tabA.getByRole('heading', { name: 'Not found' })).toBeVisible();
  expect(errors).toEqual([]);
});

/** A full disk: localStorage takes small values only, IndexedDB takes nothing. */
const fullDisk = () => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key: string, value: string) {
    if (String(value).length > 100_000) throw new DOMException('', 'QuotaExceededError');
    setItem.call(this, key, value);
  };
  IDBObjectStore.prototype.put = function () {
    throw new DOMException('', 'QuotaExceededError');
  };
};

test('arguments the browser refuses to store are said not saved, stay in the editor, and a reload says they were not kept', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(fullDisk);
  await page.goto('./tools/write_file/');
  await page.locator('.json-editor').first().scrollIntoViewIfNeeded();
  await expect(page.locator('.json-editor[data-status="ready"] .monaco-editor')).toBeVisible({ timeout: 20_000 });
  const content = 6_000_000 - '{"path": "big.txt", "content": ""}'.length;
  await page.evaluate(
    (length) => navigator.clipboard.writeText(`{"path": "big.txt", "content": "${'x'.repeat(length)}"}`),
    content,
  );
  await page.locator('.json-editor .monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  const problem = page.getByTestId('playground-storage');
  await expect(problem).toHaveText(
    /^Not saved: the browser refused to store these arguments \(6,000,000 characters\): this site's storage in the browser is full \(QuotaExceededError\)\. They stay in the editor while this page is open/,
    { timeout: 30_000 },
  );
  await expect(problem).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('form-large-value')).toContainText(`${content.toLocaleString('en-US')} characters`);

  await page.reload();
  await expect(problem).toHaveText(
    /^Your last arguments here \(6,000,000 characters\) were not kept: .* The example is shown instead\.$/,
    { timeout: 30_000 },
  );
});

test('an import the browser refuses to store gives the reason, and the pasted text stays', async ({ page }) => {
  await page.addInitScript(fullDisk);
  await page.goto('./import/');
  const paste = page.getByLabel('Paste definitions, or drop a file here');
  await paste.fill(mcpToolsList);
  await page.getByRole('button', { name: /^Import \d+ tools$/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The toolset could not be saved' })).toHaveText(
    /The toolset could not be saved: The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)\. Free space .* and try again\./,
  );
  await expect(paste).toHaveValue(mcpToolsList);
  await expect(page).toHaveURL(/\/import\/$/);
});
