import { expect, test, type Browser, type Page } from '@playwright/test';
import { collectPageErrors } from './helpers';

// Typing the moment a tool page's editor appears, as an impatient user does: every key must land, in order, and
// nothing arriving late (the saved arguments, the form's echo, the editor finishing its load) may replace them.
const CASES = [
  { tool: 'read_file', keys: '{"start_line": 0, "path": "src/app.ts"' },
  { tool: 'write_file', keys: '{"path": "notes/today.txt", "content": "quick brown fox"' },
  { tool: 'execute_command', keys: '{"command": "ls -la src", "timeout": 5' },
  { tool: 'search_files', keys: '{"pattern": "TODO", "path": "src"' },
];
const DELAYS_MS = [0, 20, 30, 50];

const editorLines = (page: Page) => page.locator('.json-editor .monaco-editor .view-lines');

/**
 * The editor's text exactly, as it reported it (the playground saves every change shortly after it is made);
 * the rendered lines would show the editor's soft wraps as line breaks.
 */
async function editorText(page: Page, tool: string): Promise<string | null> {
  await page.waitForTimeout(400);
  return page.evaluate((key) => localStorage.getItem(key), `tsp:arguments:${tool}`);
}

/** Every typed character is in the text, in order (Monaco adds closing brackets and quotes in between). */
function containsInOrder(text: string, keys: string): boolean {
  let position = 0;
  for (const character of keys) {
    position = text.indexOf(character, position);
    if (position === -1) return false;
    position += 1;
  }
  return true;
}

async function typeIntoEditor(page: Page, keys: string, delay: number): Promise<void> {
  // No waiting for anything but the editor's lines: the first moment a user could click, once scrolled to it (the
  // editor loads as its place comes near the screen).
  await page.locator('.json-editor').first().scrollIntoViewIfNeeded();
  await editorLines(page).waitFor({ state: 'visible', timeout: 20_000 });
  await editorLines(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(keys, { delay });
}

/**
 * What Monaco makes of the keys on a settled page, typed by a patient user: the text a quick typist must get too.
 * It is not always the JSON the keys spell: Monaco closes brackets and quotes as they are typed, and does not
 * always type over the quote it added (a suggestion list open on a key name takes the closing quote).
 */
async function settledResult(browser: Browser, tool: string, keys: string): Promise<string | null> {
  const page = await browser.newPage();
  try {
    await page.goto(`./tools/${tool}/`);
    await page.locator('.json-editor').first().scrollIntoViewIfNeeded();
    await expect(page.locator('.json-editor[data-status="ready"] .monaco-editor')).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    await typeIntoEditor(page, keys, 50);
    return await editorText(page, tool);
  } finally {
    await page.close();
  }
}

for (const { tool, keys } of CASES) {
  test.describe(`typing into ${tool} the moment its editor appears`, () => {
    let expected: string | null = null;
    test.beforeAll(async ({ browser }) => {
      expected = await settledResult(browser, tool, keys);
      expect(expected !== null && containsInOrder(expected, keys)).toBe(true);
    });

    for (const delay of DELAYS_MS) {
      test(`keeps every key typed ${delay} ms apart`, async ({ page }) => {
        const errors = collectPageErrors(page);
        await page.goto(`./tools/${tool}/`);
        await typeIntoEditor(page, keys, delay);
        // Whatever was still on its way (the editor's load, validation, the form) arrives and must change nothing.
        await expect(page.locator('.json-editor[data-status="ready"]')).toBeVisible();
        await page.waitForTimeout(1500);
        expect(await editorText(page, tool)).toBe(expected);
        // The screen shows that text too (compared without the editor's soft wraps).
        const shown = (await editorLines(page).innerText()).replace(/\u00a0/g, ' ').replace(/\n/g, '');
        expect(shown).toBe(expected!.replace(/\n/g, ''));
        expect(errors).toEqual([]);
      });
    }
  });
}
