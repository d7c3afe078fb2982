import { expect, test } from '@playwright/test';
import { bundle } from './helpers';

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
  }
});

test('a tool page shows the schema, audit findings and provider formats in tabs', async ({ page }) => {
  await page.goto('./#/tools/execute_command');
  await expect(page.locator('#schema .code-block')).toContainText('"timeout_seconds"');
  await expect(page.locator('#audit')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Provider formats' }).getByRole('tab');
  await expect(tabs).toHaveCount(6);
  await tabs.nth(2).click();
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('"input_schema"');
  // Shiki highlights lazily.
  await expect(page.locator('#schema .shiki').first()).toBeVisible();
});

test('an unknown tool says so', async ({ page }) => {
  await page.goto('./#/tools/no_such_tool');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});
