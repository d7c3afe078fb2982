import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openTool, screenshotPath, setEditorText } from './helpers';

/** Execution past its limits: long output, memory, endless loops. Outcomes are asserted, never timings. */
const result = (page: Page) => page.getByTestId('execution-result');

async function runApproved(page: Page, tool: string, args: Record<string, unknown>): Promise<void> {
  await openTool(page, tool);
  await setEditorText(page, JSON.stringify(args));
  await expect(page.getByRole('button', { name: /Execute/ })).toBeEnabled();
  const before = await result(page).count();
  await page.getByRole('button', { name: /Execute/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  if (before > 0) await expect(page.locator('.exec-running')).toBeHidden({ timeout: 60_000 });
  await expect(result(page)).toBeVisible({ timeout: 60_000 });
}

test.describe('execution past its limits', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('./');
    await page.evaluate(() => localStorage.clear());
  });

  test('seq 1 999999: the panel shows the first and last lines, more on request, and the whole output as a download', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await runApproved(page, 'execute_command', { command: 'seq 1 999999' });
    await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success', { timeout: 60_000 });
    const stdout = result(page).getByTestId('stdout');
    const head = stdout.getByLabel('stdout: first lines');
    const tail = stdout.getByLabel('stdout: last lines');
    await expect(head).toHaveText(/^1\n2\n3\n[\s\S]*\n200\n$/);
    await expect(tail).toHaveText(/^999950\n[\s\S]*\n999999\n$/);
    await expect(stdout.getByTestId('hidden-lines')).toHaveText('… 999,749 lines not shown');
    // Only the window is laid out: the middle of the output is nowhere on the page.
    await expect(page.getByText('500000', { exact: true })).toHaveCount(0);
    await result(page).screenshot({ path: screenshotPath('execution-long-output') });

    await stdout.getByRole('button', { name: 'Show 1,000 more lines' }).click();
    await expect(head).toHaveText(/\n1200\n$/);
    await expect(stdout.getByTestId('hidden-lines')).toHaveText('… 998,749 lines not shown');

    const download = page.waitForEvent('download');
    await stdout.getByRole('button', { name: /Download all/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('stdout.txt');
    const text = await readFile(await file.path(), 'utf8');
    expect(text.length).toBe(6_888_888);
    expect(text.startsWith('1\n2\n')).toBe(true);
    expect(text.endsWith('\n999998\n999999\n')).toBe(true);

    // The page still answers: the next command runs and shows its output whole.
    await runApproved(page, 'execute_command', { command: 'echo still here' });
    await expect(result(page).getByTestId('stdout')).toHaveText(/^still here\s*$/, { timeout: 60_000 });
  });

  test('a Python memory bomb fails with MemoryError, the runtime is restarted, and Python runs again', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await runApproved(page, 'execute_command', {
      command: 'python3 -c "x = [bytearray(10**8) for _ in range(100)]"',
      timeout_seconds: 120,
    });
    await expect(result(page).getByTestId('result-status')).toHaveText(/✗/, { timeout: 180_000 });
    await expect(result(page).getByTestId('stderr')).toContainText('MemoryError');
    await expect(result(page)).toContainText('The runtime was restarted to give its memory back (it ran out of memory');
    await result(page).screenshot({ path: screenshotPath('execution-memory-restart') });

    await runApproved(page, 'execute_command', { command: 'python3 -c "print(6 * 7)"' });
    await expect(result(page).getByTestId('stdout')).toHaveText(/^42\s*$/, { timeout: 120_000 });
    await expect(result(page)).not.toContainText('restarted');
  });

  test('a loop piped on stops the whole command at its time limit, keeping what it printed', async ({ page }) => {
    test.setTimeout(180_000);
    // The page's first call: the runtime starts and loads the workspace before the call's time counts.
    await runApproved(page, 'execute_command', {
      command: 'echo begun; while true; do echo y; done | head -n 2; echo after > after-the-pipe.txt',
      timeout_seconds: 2,
    });
    await expect(result(page).getByTestId('result-status')).toHaveText(/timeout/, { timeout: 60_000 });
    await expect(result(page).getByTestId('stdout')).toHaveText(/^begun\s+y\s+y\s*$/);
    await expect(result(page)).not.toContainText('worker was stopped');

    await runApproved(page, 'execute_command', { command: 'test -e after-the-pipe.txt && echo ran || echo stopped' });
    await expect(result(page).getByTestId('stdout')).toHaveText(/^stopped\s*$/, { timeout: 60_000 });
  });

  test('a loop reached through an alias stops at its time limit, keeping what it printed', async ({ page }) => {
    test.setTimeout(180_000);
    await runApproved(page, 'execute_command', {
      command:
        "shopt -s expand_aliases; alias spin='echo y; while true; do :; done'; echo begun; spin; echo after > after-the-alias.txt",
      timeout_seconds: 2,
    });
    await expect(result(page).getByTestId('result-status')).toHaveText(/timeout/, { timeout: 60_000 });
    await expect(result(page).getByTestId('stdout')).toHaveText(/^begun\s+y\s*$/);

    await runApproved(page, 'execute_command', { command: 'test -e after-the-alias.txt && echo ran || echo stopped' });
    await expect(result(page).getByTestId('stdout')).toHaveText(/^stopped\s*$/, { timeout: 60_000 });
  });

  test('an endless Python loop stops at its time limit with a Timeout, and the runtime answers again', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // Python loads first (not counted against the limit), then loops until the page or the script's own clock stops it.
    await runApproved(page, 'execute_command', { command: "python3 -c 'while True: pass'", timeout_seconds: 3 });
    await expect(result(page).getByTestId('result-status')).toHaveText(/timeout/, { timeout: 180_000 });
    await expect(result(page)).toContainText(/time limit|Timed out/i);

    await runApproved(page, 'execute_command', { command: 'echo after the loop' });
    await expect(result(page).getByTestId('stdout')).toHaveText(/^after the loop\s*$/, { timeout: 120_000 });
  });
});
