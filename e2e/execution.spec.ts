import { expect, test, type Page } from '@playwright/test';
import { editorJson, openTool, screenshotPath, setEditorText } from './helpers';

/** Put arguments in the playground's editor and wait until the Execute button accepts them. */
async function setArguments(page: Page, args: Record<string, unknown>): Promise<void> {
  await setEditorText(page, JSON.stringify(args));
  await expect(page.getByRole('button', { name: /Execute/ })).toBeEnabled();
}

async function execute(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Execute/ }).click();
}

async function approve(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
  // The first call may wait for the worker to load the workspace: generous on a busy machine.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
}

const result = (page: Page) => page.getByTestId('execution-result');

async function expectSuccess(page: Page): Promise<void> {
  await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success', { timeout: 30_000 });
}

async function runTool(
  page: Page,
  tool: string,
  args: Record<string, unknown>,
  options: { approve?: boolean } = {},
): Promise<void> {
  await openTool(page, tool);
  await setArguments(page, args);
  // The previous result of this tool, if any, must not satisfy the next expectation.
  const before = await result(page).count();
  await execute(page);
  if (options.approve) await approve(page);
  if (before > 0) await expect(page.locator('.exec-running')).toBeHidden({ timeout: 30_000 });
  await expect(result(page)).toBeVisible({ timeout: 30_000 });
}

async function shoot(page: Page, name: string): Promise<void> {
  await result(page).scrollIntoViewIfNeeded();
  await result(page).screenshot({ path: screenshotPath(`execution-${name}`) });
}

async function explorerEntry(page: Page, fileName: string) {
  return page.getByTestId('workspace-explorer').first().locator('.ws-file', { hasText: fileName });
}

test.describe('execution', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('./');
    await page.evaluate(() => localStorage.clear());
  });

  test('write, see it in the explorer, status, commit, log, diff, reload, reset', async ({ page }) => {
    test.setTimeout(180_000);

    await test.step('write_file from the editor', async () => {
      await runTool(page, 'write_file', { path: 'e2e-hello.txt', content: 'Hello from the e2e test\n' });
      await expectSuccess(page);
      await expect(result(page)).toContainText('e2e-hello.txt');
      await shoot(page, 'write');
    });

    await test.step('the explorer shows the new file, marked new', async () => {
      const entry = await explorerEntry(page, 'e2e-hello.txt');
      await expect(entry).toBeVisible({ timeout: 20_000 });
      await expect(entry.locator('[data-mark="new"]')).toBeVisible();
      await page.locator('.tool-aside').screenshot({ path: screenshotPath('execution-explorer') });
      await entry.getByRole('button', { name: 'e2e-hello.txt' }).click();
      const drawer = page.getByRole('dialog', { name: 'Workspace files' });
      await expect(drawer.getByRole('region', { name: 'Contents of e2e-hello.txt' })).toContainText(
        'Hello from the e2e test',
      );
      await drawer.screenshot({ path: screenshotPath('execution-explorer-drawer') });
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    });

    await test.step('git_status lists it', async () => {
      await runTool(page, 'git_status', {});
      await expectSuccess(page);
      await expect(result(page).locator('table')).toContainText('e2e-hello.txt');
      await shoot(page, 'git-status');
    });

    await test.step('git_commit after approval', async () => {
      await runTool(
        page,
        'git_commit',
        { message: 'e2e: add hello file', files: ['e2e-hello.txt'] },
        { approve: true },
      );
      await expectSuccess(page);
      await expect(result(page)).toContainText('e2e: add hello file');
      await shoot(page, 'commit');
    });

    await test.step('git_log shows the commit first', async () => {
      await runTool(page, 'git_log', { count: 5 });
      await expectSuccess(page);
      await expect(result(page).locator('table.exec-log tbody tr').first()).toContainText('e2e: add hello file');
      await shoot(page, 'log');
    });

    await test.step('git_diff of the committed file is empty', async () => {
      await runTool(page, 'git_diff', { path: 'e2e-hello.txt' });
      await expectSuccess(page);
      await expect(result(page)).toContainText('No differences');
    });

    await test.step('a reload keeps the workspace', async () => {
      await page.reload();
      const entry = await explorerEntry(page, 'e2e-hello.txt');
      await expect(entry).toBeVisible({ timeout: 20_000 });
      // Committed now: no longer marked new.
      await expect(entry.locator('[data-mark]')).toHaveCount(0);
      await expect(
        page.getByRole('region', { name: 'Call history' }).or(page.locator('.exec-history-list')),
      ).toContainText('git_diff');
    });

    await test.step('reset restores the sample', async () => {
      await page.getByTestId('workspace-explorer').first().getByRole('button', { name: 'Reset' }).click();
      const confirm = page.getByRole('dialog', { name: 'Reset the workspace?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Reset workspace' }).click();
      await expect(page.getByText('The sample project was restored.')).toBeVisible({ timeout: 20_000 });
      await expect(await explorerEntry(page, 'e2e-hello.txt')).toHaveCount(0);
      await expect(await explorerEntry(page, 'README.md')).not.toHaveCount(0);
    });
  });

  test('a command runs after approval and shows its output and exit code', async ({ page }) => {
    await runTool(page, 'execute_command', { command: 'ls | wc -l' }, { approve: true });
    await expectSuccess(page);
    await expect(result(page).getByTestId('exit-code')).toHaveText('exit 0');
    await expect(result(page).getByTestId('stdout')).toHaveText(/^\s*\d+\s*$/);
    await shoot(page, 'command-output');
  });

  test('denying the approval gives a Denied result', async ({ page }) => {
    await openTool(page, 'execute_command');
    await setArguments(page, { command: 'echo never' });
    await execute(page);
    const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
    await expect(dialog).toContainText('echo never', { timeout: 30_000 });
    await dialog.screenshot({ path: screenshotPath('execution-approval-dialog') });
    await page.keyboard.press('Escape');
    await expect(result(page).getByTestId('result-status')).toHaveText('✗ denied');
  });

  test("a critical command's approval dialog says why, as a warning in the risk colour", async ({ page }) => {
    await openTool(page, 'execute_command');
    await setArguments(page, { command: 'git reset --hard HEAD~1' });
    await execute(page);
    const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText('Critical');
    const warning = dialog.getByRole('note');
    await expect(warning).toHaveText('Warning: git reset --hard discards work');
    // Edged in the critical colour (#DC2626), above the summary.
    await expect(warning).toHaveCSS('border-left-color', 'rgb(220, 38, 38)');
    const [warningBox, summaryBox] = await Promise.all([
      warning.boundingBox(),
      dialog.locator('.exec-approval-summary').boundingBox(),
    ]);
    expect(warningBox!.y).toBeLessThan(summaryBox!.y);
    await dialog.screenshot({ path: screenshotPath('execution-approval-critical') });
    await page.keyboard.press('Escape');
    await expect(result(page).getByTestId('result-status')).toHaveText('✗ denied');
  });

  test('a path traversal is path_outside_workspace before Execute: the editor says so and the call cannot start', async ({
    page,
  }) => {
    await openTool(page, 'read_file');
    await setEditorText(page, JSON.stringify({ path: '../../etc/passwd' }));
    await expect(page.getByTestId('validation-panel')).toContainText('path_outside_workspace');
    await expect(page.getByTestId('validation-panel')).toContainText("Parameter 'path': path is outside the workspace");
    await expect(page.getByRole('button', { name: /Execute/ })).toBeDisabled();
    // The shortcut from the editor does not run it either.
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(result(page)).toHaveCount(0);
    await page.getByTestId('validation-panel').screenshot({ path: screenshotPath('execution-path-refused') });
  });

  test('an endless loop stops at its timeout and the page stays responsive', async ({ page }) => {
    test.setTimeout(90_000);
    await openTool(page, 'execute_command');
    // Long enough that the loop is still running while the page is checked, even on a slow machine.
    await setArguments(page, { command: 'while true; do :; done', timeout_seconds: 5 });
    await execute(page);
    await approve(page);
    await expect(page.getByRole('button', { name: /Stop/ })).toBeVisible();

    // While the loop runs, the page still answers: the search dialog opens and filters.
    await page.getByRole('button', { name: 'Search tools' }).click();
    const search = page.getByRole('combobox', { name: 'Search tools' });
    await search.fill('git_log');
    await expect(page.getByRole('listbox', { name: 'Matching tools' })).toContainText('git_log');
    // The first Escape clears the search field, the second closes the dialog.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Search tools' })).toBeHidden();

    await expect(result(page).getByTestId('result-status')).toHaveText(/timeout/, { timeout: 30_000 });
    await shoot(page, 'timeout');
    // The history badge draws its clock: an emoji would be an empty box without an emoji font.
    const badge = page.locator('.exec-history-status-timeout').first();
    await expect(badge).toHaveText(/^\s*Timeout$/);
    await expect(badge.locator('svg')).toHaveCount(1);

    // The runtime works again afterwards.
    await runTool(page, 'read_file', { path: 'README.md' });
    await expectSuccess(page);
  });

  test('a runaway regex hangs the worker: killed at its timeout, page responsive, earlier writes kept', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // search_files has no timeout_seconds: use a short page default (read at page load) instead of 30 s.
    await page.evaluate(() => localStorage.setItem('tsp:default-timeout-seconds', '10'));
    await page.reload();

    await test.step('a file written before the runaway call', async () => {
      await runTool(page, 'write_file', { path: 'runaway.txt', content: `${'a'.repeat(200)}\n` });
      await expectSuccess(page);
    });

    await test.step('a regex that passes the guards but backtracks for ever', async () => {
      await openTool(page, 'search_files');
      // A lookahead needs the backtracking engine (RE2 has none). Polynomial, not exponential, so the guards let it
      // through; on 200 characters it still runs for ages.
      await setArguments(page, { query: 'a*a*a*a*a*a*(?=c)', regex: true, path: 'runaway.txt' });
      await execute(page);
      const stop = page.getByRole('button', { name: /Stop/ });
      await expect(stop).toBeVisible();

      // The worker is stuck in one regex match; the page is not: the search dialog opens and filters.
      await page.getByRole('button', { name: 'Search tools' }).click();
      await page.getByRole('combobox', { name: 'Search tools' }).fill('git_log');
      await expect(page.getByRole('listbox', { name: 'Matching tools' })).toContainText('git_log');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Search tools' })).toBeHidden();
      // Still running while the page answered.
      await expect(stop).toBeVisible();

      await expect(result(page).getByTestId('result-status')).toHaveText(/timeout/, { timeout: 30_000 });
      await expect(result(page)).toContainText('its worker was stopped and restarted from the last saved workspace');
      await expect(result(page)).toContainText('timed out after 10.0s');
      await shoot(page, 'worker-killed');
    });

    await test.step('the new worker has the file written before', async () => {
      await expect(await explorerEntry(page, 'runaway.txt')).toBeVisible({ timeout: 20_000 });
      await runTool(page, 'read_file', { path: 'runaway.txt' });
      await expectSuccess(page);
      await expect(result(page)).toContainText('aaaaaaaaaa');
    });
  });

  test('a reload right after a write keeps the file', async ({ page }) => {
    await runTool(page, 'write_file', { path: 'reload-now.txt', content: 'written just before the reload\n' });
    await expectSuccess(page);
    await page.reload();
    const entry = await explorerEntry(page, 'reload-now.txt');
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await entry.getByRole('button', { name: 'reload-now.txt' }).click();
    const drawer = page.getByRole('dialog', { name: 'Workspace files' });
    await expect(drawer.getByRole('region', { name: 'Contents of reload-now.txt' })).toContainText(
      'written just before the reload',
    );
  });

  test('Stop cancels a running command', async ({ page }) => {
    test.setTimeout(60_000);
    await openTool(page, 'execute_command');
    await setArguments(page, { command: 'while true; do :; done', timeout_seconds: 60 });
    await execute(page);
    await approve(page);
    await page.getByRole('button', { name: /Stop/ }).click();
    await expect(result(page).getByTestId('result-status')).toHaveText(/cancelled/, { timeout: 10_000 });
  });

  test('every result kind renders', async ({ page }) => {
    test.setTimeout(180_000);
    const readOnly: [string, Record<string, unknown>, string][] = [
      ['read_file', { path: 'README.md' }, 'file-content'],
      ['list_directory', { path: 'src' }, 'listing'],
      ['search_files', { query: 'TODO' }, 'search-hits'],
      ['semantic_search', { query: 'user authentication and login handling' }, 'semantic-hits'],
      ['find_symbol', { symbol_name: 'UserService' }, 'symbols'],
      ['git_diff', {}, 'diff'],
    ];
    for (const [tool, args, name] of readOnly) {
      await runTool(page, tool, args);
      await expectSuccess(page);
      await expect(result(page).locator(`[data-kind]`).first()).toBeVisible();
      await shoot(page, name);
    }

    await test.step('a search hit opens the file at its line', async () => {
      await runTool(page, 'search_files', { query: 'TODO' });
      await result(page).locator('.exec-hits .exec-file-link').first().click();
      const drawer = page.getByRole('dialog', { name: 'Workspace files' });
      await expect(drawer.locator('.line-focus')).toBeVisible({ timeout: 15_000 });
      await page.keyboard.press('Escape');
    });

    await test.step('ask_user opens a question dialog', async () => {
      await openTool(page, 'ask_user');
      await setArguments(page, {
        question: 'Which database?',
        options: ['PostgreSQL', 'SQLite'],
        default_option: 'SQLite',
      });
      await execute(page);
      const dialog = page.getByRole('dialog', { name: 'The tool asks' });
      await expect(dialog).toContainText('Which database?');
      await dialog.getByRole('button', { name: 'PostgreSQL' }).click();
      await expectSuccess(page);
      await expect(result(page)).toContainText('PostgreSQL');
      await shoot(page, 'answer');
    });

    await test.step('confirm_action opens a confirmation dialog', async () => {
      await openTool(page, 'confirm_action');
      await setArguments(page, { action_description: 'Delete all files in the temp directory', destructive: true });
      await execute(page);
      const dialog = page.getByRole('dialog', { name: /Confirm/ });
      await expect(dialog).toContainText('Delete all files');
      await dialog.screenshot({ path: screenshotPath('execution-confirm-dialog') });
      await dialog.getByRole('button', { name: 'Yes, do it' }).click();
      await expectSuccess(page);
      await shoot(page, 'confirmation');
    });

    await test.step('the LLM text and raw JSON tabs', async () => {
      await result(page).getByRole('tab', { name: 'LLM text' }).click();
      await expect(result(page)).toContainText('Result: Success');
      await result(page).getByRole('tab', { name: 'Raw JSON' }).click();
      await expect(result(page)).toContainText('"success": true');
    });
  });

  test('python prints 42 via execute_script', async ({ page }) => {
    test.setTimeout(120_000);
    await openTool(page, 'execute_script');
    await setArguments(page, { script: 'print(6*7)', language: 'python', timeout_seconds: 30 });
    await execute(page);
    await approve(page);
    await expect(page.getByTestId('python-loading')).toContainText('Loading Python', { timeout: 10_000 });
    await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success', { timeout: 90_000 });
    await expect(result(page).getByTestId('stdout')).toHaveText(/^42\s*$/);
    await shoot(page, 'python');
  });

  test('the explorer and the result read well at phone width in dark mode', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await runTool(page, 'git_diff', {});
    await expectSuccess(page);
    await shoot(page, 'diff-phone-dark');
    await page.getByRole('button', { name: 'Open the workspace files' }).click();
    const drawer = page.getByRole('dialog', { name: 'Workspace files' });
    await expect(drawer.locator('.ws-file').first()).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: screenshotPath('execution-drawer-phone-dark') });
  });
});

test('an Execute whose runtime code does not arrive says so and what to do, and the arguments stay', async ({
  page,
}) => {
  await page.route(/\/assets\/RuntimeDialogs-[^/]*\.js$/, (route) => route.abort());
  await openTool(page, 'read_file');
  await setArguments(page, { path: 'README.md' });
  await execute(page);
  await expect(page.getByRole('alert').filter({ hasText: "the runtime's code could not be loaded" })).toContainText(
    'Reload the page to try again.',
  );
  await expect(page.getByTestId('execution-running')).toHaveCount(0);
  await expect.poll(() => editorJson(page)).toEqual({ path: 'README.md' });
});
