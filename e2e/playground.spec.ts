import { expect, test } from '@playwright/test';
import { editorJson, editorText, openTool, setEditorText, waitForEditor } from './helpers';

test.describe('playground', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('./');
    await page.evaluate(() => localStorage.clear());
  });

  test('the docs render before the editor, with a loading state in its slot', async ({ page }) => {
    await page.route(/loadMonaco-.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await openTool(page, 'read_file');
    await expect(page.getByTestId('parameter-table')).toBeVisible();
    await expect(page.locator('.json-editor-loading')).toContainText('Loading editor');
    await waitForEditor(page);
  });

  test('invalid arguments typed in the editor give the core error codes, as markers too', async ({ page }) => {
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": 5}');
    const typeError = page.locator('[data-testid="error-list"] li[data-code="type_mismatch"][data-parameter="path"]');
    await expect(typeError).toBeVisible();
    await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeAttached();

    await setEditorText(page, '{}');
    await expect(page.locator('[data-testid="error-list"] li[data-code="required"][data-parameter="path"]')).toBeVisible();
    await expect(page.locator('[data-testid="error-list"] li[data-code="type_mismatch"]')).toHaveCount(0);

    await setEditorText(page, '{"path": "a.txt", "start_line": 0}');
    await expect(page.locator('[data-testid="error-list"] li[data-code="out_of_range"][data-parameter="start_line"]')).toBeVisible();

    await setEditorText(page, '{"path": "a.txt"}');
    await expect(page.getByTestId('validation-valid')).toContainText('Valid');
  });

  test('clicking an error focuses its form field', async ({ page }) => {
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": "a.txt", "encoding": "utf-32"}');
    await page.locator('[data-testid="error-list"] li[data-code="invalid_enum"] button').click();
    await expect(page.locator('#arg_encoding')).toBeFocused();
  });

  test('filling the form rewrites the editor, and editor edits update the form', async ({ page }) => {
    await openTool(page, 'execute_command');
    await waitForEditor(page);
    await page.locator('#arg_command').fill('npm run lint');
    await page.locator('#arg_timeout_seconds').fill('60');
    await expect.poll(() => editorJson(page)).toEqual({ command: 'npm run lint', timeout_seconds: 60 });
    // The form's own text is pretty-printed.
    expect(await editorText(page)).toContain('\n  "command": "npm run lint"');

    await setEditorText(page, '{"command": "ls -la", "env": {"NODE_ENV": "test"}}');
    await expect(page.locator('#arg_command')).toHaveValue('ls -la');
    await expect(page.locator('#arg_env_NODE_ENV-key')).toHaveValue('NODE_ENV');
    await expect(page.locator('#arg_env_NODE_ENV')).toHaveValue('test');
    await expect(page.getByTestId('validation-valid')).toBeVisible();
  });

  test('the env map edits as key/value rows', async ({ page }) => {
    await openTool(page, 'execute_command');
    await waitForEditor(page);
    await setEditorText(page, '{"command": "make"}');
    await page.getByTestId('arguments-form').getByRole('button', { name: 'Add entry' }).click();
    const key = page.locator('#arg_env_newKey-key');
    await expect(key).toBeVisible();
    await key.fill('DEBUG');
    await key.blur();
    await page.locator('#arg_env_DEBUG').fill('true');
    await expect.poll(() => editorJson(page)).toEqual({ command: 'make', env: { DEBUG: 'true' } });
    await page.getByRole('button', { name: 'Remove entry DEBUG' }).click();
    await expect.poll(() => editorJson(page)).toEqual({ command: 'make', env: {} });
  });

  test('malformed JSON: parse error with line and column, the form keeps the last good value, the text is kept', async ({ page }) => {
    await openTool(page, 'execute_command');
    await setEditorText(page, '{"command": "npm test"}');
    await expect(page.locator('#arg_command')).toHaveValue('npm test');
    await setEditorText(page, '{\n  "command": "oops",\n  "timeout_seconds": }');
    const parseError = page.getByTestId('parse-error');
    await expect(parseError).toContainText(/Line 3, column \d+/);
    await expect(page.locator('#arg_command')).toHaveValue('npm test');
    expect(await editorText(page)).toContain('"timeout_seconds": }');
    await page.waitForTimeout(400);
    await page.reload();
    await waitForEditor(page);
    expect(await editorText(page)).toContain('"timeout_seconds": }');
    await expect(page.getByTestId('parse-error')).toBeVisible();
  });

  test('arguments persist per tool across reloads; Reset and Clear are explicit', async ({ page }) => {
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": "persisted.txt"}');
    await page.waitForTimeout(400);
    await page.reload();
    await waitForEditor(page);
    await expect.poll(() => editorJson(page)).toEqual({ path: 'persisted.txt' });
    await expect(page.locator('#arg_path')).toHaveValue('persisted.txt');

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => editorJson(page)).toEqual({});
    await page.getByRole('button', { name: 'Reset to example' }).click();
    await expect.poll(() => editorJson(page)).toEqual({ path: 'README.md' });
  });

  test('"Try it" loads an example into the playground', async ({ page }) => {
    await openTool(page, 'read_file');
    await waitForEditor(page);
    await page.getByRole('button', { name: 'Try it: Read a line range' }).click();
    await expect.poll(() => editorJson(page)).toEqual({ path: 'src/Program.cs', start_line: 1, end_line: 100 });
  });

  test('a share link restores the arguments without clobbering other tools', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": "kept-for-read_file.txt"}');
    await page.waitForTimeout(400);

    await openTool(page, 'write_file');
    await setEditorText(page, '{"path": "shared.txt", "content": "hello ✓"}');
    await page.getByRole('button', { name: 'Copy share link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/#\/tools\/write_file\?args=z[A-Za-z0-9_-]+$/);

    const other = await context.newPage();
    await other.goto('./');
    await other.evaluate(() => localStorage.removeItem('tsp:arguments:write_file'));
    await other.goto(link);
    await waitForEditor(other);
    await expect.poll(() => editorJson(other)).toEqual({ path: 'shared.txt', content: 'hello ✓' });
    await expect(other.getByRole('status').filter({ hasText: 'shared link' })).toBeVisible();
    await expect(other).toHaveURL(/#\/tools\/write_file$/);
    await openTool(other, 'read_file');
    await waitForEditor(other);
    await expect.poll(() => editorJson(other)).toEqual({ path: 'kept-for-read_file.txt' });
  });
});
