import { expect, test, type Page } from '@playwright/test';
import { openTool, screenshotPath, setEditorText } from './helpers';

/** The shell's node and npm commands in the page's runtime worker (QuickJS loaded from the built assets). */
const result = (page: Page) => page.getByTestId('execution-result');

async function executeCommand(page: Page, args: Record<string, unknown>): Promise<void> {
  await setEditorText(page, JSON.stringify(args));
  const before = await result(page).count();
  await expect(page.getByRole('button', { name: /Execute/ })).toBeEnabled();
  await page.getByRole('button', { name: /Execute/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  if (before > 0) await expect(page.locator('.exec-running')).toBeHidden({ timeout: 30_000 });
  await expect(result(page)).toBeVisible({ timeout: 30_000 });
}

test.describe('shell runtimes', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('./');
    await page.evaluate(() => localStorage.clear());
  });

  test('node app.js with env, npm test, python and dotnet in the browser workspace', async ({ page }) => {
    test.setTimeout(180_000);
    await openTool(page, 'execute_command');

    await executeCommand(page, { command: 'node app.js', env: { NODE_ENV: 'production', PORT: '3000' } });
    await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success', { timeout: 30_000 });
    await expect(result(page)).toContainText('Server configured for production on port 3000');
    await result(page).screenshot({ path: screenshotPath('shell-runtimes-node') });

    // The bundled ports of Node's path, events, util and assert load in the page's worker too.
    await executeCommand(page, {
      command:
        "node -e \"const { EventEmitter } = require('events'); const e = new EventEmitter(); e.once('x', (v) => console.log(require('util').inspect(new Map([[v, require('path').join('a', '..', 'b')]])))); e.emit('x', 1); e.emit('x', 2); require('assert').deepStrictEqual({ a: 1 }, { a: 2 })\"",
    });
    await expect(result(page)).toContainText("Map(1) { 1 => 'b' }", { timeout: 30_000 });
    await expect(result(page)).not.toContainText("Map(1) { 2 => 'b' }");
    await expect(result(page)).toContainText(
      'AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:',
    );
    await expect(result(page)).toContainText('+   a: 1');
    await expect(result(page)).toContainText('-   a: 2');
    await result(page).screenshot({ path: screenshotPath('shell-runtimes-node-builtins') });

    await executeCommand(page, { command: 'npm test', working_directory: 'frontend', timeout_seconds: 600 });
    await expect(result(page)).toContainText('5 passing, 0 failing', { timeout: 30_000 });
    await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success');

    // Pyodide loads on this first use: the sample's report script, through a pipe.
    await executeCommand(page, {
      command: 'python3 scripts/seed_data.py && python3 scripts/report.py --week 12 | head -2',
    });
    await expect(result(page)).toContainText('Week 12: 2 tasks', { timeout: 90_000 });
    await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success');

    await executeCommand(page, { command: 'dotnet build' });
    await expect(result(page)).toContainText('Build succeeded (syntax check).', { timeout: 30_000 });
    await executeCommand(page, { command: 'cargo build' });
    await expect(result(page)).toContainText('cargo: not available in the browser workspace', { timeout: 30_000 });
  });
});
