import { encodeArgumentsText } from '../src/app/lib/shareLink';
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, editorJson, openTool, waitForEditor } from './helpers';

// Hostile input on the page: each case must end in a clear verdict naming the parameter (or the place) and the
// rule, with the tab answering throughout, and nothing lost: the text stays as typed, after a reload too. How long the
// tab stalls is a figure for the bench, not an assertion here.

const savedText = (page: Page, tool: string) =>
  page.evaluate((key) => localStorage.getItem(key), `tsp:arguments:${tool}`);

/** The tab answers a script: its document is still there and still this page. */
async function expectAnswering(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.readyState)).toBe('complete');
}

/** Asks the tab to answer every 100 ms while `work` runs; how many answers came back. A frozen tab ends the test. */
async function answersDuring(page: Page, work: () => Promise<void>): Promise<number> {
  let done = false;
  let answers = 0;
  const probe = (async () => {
    while (!done) {
      if ((await page.evaluate(() => document.readyState)) === 'complete') answers += 1;
      await page.waitForTimeout(100);
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await probe;
  }
  return answers;
}

const panel = (page: Page) => page.getByTestId('validation-panel');

/** Replaces the editor's text by pasting it (clipboard and Ctrl+V): exactly these characters, no bracket auto-closing. */
async function setEditorText(page: Page, text: string): Promise<void> {
  await waitForEditor(page);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.locator('.json-editor .monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

test.describe('hostile input in the playground', () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('./');
    await page.evaluate(() => localStorage.clear());
  });

  const MALFORMED: { name: string; text: string; verdict: RegExp }[] = [
    {
      name: 'truncated',
      text: '{"path": "a.txt", "start_line": 1',
      verdict: /Not valid JSON[\s\S]*line 1, column \d+/,
    },
    { name: 'a trailing comma', text: '{"path": "a.txt",}', verdict: /Not valid JSON[\s\S]*line 1, column \d+/ },
    { name: 'a comment', text: '{"path": "a.txt" /* why */}', verdict: /Not valid JSON[\s\S]*line 1, column \d+/ },
    { name: 'NaN', text: '{"path": "a.txt", "start_line": NaN}', verdict: /Not valid JSON[\s\S]*line 1, column \d+/ },
    {
      name: 'a duplicate key',
      text: '{"path": "a.txt", "path": "b.txt"}',
      verdict: /path[\s\S]*(duplicate|more than once|twice)/i,
    },
    { name: 'an array at the top', text: '[{"path": "a.txt"}]', verdict: /must be a JSON object, got array/ },
    { name: 'a string at the top', text: '"a.txt"', verdict: /must be a JSON object, got string/ },
    { name: 'null at the top', text: 'null', verdict: /must be a JSON object, got null/ },
    { name: 'a __proto__ key', text: '{"path": "a.txt", "__proto__": {"polluted": true}}', verdict: /__proto__/ },
    {
      name: 'a constructor key',
      text: '{"path": "a.txt", "constructor": {"prototype": {"x": 1}}}',
      verdict: /constructor/,
    },
    { name: 'a wrong type', text: '{"path": "a.txt", "start_line": "ten"}', verdict: /start_line[\s\S]*integer/i },
  ];

  for (const { name, text, verdict } of MALFORMED) {
    test(`${name}: a clear verdict, the text kept as typed, after a reload too`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await openTool(page, 'read_file');
      await setEditorText(page, text);
      await expect(panel(page)).toContainText(verdict);
      await expectAnswering(page);
      await expect.poll(() => savedText(page, 'read_file')).toBe(text);
      // Polluting keys stay data: nothing on the page's prototypes changed.
      expect(await page.evaluate(() => ({}) as Record<string, unknown>)).toEqual({});
      expect(await page.evaluate(() => (Object.prototype as Record<string, unknown>).polluted)).toBeUndefined();
      await page.reload();
      await waitForEditor(page);
      await expect(panel(page)).toContainText(verdict);
      expect(await savedText(page, 'read_file')).toBe(text);
      expect(errors).toEqual([]);
    });
  }

  test('a byte order mark, lone surrogates and bidi overrides: kept exactly, after a reload too', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openTool(page, 'read_file');
    for (const text of [
      '\ufeff{"path": "a.txt"}',
      '{"path": "a\\ud800b.txt"}',
      '{"path": "evil\u202etxt.exe"}',
      '{"path": "a\\u0000b.txt"}',
    ]) {
      await setEditorText(page, text);
      await expect.poll(() => savedText(page, 'read_file')).toBe(text);
      await expect(panel(page)).not.toContainText('Not valid JSON');
      await expectAnswering(page);
      await page.reload();
      await waitForEditor(page);
      expect(await savedText(page, 'read_file')).toBe(text);
    }
    expect(errors).toEqual([]);
  });

  test('10,000 levels of nesting: refused by depth, the page answering', async ({ page }) => {
    await openTool(page, 'read_file');
    const text = `{"path": "a.txt", "deep": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const answers = await answersDuring(page, async () => {
      await setEditorText(page, text);
      await expect(panel(page)).toContainText(/nested more than \d+ levels/);
    });
    expect(answers).toBeGreaterThan(0);
    await expect.poll(() => savedText(page, 'read_file')).toBe(text);
  });

  test('path traversal through the form: refused with the parameter and the rule, the workspace untouched', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openTool(page, 'read_file');
    await waitForEditor(page);
    const field = page.locator('#arg_path');
    const execute = page.getByRole('button', { name: 'Execute', exact: true });
    for (const path of ['../../../etc/passwd', '/etc/passwd', 'src/../../outside.txt']) {
      await field.fill(path);
      await expect.poll(() => savedText(page, 'read_file')).toContain(JSON.stringify(path));
      await expectAnswering(page);
      // Refused at validation (the form and editor say so before Execute) or, if validation lets it by, by the runtime.
      if (await execute.isEnabled()) {
        await execute.click();
        await expect(page.getByTestId('execution-result')).toContainText(/path/i, { timeout: 30_000 });
        await expect(page.getByTestId('execution-result')).toContainText(/outside|workspace|traversal/i);
        await expect(page.getByTestId('result-status')).not.toHaveText('✓ Success');
      } else {
        await expect(panel(page)).toContainText('path');
        await expect(panel(page)).toContainText(/outside|workspace|traversal/i);
      }
    }
  });

  test('a 5 MB string: refused by its length, the page answering, the text back after a reload', async ({ page }) => {
    test.setTimeout(120_000);
    await openTool(page, 'write_file');
    await waitForEditor(page);
    const size = 5 * 1024 * 1024;
    const answers = await answersDuring(page, async () => {
      await page.evaluate(
        (length) => navigator.clipboard.writeText(`{"path": "big.txt", "content": "${'x'.repeat(length)}"}`),
        size,
      );
      await page.locator('.json-editor .monaco-editor .view-lines').click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('ControlOrMeta+V');
      await expect(panel(page)).toContainText(/content[\s\S]*1048576/, { timeout: 30_000 });
    });
    expect(answers).toBeGreaterThan(0);
    // The form shows the value's size, not a text area holding it.
    await expect(page.getByTestId('form-large-value')).toContainText('5,242,880 characters');
    await expect(page.getByRole('button', { name: 'Execute', exact: true })).toBeDisabled();
    // Too large for localStorage: kept in IndexedDB and read back on reload, the editor waiting for it.
    await page.waitForTimeout(2500);
    await page.reload();
    await expect(panel(page)).toContainText(/content[\s\S]*1048576/, { timeout: 30_000 });
    await expect(page.getByTestId('form-large-value')).toContainText('5,242,880 characters');
    await expectAnswering(page);
  });

  test('a shared link over a 5 MB text kept in IndexedDB offers it back, and keeps it until dismissed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openTool(page, 'write_file');
    await waitForEditor(page);
    const size = 5 * 1024 * 1024;
    await page.evaluate(
      (length) => navigator.clipboard.writeText(`{"path": "big.txt", "content": "${'x'.repeat(length)}"}`),
      size,
    );
    await page.locator('.json-editor .monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    await expect(page.getByTestId('form-large-value')).toContainText('5,242,880 characters', { timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tsp:arguments-large:write_file')), { timeout: 20_000 })
      .not.toBeNull();

    await page.goto(
      `./tools/write_file/#args=${encodeArgumentsText('{\n  "path": "shared.txt",\n  "content": "from a link"\n}')}`,
    );
    const notice = page.getByTestId('playground-notice');
    await expect(notice).toContainText('They replaced the arguments you had saved for this tool', { timeout: 30_000 });
    await expect.poll(() => editorJson(page)).toEqual({ path: 'shared.txt', content: 'from a link' });
    await page.getByRole('button', { name: 'Restore my previous arguments' }).click();
    await expect(page.getByTestId('form-large-value')).toContainText('5,242,880 characters', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Back to the shared arguments' }).click();
    await expect.poll(() => editorJson(page)).toEqual({ path: 'shared.txt', content: 'from a link' });
    // Still offered after the shared text was saved: the large copy was kept.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => localStorage.getItem('tsp:arguments-large:write_file'))).not.toBeNull();
    await page.getByRole('button', { name: 'Dismiss notice' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tsp:arguments-large:write_file'))).toBeNull();
    await page.reload();
    await waitForEditor(page);
    await expect.poll(() => editorJson(page)).toEqual({ path: 'shared.txt', content: 'from a link' });
  });
});

test.describe('hostile use of Execute', () => {
  test.beforeEach(async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('./');
    await page.evaluate(() => localStorage.clear());
  });

  test('the Execute button is named "Execute" for screen readers, without its glyph or shortcut', async ({ page }) => {
    await openTool(page, 'read_file');
    const execute = page.getByRole('button', { name: 'Execute', exact: true });
    await expect(execute).toHaveAccessibleName('Execute');
    await expect(execute).toHaveAttribute('aria-keyshortcuts', /Enter/);
  });

  test('many fast clicks on Execute run one call at a time and leave the workspace intact', async ({ page }) => {
    test.setTimeout(90_000);
    await openTool(page, 'read_file');
    await setEditorText(page, '{"path": "README.md"}');
    const execute = page.getByRole('button', { name: 'Execute', exact: true });
    await expect(execute).toBeEnabled({ timeout: 30_000 });
    const answers = await answersDuring(page, async () => {
      for (let click = 0; click < 15; click += 1)
        await execute.click({ force: true, noWaitAfter: true, timeout: 2000 }).catch(() => undefined);
      await expect(page.getByTestId('result-status')).toHaveText('✓ Success', { timeout: 30_000 });
    });
    expect(answers).toBeGreaterThan(0);
    await expect(page.locator('.exec-running')).toBeHidden({ timeout: 30_000 });
    // Each click that ran made one call, and every call succeeded: none was refused for overlapping another.
    const calls = page.getByRole('list', { name: 'Call history' }).locator('li');
    await expect.poll(() => calls.count()).toBeGreaterThanOrEqual(1);
    expect(await calls.count()).toBeLessThanOrEqual(15);
    await expect(page.getByRole('list', { name: 'Call history' }).locator('li:not(.exec-history-success)')).toHaveCount(
      0,
    );
    await expect.poll(() => savedText(page, 'read_file')).toBe('{"path": "README.md"}');
  });

  test('Stop during an endless shell loop: cancelled, the page answering, the arguments kept', async ({ page }) => {
    test.setTimeout(90_000);
    await page.evaluate(() => localStorage.setItem('tsp:default-timeout-seconds', '30'));
    await openTool(page, 'execute_command');
    const text = '{"command": "while true; do :; done", "timeout_seconds": 60}';
    await setEditorText(page, text);
    const execute = page.getByRole('button', { name: 'Execute', exact: true });
    await expect(execute).toBeEnabled({ timeout: 30_000 });
    const answers = await answersDuring(page, async () => {
      await execute.click();
      const approval = page.getByRole('dialog', { name: 'Approve this call?' });
      await expect(approval).toBeVisible({ timeout: 30_000 });
      await approval.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('button', { name: /Stop/ }).click();
      await expect(page.getByTestId('result-status')).toHaveText(/cancelled/, { timeout: 15_000 });
    });
    expect(answers).toBeGreaterThan(0);
    expect(await savedText(page, 'execute_command')).toBe(text);
    await page.reload();
    await waitForEditor(page);
    expect(await savedText(page, 'execute_command')).toBe(text);
  });

  test('a catastrophic regex in search_files runs on RE2 at once; one RE2 cannot run is refused in words', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openTool(page, 'search_files');
    // Exponential for a backtracking engine on a line of a's; linear on RE2, which the tool uses: a plain answer.
    await setEditorText(page, JSON.stringify({ query: '(a+)+$', regex: true, path: '.' }));
    const execute = page.getByRole('button', { name: 'Execute', exact: true });
    await expect(execute).toBeEnabled();
    const answers = await answersDuring(page, async () => {
      await execute.click();
      await expect(page.getByTestId('execution-result').getByTestId('result-status')).toHaveText('✓ Success', {
        timeout: 40_000,
      });
    });
    expect(answers).toBeGreaterThan(0);
    // With a lookahead RE2 cannot run it, and the guard refuses it before it runs, naming the parameter and the group.
    await setEditorText(page, JSON.stringify({ query: '(a+)+(?!b)!', regex: true, path: '.' }));
    await expect(execute).toBeEnabled();
    await execute.click();
    await expect(page.getByTestId('execution-result').getByTestId('result-status')).toHaveText('✗ invalid_regex');
    await expect(page.getByTestId('execution-result')).toContainText(
      "Parameter 'query': refused, because the repeated group '",
    );
    await expectAnswering(page);
  });
});

test.describe('share links past their limits', () => {
  test('a toolset link with one tool nested 100,000 deep opens the other tool and names the refused one, its pointer and why', async ({
    page,
  }) => {
    const { deflateSync } = await import('fflate');
    const { bytesToBase64Url } = await import('../src/app/lib/shareLinkFormat');
    const { deepText } = await import('../src/core/json/text-limits.test-support');
    const manifest = { id: 'deep-set', name: 'Deep set', version: '1.0.0', description: 'Two tools.', categories: [] };
    const fine = {
      name: 'fine_tool',
      title: 'Fine tool',
      description: 'A tool with a plain schema.',
      version: '1.0.0',
      category: 'imported',
      riskLevel: 'low',
      tags: [],
      inputSchema: { type: 'object', properties: {} },
      examples: [],
      invalidExamples: [],
    };
    const text = `{"toolset":{"manifest":${JSON.stringify(manifest)},"tools":[${JSON.stringify(fine)},{"name":"deep","description":"Never ends.","inputSchema":{"type":"object","properties":{"a":${deepText(100_000)}}}}]},"mocks":{}}`;
    const link = `t${bytesToBase64Url(deflateSync(new TextEncoder().encode(text), { level: 9 }))}`;
    await page.goto(`./toolsets/deep-set/tools/fine_tool/#toolset=${link}`);
    const notice = page.getByRole('status').filter({ hasText: 'The link brought the toolset “Deep set” (1 tool)' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("One tool was refused: 'deep' at /tools/1/inputSchema/properties/a/0/a/");
    await expect(notice).toContainText('nested more than 128 levels deep');
    await expect(page.getByRole('heading', { level: 1, name: 'fine_tool' })).toBeVisible();
  });

  test('an #args link that unpacks past the cap says it is too large and keeps the saved arguments', async ({
    page,
  }) => {
    const { deflateSync } = await import('fflate');
    const { bytesToBase64Url } = await import('../src/app/lib/shareLinkFormat');
    await openTool(page, 'read_file');
    await waitForEditor(page);
    await page.evaluate(() => localStorage.setItem('tsp:arguments:read_file', '{"path": "mine.txt"}'));
    const bomb = `z${bytesToBase64Url(deflateSync(new Uint8Array(64 * 1024 * 1024).fill(32), { level: 9 }))}`;
    await page.goto('about:blank');
    await page.goto(`./tools/read_file/#args=${bomb}`);
    await expect(page.getByRole('status').filter({ hasText: 'The shared link is too large' })).toContainText(
      'more than 4 MB',
    );
    await waitForEditor(page);
    await expect.poll(() => editorJson(page)).toEqual({ path: 'mine.txt' });
    await page.goto('about:blank');
    await page.goto('./tools/read_file/#args=z');
    await expect(page.getByRole('status').filter({ hasText: 'The shared link is empty' })).toBeVisible();
    await expect.poll(() => editorJson(page)).toEqual({ path: 'mine.txt' });
  });

  test('an #args link of large arguments under the cap opens them once unpacked, the saved arguments offered back', async ({
    page,
  }) => {
    await openTool(page, 'write_file');
    await waitForEditor(page);
    await page.evaluate(() => localStorage.setItem('tsp:arguments:write_file', '{"path": "mine.txt", "content": ""}'));
    const text = JSON.stringify({ path: 'shared.txt', content: 'y'.repeat(1024 * 1024) });
    await page.goto('about:blank');
    await page.goto(`./tools/write_file/#args=${encodeArgumentsText(text)}`);
    await expect(page.getByTestId('playground-notice')).toContainText(
      'They replaced the arguments you had saved for this tool',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('form-large-value')).toContainText('1,048,576 characters', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Restore my previous arguments' }).click();
    await expect.poll(() => editorJson(page)).toEqual({ path: 'mine.txt', content: '' });
  });
});
