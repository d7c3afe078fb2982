import { expect, test, type Page } from '@playwright/test';
import { openTool, screenshotPath, setEditorText } from './helpers';

// The code-analysis tools read symbol outlines with tree-sitter tag queries; in the page the
// queries travel in the code chunk and the grammars are fetched from vendor/tree-sitter/.

const result = (page: Page) => page.getByTestId('execution-result');

async function run(page: Page, tool: string, args: Record<string, unknown>): Promise<void> {
  await openTool(page, tool);
  await setEditorText(page, JSON.stringify(args));
  await expect(page.getByRole('button', { name: /Execute/ })).toBeEnabled();
  await page.getByRole('button', { name: /Execute/ }).click();
  await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success', { timeout: 60_000 });
}

test('find_symbol and get_definition read outlines of C# and TypeScript in the browser', async ({ page }) => {
  test.setTimeout(120_000);
  await run(page, 'find_symbol', { symbol_name: 'UserService' });
  const symbols = result(page).locator('[data-kind="symbols"]');
  await expect(symbols).toContainText('src/Services/UserService.cs:13');
  await expect(symbols).toContainText('src/UserService.cs:9');
  await expect(symbols).toContainText('src/api/userService.ts:15');
  await result(page).screenshot({ path: screenshotPath('code-outline-find-symbol') });

  await run(page, 'get_definition', { file_path: 'src/Services/UserService.cs', line: 25, column: 10 });
  const definition = result(page).locator('[data-kind="definition"]');
  await expect(definition).toContainText('src/Services/UserService.cs:15');
  await expect(definition).toContainText('field');
  await result(page).screenshot({ path: screenshotPath('code-outline-get-definition') });
});
