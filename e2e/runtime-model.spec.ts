/** The runtime model on the page: progress, approval with edited arguments, queued calls, truncation, availability. */
import { expect, test, type Page } from '@playwright/test';
import { openTool, screenshotPath, setEditorText } from './helpers';

const result = (page: Page) => page.getByTestId('execution-result');
const executeButton = (page: Page) => page.getByRole('button', { name: /^Execute( again)?$/ });
const approvalDialog = (page: Page) => page.getByRole('dialog', { name: 'Approve this call?' });

async function setArguments(page: Page, args: Record<string, unknown>): Promise<void> {
  await setEditorText(page, JSON.stringify(args));
  await expect(executeButton(page)).toBeEnabled();
}

async function approve(page: Page): Promise<void> {
  const dialog = approvalDialog(page);
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
}

const themes = ['light', 'dark'] as const;
const sizes = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.describe('the runtime model', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('./');
    await page.evaluate(() => localStorage.clear());
  });

  test('progress: items processed of the total, shown for the call', async ({ page }) => {
    await openTool(page, 'search_files');
    await setArguments(page, { query: 'task' });
    await executeButton(page).click();
    await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success', { timeout: 30_000 });
    const progress = result(page).getByTestId('execution-progress');
    await expect(progress).toContainText(/Searched \d+ of \d+ files · \d+ of \d+ · 100%/);
    await expect(result(page).getByTestId('execution-status')).toHaveText('Completed');
    await expect(result(page).getByTestId('execution-approval')).toHaveText('not needed');
  });

  test('approval shows the arguments, the edit runs, is checked again and recorded', async ({ page }) => {
    test.setTimeout(90_000);
    await openTool(page, 'execute_command');
    await setArguments(page, { command: 'echo original' });
    await executeButton(page).click();
    const dialog = approvalDialog(page);
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    const argsBox = dialog.getByRole('textbox', { name: /Arguments/ });
    await expect(argsBox).toHaveValue(/"command": "echo original"/);

    // Broken JSON keeps the text and blocks approval, naming the parameter and the rule.
    await argsBox.fill('{"command": "echo edited"');
    await expect(dialog.getByRole('alert')).toContainText('Arguments: not valid JSON');
    await expect(dialog.getByRole('button', { name: 'Approve edited call' })).toBeDisabled();
    await expect(argsBox).toHaveValue('{"command": "echo edited"');

    await argsBox.fill('{"command": "echo edited"}');
    for (const theme of themes) {
      await page.emulateMedia({ colorScheme: theme });
      await dialog.screenshot({ path: screenshotPath(`runtime-approval-edit-${theme}`) });
    }
    await dialog.getByRole('button', { name: 'Approve edited call' }).click();
    await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success', { timeout: 30_000 });
    await expect(result(page)).toContainText('edited');
    await expect(result(page).getByTestId('execution-approval')).toHaveText('approved with edited arguments');
    await expect(result(page).getByTestId('execution-edited-args')).toContainText('"command": "echo edited"');

    // An edit that breaks the schema is refused before anything runs.
    await executeButton(page).click();
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('textbox', { name: /Arguments/ }).fill('{"command": 42}');
    await dialog.getByRole('button', { name: 'Approve edited call' }).click();
    await expect(result(page).getByTestId('result-status')).toHaveText('✗ validation_failed', { timeout: 30_000 });
    await expect(result(page)).toContainText('The edited arguments are not valid');
  });

  test('a fourth call waits queued while three run, then runs', async ({ page }) => {
    test.setTimeout(120_000);
    await openTool(page, 'execute_command');
    await setArguments(page, { command: 'sleep 20 && echo slept', timeout_seconds: 90 });
    for (let index = 0; index < 3; index++) {
      await executeButton(page).click();
      await approve(page);
    }
    await executeButton(page).click();
    const queued = page.getByTestId('execution-queued');
    await expect(queued).toBeVisible({ timeout: 10_000 });
    await expect(queued).toContainText('Queued waiting for a free slot (3 calls run at once; next)');
    await expect(page.getByTestId('execution-running')).toHaveCount(3);
    for (const size of sizes) {
      for (const theme of themes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: theme });
        await page.locator('.exec-runs').screenshot({ path: screenshotPath(`runtime-queued-${size.name}-${theme}`) });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // Once a slot frees, it asks for approval and runs.
    await approve(page);
    await expect(queued).toHaveCount(0);
    await expect(page.locator('.exec-runs')).toHaveCount(0, { timeout: 60_000 });
    await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success');
    await expect(result(page).getByTestId('execution-queued-time')).toContainText('waiting for a free slot');
  });

  test('long data is marked as truncated for the model, and shown whole', async ({ page }) => {
    test.setTimeout(90_000);
    await openTool(page, 'execute_command');
    await setArguments(page, { command: 'seq 1 20000' });
    await executeButton(page).click();
    await approve(page);
    await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success', { timeout: 30_000 });
    const note = result(page).getByTestId('execution-truncation');
    await expect(note).toContainText(/Truncated for the model: it gets 50000 of \d+ characters/);
    await expect(note).toContainText('To get the rest, run the command again with its output redirected to a file');
    await expect(result(page)).toContainText('19999');
    for (const size of sizes) {
      for (const theme of themes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: theme });
        await result(page)
          .locator('.exec-facts')
          .screenshot({ path: screenshotPath(`runtime-truncation-${size.name}-${theme}`) });
      }
    }
  });

  test('the catalog says which tools can run here and with the presets', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByTestId('catalog-availability')).toHaveText('17 of 17 tools can run here');
    await page.getByLabel('Can run with').selectOption('default');
    await expect(page.getByTestId('catalog-availability')).toHaveText('13 of 17 tools can run with this preset');
    await expect(page.locator('[data-tool="git_log"]').getByTestId('tool-availability')).toHaveText(
      'Needs a git repository',
    );
    await page.getByLabel('Can run with').selectOption('safeOnly');
    await expect(page.locator('[data-tool="write_file"]').getByTestId('tool-availability')).toHaveText(
      'Low Risk: above the Safe limit',
    );
    for (const size of sizes) {
      for (const theme of themes) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: theme });
        await page
          .locator('[data-category="version_control"]')
          .screenshot({ path: screenshotPath(`runtime-catalog-${size.name}-${theme}`) });
      }
    }
  });
});
