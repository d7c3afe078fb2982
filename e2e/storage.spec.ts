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

test('a toolset renamed or deleted in one tab never comes back when another tab, with the old copy, saves', async ({ context }) => {
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
  await expect(tabB.getByRole('alert').filter({ hasText: 'The toolset “Forecasts” was deleted in another tab: nothing was saved.' })).toBeVisible();
  await expect(tabB.getByLabel('Mock function source')).toHaveValue('(args) => ({ temperature: 22 })');
  await tabA.reload();
  await expect(tabA.getByText('None yet.')).toBeVisible();
  await tabA.goto('./toolsets/weather-service/');
  await expect(tabA.getByRole('heading', { name: 'Not found' })).toBeVisible();
  expect(errors).toEqual([]);
});
