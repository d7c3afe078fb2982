import { expect, test } from '@playwright/test';
import { collection } from './helpers';

// Bundled tools declare the structured result their handler returns; the tool page shows it beside the parameters.
test('a bundled tool page shows its output fields from its outputSchema', async ({ page }) => {
  for (const [path, name] of [
    ['./tools/read_file/', 'read_file'],
    ['./tools/git_log/', 'git_log'],
    ['./toolsets/prfactory-agent-tools/tools/GetJiraTicket/', 'GetJiraTicket'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const section = page.locator('#output');
    await expect(section.getByRole('heading', { name: 'Output' })).toBeVisible();
    const table = section.getByTestId('output-table');
    const definition = collection.toolsets.flatMap((toolset) => toolset.tools).find((tool) => tool.name === name);
    const fields = Object.keys((definition?.outputSchema?.properties ?? {}) as Record<string, unknown>);
    expect(fields.length).toBeGreaterThan(1);
    for (const field of fields)
      await expect(table.locator(`tr[data-parameter="${field}"]`), `${name}.${field}`).toHaveCount(1);
  }
});
