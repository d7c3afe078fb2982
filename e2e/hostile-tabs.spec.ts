/** Two tabs on one browser's storage at the same moment: neither overwrites what the other keeps. */
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './helpers';

const definitions = (tool: string) =>
  JSON.stringify({ tools: [{ name: tool, description: `Reads ${tool}.`, inputSchema: { type: 'object' } }] });

async function ready(page: Page, tool: string): Promise<void> {
  await page.goto('./import/');
  await page.waitForFunction(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null);
  await page.getByLabel('Paste definitions, or drop a file here').fill(definitions(tool));
  await page.getByLabel('Toolset name').fill('Shared tools');
  await expect(page.getByRole('button', { name: 'Import 1 tool' })).toBeEnabled();
}

test('two tabs importing toolsets of one name at once keep both, under two ids', async ({ context }) => {
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  const errors = [collectPageErrors(tabA), collectPageErrors(tabB)];
  await ready(tabA, 'tool_from_a');
  await ready(tabB, 'tool_from_b');
  // Neither tab knows the other's toolset when it imports: both wish for the id "shared-tools".
  await Promise.all([
    tabA.getByRole('button', { name: 'Import 1 tool' }).click(),
    tabB.getByRole('button', { name: 'Import 1 tool' }).click(),
  ]);
  await expect(tabA).toHaveURL(/\/toolsets\/shared-tools(-2)?\/$/);
  await expect(tabB).toHaveURL(/\/toolsets\/shared-tools(-2)?\/$/);
  expect(new Set([tabA.url(), tabB.url()]).size).toBe(2);
  // Each catalog shows its own tab's tool, after a reload too: nothing was overwritten.
  for (const [tab, tool] of [
    [tabA, 'tool_from_a'],
    [tabB, 'tool_from_b'],
  ] as const) {
    await tab.reload();
    await expect(tab.getByRole('link', { name: tool }).first()).toBeVisible();
  }
  expect(errors.flat()).toEqual([]);
});
