import { expect, test } from '@playwright/test';
import {
  collectPageErrors,
  editorJson,
  editorText,
  openTool,
  setEditorText,
  waitForEditor,
  waitForSavedArguments,
} from './helpers';

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
    await expect(
      page.locator('[data-testid="error-list"] li[data-code="required"][data-parameter="path"]'),
    ).toBeVisible();
    await expect(page.locator('[data-testid="error-list"] li[data-code="type_mismatch"]')).toHaveCount(0);

    await setEditorText(page, '{"path": "a.txt", "start_line": 0}');
    await expect(
      page.locator('[data-testid="error-list"] li[data-code="out_of_range"][data-parameter="start_line"]'),
    ).toBeVisible();

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

  test('the env map edits as key/value rows: add, rename, remove', async ({ page }) => {
    await openTool(page, 'execute_command');
    await waitForEditor(page);
    await setEditorText(page, '{"command": "make"}');
    const addEntry = page.getByTestId('arguments-form').getByRole('button', { name: 'Add env entry' });
    await addEntry.click();
    const key = page.locator('#arg_env_newKey-key');
    await expect(key).toBeVisible();
    await key.fill('DEBUG');
    await key.blur();
    await page.locator('#arg_env_DEBUG').fill('true');
    await expect.poll(() => editorJson(page)).toEqual({ command: 'make', env: { DEBUG: 'true' } });

    await addEntry.click();
    await page.locator('#arg_env_newKey-key').fill('PORT');
    await page.locator('#arg_env_newKey-key').blur();
    await page.locator('#arg_env_PORT').fill('8080');
    await expect.poll(() => editorJson(page)).toEqual({ command: 'make', env: { DEBUG: 'true', PORT: '8080' } });

    // Renaming a key keeps its value.
    await page.locator('#arg_env_DEBUG-key').fill('VERBOSE');
    await page.locator('#arg_env_DEBUG-key').blur();
    await expect.poll(() => editorJson(page)).toEqual({ command: 'make', env: { VERBOSE: 'true', PORT: '8080' } });
    await expect(page.locator('#arg_env_VERBOSE')).toHaveValue('true');

    await page.getByRole('button', { name: 'Remove entry VERBOSE' }).click();
    await expect.poll(() => editorJson(page)).toEqual({ command: 'make', env: { PORT: '8080' } });
    await page.getByRole('button', { name: 'Remove entry PORT' }).click();
    await expect.poll(() => editorJson(page)).toEqual({ command: 'make', env: {} });
  });

  test('arrays of strings: items are added, filled and removed (git_commit files, ask_user options)', async ({
    page,
  }) => {
    await openTool(page, 'git_commit');
    await waitForEditor(page);
    await setEditorText(page, '{"message": "fix: typo"}');
    const addFile = page.getByRole('button', { name: 'Add files entry' });
    await addFile.click();
    await page.locator('#arg_files_0').fill('README.md');
    await addFile.click();
    await page.locator('#arg_files_1').fill('src/app.ts');
    // Each item is named like its buttons; the item labels are for assistive technology only.
    await expect(page.getByRole('textbox', { name: 'files item 2', exact: true })).toHaveValue('src/app.ts');
    await expect(page.locator('label[for="arg_files_1"]')).not.toBeInViewport();
    await expect.poll(() => editorJson(page)).toEqual({ message: 'fix: typo', files: ['README.md', 'src/app.ts'] });
    await page.getByRole('button', { name: 'Remove files item 1' }).click();
    await expect.poll(() => editorJson(page)).toEqual({ message: 'fix: typo', files: ['src/app.ts'] });
    await expect(page.locator('#arg_files_0')).toHaveValue('src/app.ts');

    await openTool(page, 'ask_user');
    await waitForEditor(page);
    await setEditorText(page, '{"question": "Which database?"}');
    const addOption = page.getByRole('button', { name: 'Add options entry' });
    for (const [index, option] of ['PostgreSQL', 'SQLite', 'MySQL'].entries()) {
      await addOption.click();
      await page.locator(`#arg_options_${index}`).fill(option);
    }
    await expect
      .poll(() => editorJson(page))
      .toEqual({ question: 'Which database?', options: ['PostgreSQL', 'SQLite', 'MySQL'] });
    await page.getByRole('button', { name: 'Remove options item 3' }).click();
    await expect
      .poll(() => editorJson(page))
      .toEqual({ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] });
    await expect(page.getByTestId('validation-valid')).toBeVisible();

    // Editor → form: the items typed in the editor become rows.
    await setEditorText(page, '{"question": "Pick", "options": ["a", "b", "c", "d"]}');
    await expect(page.locator('#arg_options_3')).toHaveValue('d');
  });

  test('booleans and enums are selects; their empty choice means "not set" and says the default', async ({ page }) => {
    await openTool(page, 'git_commit');
    await waitForEditor(page);
    await setEditorText(page, '{"message": "fix: typo"}');
    const all = page.locator('#arg_all');
    await expect(all).toHaveValue('');
    await expect(all.locator('option:checked')).toHaveText('Not set (default false)');
    await all.selectOption({ label: 'Yes' });
    await expect.poll(() => editorJson(page)).toEqual({ message: 'fix: typo', all: true });
    await all.selectOption({ label: 'No' });
    await expect.poll(() => editorJson(page)).toEqual({ message: 'fix: typo', all: false });
    await all.selectOption({ label: 'Not set (default false)' });
    await expect.poll(() => editorJson(page)).toEqual({ message: 'fix: typo' });

    await openTool(page, 'read_file');
    await waitForEditor(page);
    await setEditorText(page, '{"path": "a.txt"}');
    const encoding = page.locator('#arg_encoding');
    await expect(encoding.locator('option')).toHaveText(['Not set (default "utf-8")', 'utf-8', 'ascii', 'utf-16']);
    await encoding.selectOption('ascii');
    await expect.poll(() => editorJson(page)).toEqual({ path: 'a.txt', encoding: 'ascii' });
    // Integers keep their bounds: the form's value is checked by the core validator.
    await page.locator('#arg_start_line').fill('0');
    await expect(
      page.locator('[data-testid="error-list"] li[data-code="out_of_range"][data-parameter="start_line"]'),
    ).toBeVisible();
    await page.locator('#arg_start_line').fill('3');
    await expect.poll(() => editorJson(page)).toEqual({ path: 'a.txt', encoding: 'ascii', start_line: 3 });
    await expect(page.getByTestId('validation-valid')).toBeVisible();
  });

  test('warnings are listed apart from errors, and the arguments stay valid', async ({ page }) => {
    await openTool(page, 'list_directory');
    await setEditorText(page, '{"path": "src", "recursive": true}');
    await expect(page.getByTestId('validation-valid')).toContainText('1 warning');
    await expect(page.getByTestId('warning-list').locator('li[data-code="slow_operation"]')).toBeVisible();
    await expect(page.getByTestId('error-list')).toHaveCount(0);
    await setEditorText(page, '{"path": "src", "recursive": true, "max_depth": 2}');
    await expect(page.getByTestId('validation-valid')).not.toContainText('warning');
    await expect(page.getByTestId('warning-list')).toHaveCount(0);
  });

  test('error markers sit on the parameter they are about', async ({ page }) => {
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": "a.txt", "start_line": 0}');
    await expect(page.locator('[data-testid="error-list"] li[data-code="out_of_range"]')).toBeVisible();
    const squiggle = page.locator('.json-editor .monaco-editor .squiggly-error');
    await expect(squiggle).toHaveCount(1);
    const token = page.locator('.json-editor .monaco-editor .view-line span span', { hasText: /^"start_line"$/ });
    // Same start as the property name, on its line (the squiggle sits along the text's bottom edge).
    const offsets = async () => {
      const [marker, name] = await Promise.all([squiggle.boundingBox(), token.boundingBox()]);
      if (!marker || !name) return null;
      return {
        sameColumn: Math.abs(marker.x - name.x) <= 2,
        sameLine: marker.y >= name.y - 1 && marker.y <= name.y + name.height,
      };
    };
    await expect.poll(offsets).toEqual({ sameColumn: true, sameLine: true });
  });

  test('Monaco completes parameter names and enum values, and hovers show the description', async ({ page }) => {
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": "a.txt", }');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ControlOrMeta+Space');
    const suggestions = page.locator('.suggest-widget .monaco-list-row');
    await expect(suggestions.filter({ hasText: 'start_line' })).toBeVisible();
    await expect(suggestions.filter({ hasText: 'encoding' })).toBeVisible();
    await page.keyboard.press('Escape');

    await setEditorText(page, '{"path": "a.txt", "encoding": }');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ControlOrMeta+Space');
    await expect(suggestions.filter({ hasText: '"utf-16"' })).toBeVisible();
    await expect(suggestions).toHaveCount(3);
    await page.keyboard.press('Escape');

    await setEditorText(page, '{"path": "a.txt", "start_line": 2}');
    const parameterName = page.locator('.json-editor .monaco-editor .view-line span span', {
      hasText: /^"start_line"$/,
    });
    const hover = page.locator('.monaco-hover').filter({ hasText: 'Line number to start reading from' });
    // A hover that starts while the editor is still applying the pasted text is dropped by Monaco; a person moves the mouse again.
    await expect(async () => {
      await page.mouse.move(0, 0);
      await parameterName.hover();
      await expect(hover).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 10_000 });
  });

  test('moving between tools gives each a fresh editor, with no errors', async ({ page }) => {
    const errors = collectPageErrors(page);
    for (const tool of ['read_file', 'execute_command', 'git_commit', 'read_file']) {
      await openTool(page, tool);
      await waitForEditor(page);
      await expect(page.locator('.json-editor .monaco-editor')).toHaveCount(1);
    }
    await setEditorText(page, '{"path": 5}');
    await expect(page.locator('[data-testid="error-list"] li[data-code="type_mismatch"]')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('malformed JSON: parse error with line and column, the form keeps the last good value, the text is kept', async ({
    page,
  }) => {
    await openTool(page, 'execute_command');
    await setEditorText(page, '{"command": "npm test"}');
    await expect(page.locator('#arg_command')).toHaveValue('npm test');
    await setEditorText(page, '{\n  "command": "oops",\n  "timeout_seconds": }');
    const parseError = page.getByTestId('parse-error');
    await expect(parseError).toContainText(/Line 3, column \d+/);
    await expect(page.locator('#arg_command')).toHaveValue('npm test');
    expect(await editorText(page)).toContain('"timeout_seconds": }');
    await waitForSavedArguments(page, 'execute_command', '"timeout_seconds": }');
    await page.reload();
    await waitForEditor(page);
    expect(await editorText(page)).toContain('"timeout_seconds": }');
    await expect(page.getByTestId('parse-error')).toBeVisible();
  });

  test('malformed JSON: the form is read-only with a note, so editing it cannot replace what was typed', async ({
    page,
  }) => {
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": "README.md"}');
    await expect(page.locator('#arg_path')).toHaveValue('README.md');
    const typed = '{"path":"my long careful edit","start_line":7,"end_line": }';
    await setEditorText(page, typed);
    const note = page.getByTestId('form-paused');
    await expect(note).toContainText(/syntax error at line 1, column \d+/);
    await expect(page.getByTestId('arguments-form')).toHaveAttribute('aria-describedby', 'form-paused-note');
    // The form still shows the last good arguments, but takes no edits.
    await expect(page.locator('#arg_path')).toHaveValue('README.md');
    await expect(page.locator('#arg_path')).not.toBeEditable();
    await expect(page.locator('#arg_encoding')).toBeDisabled();
    await page.locator('#arg_path').click();
    await page.keyboard.type('x');
    await page
      .locator('#arg_encoding')
      .selectOption('ascii', { force: true })
      .catch(() => undefined);
    await waitForSavedArguments(page, 'read_file', typed);
    // Exactly as typed (the editor wraps the long line, so its saved text is compared).
    expect(await page.evaluate(() => localStorage.getItem('tsp:arguments:read_file'))).toBe(typed);
    expect((await editorText(page)).replace(/\s+/g, '')).toBe(typed.replace(/\s+/g, ''));
    await expect(page.locator('#arg_path')).toHaveValue('README.md');

    // Once the text parses, the form takes edits again, starting from the text's arguments.
    await setEditorText(page, '{"path":"my long careful edit","start_line":7,"end_line": 9}');
    await expect(note).toHaveCount(0);
    await expect(page.locator('#arg_path')).toHaveValue('my long careful edit');
    await page.locator('#arg_encoding').selectOption('ascii');
    await expect
      .poll(() => editorJson(page))
      .toEqual({ path: 'my long careful edit', start_line: 7, end_line: 9, encoding: 'ascii' });

    // Arguments that parse but are not an object pause the form too.
    await setEditorText(page, '["a"]');
    await expect(note).toContainText('not a JSON object');
    await expect(page.locator('#arg_encoding')).toBeDisabled();
  });

  test('a boolean or enum value outside its choices shows as itself, marked invalid', async ({ page }) => {
    await openTool(page, 'list_directory');
    await setEditorText(page, '{"path": "src", "recursive": "yes"}');
    const recursive = page.locator('#arg_recursive');
    await expect(recursive.locator('option:checked')).toHaveText('"yes" (invalid)');
    await expect(recursive).toHaveAttribute('aria-invalid', 'true');
    await recursive.selectOption({ label: 'No' });
    await expect.poll(() => editorJson(page)).toEqual({ path: 'src', recursive: false });
    await expect(recursive.locator('option')).toHaveText(['Not set (default false)', 'Yes', 'No']);

    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": "a.txt", "encoding": "latin1"}');
    await expect(page.locator('#arg_encoding option:checked')).toHaveText('"latin1" (invalid)');
    await expect(page.locator('[data-testid="error-list"] li[data-code="invalid_enum"]')).toBeVisible();
  });

  test('arguments persist per tool across reloads; Reset and Clear are explicit', async ({ page }) => {
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": "persisted.txt"}');
    await waitForSavedArguments(page, 'read_file', 'persisted.txt');
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
    await waitForSavedArguments(page, 'read_file', 'kept-for-read_file.txt');

    await openTool(page, 'write_file');
    await setEditorText(page, '{"path": "shared.txt", "content": "hello ✓"}');
    await page.getByRole('button', { name: 'Copy share link' }).click();
    // The link's codec loads with the first copy: the button says when the link is on the clipboard.
    await expect(page.getByRole('button', { name: 'Copy share link' })).toHaveText('✓ Copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/tools\/write_file\/#args=z[A-Za-z0-9_-]+$/);

    const other = await context.newPage();
    await other.goto('./');
    await other.evaluate(() => localStorage.removeItem('tsp:arguments:write_file'));
    await other.goto(link);
    await waitForEditor(other);
    await expect.poll(() => editorJson(other)).toEqual({ path: 'shared.txt', content: 'hello ✓' });
    await expect(other.getByRole('status').filter({ hasText: 'shared link' })).toBeVisible();
    await expect(other).toHaveURL(/\/tools\/write_file\/$/);
    await openTool(other, 'read_file');
    await waitForEditor(other);
    await expect.poll(() => editorJson(other)).toEqual({ path: 'kept-for-read_file.txt' });
  });

  test('a share link for the tool already open in the tab replaces its arguments and says so', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path":"FROM LINK"}');
    await page.getByRole('button', { name: 'Copy share link' }).click();
    // The link's codec loads with the first copy: the button says when the link is on the clipboard.
    await expect(page.getByRole('button', { name: 'Copy share link' })).toHaveText('✓ Copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    await setEditorText(page, '{"path": "MY OWN WORK"}');
    await waitForSavedArguments(page, 'read_file', 'MY OWN WORK');

    await page.goto(link);
    await expect.poll(() => editorText(page)).toBe('{"path":"FROM LINK"}');
    await expect(page).toHaveURL(/\/tools\/read_file\/$/);
    await waitForSavedArguments(page, 'read_file', 'FROM LINK');
    // Still there once the editor has taken the text (its echo is no edit).
    await expect(page.getByRole('status').filter({ hasText: 'Arguments loaded from a shared link.' })).toBeVisible();
    // What was on screen is kept, and one click brings it back.
    await page.getByRole('button', { name: 'Restore my previous arguments' }).click();
    await expect.poll(() => editorText(page)).toBe('{"path": "MY OWN WORK"}');
  });

  test('a shared link opened in a new tab keeps the saved arguments it replaces: restore, switch back, survive a reload', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path":"FROM LINK"}');
    await page.getByRole('button', { name: 'Copy share link' }).click();
    // The link's codec loads with the first copy: the button says when the link is on the clipboard.
    await expect(page.getByRole('button', { name: 'Copy share link' })).toHaveText('✓ Copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    await setEditorText(page, '{"path": "MY OWN WORK", "start_line": 7}');
    await waitForSavedArguments(page, 'read_file', 'MY OWN WORK');
    await page.close();

    const tab = await context.newPage();
    await tab.goto(link);
    await waitForEditor(tab);
    await expect.poll(() => editorText(tab)).toBe('{"path":"FROM LINK"}');
    const notice = tab.getByTestId('playground-notice');
    await expect(notice).toContainText('Arguments loaded from a shared link.');
    await expect(notice).toContainText('yours are kept until you dismiss this notice');
    await waitForSavedArguments(tab, 'read_file', 'FROM LINK');

    // A reload before deciding (the link has left the address bar) still offers them.
    await tab.reload();
    await waitForEditor(tab);
    await expect.poll(() => editorText(tab)).toBe('{"path":"FROM LINK"}');
    const restore = tab.getByRole('button', { name: 'Restore my previous arguments' });
    await expect(restore).toBeVisible();
    await restore.click();
    await expect.poll(() => editorJson(tab)).toEqual({ path: 'MY OWN WORK', start_line: 7 });
    await expect(tab.locator('#arg_path')).toHaveValue('MY OWN WORK');
    await expect(notice).toContainText('Your previous arguments are back.');
    await waitForSavedArguments(tab, 'read_file', 'MY OWN WORK');

    // The link's arguments are not lost either, until the notice is dismissed.
    await tab.getByRole('button', { name: 'Back to the shared arguments' }).click();
    await expect.poll(() => editorText(tab)).toBe('{"path":"FROM LINK"}');
    await tab.getByRole('button', { name: 'Restore my previous arguments' }).click();
    await expect.poll(() => editorJson(tab)).toEqual({ path: 'MY OWN WORK', start_line: 7 });
    await tab.getByRole('button', { name: 'Dismiss notice' }).click();
    await expect(notice).toHaveCount(0);
    await tab.reload();
    await waitForEditor(tab);
    await expect.poll(() => editorJson(tab)).toEqual({ path: 'MY OWN WORK', start_line: 7 });
    await expect(notice).toHaveCount(0);
  });
});
