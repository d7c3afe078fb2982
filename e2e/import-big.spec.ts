/** Texts too big for the text area on the import page: checked in the worker with progress and Cancel, never laid out. */
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, screenshotPath } from './helpers';

const textArea = (page: Page) => page.locator('textarea.import-text');

/** An MCP tools/list result of `count` tools, printed with indentation as servers save it. */
function toolsList(count: number): string {
  const tools = Array.from({ length: count }, (_, index) => ({
    name: `read_part_${index}`,
    description: `Reads part ${index} of a file in the workspace and returns its text, with line numbers.`,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path of the file, relative to the workspace' },
        line: { type: 'integer', minimum: 1 },
      },
      required: ['path'],
    },
  }));
  return JSON.stringify({ tools }, null, 2);
}

async function paste(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await textArea(page).focus();
  await page.keyboard.press('ControlOrMeta+V');
}

/** Every text the big text's summary showed, recorded in the page as it changes. */
async function recordSummaries(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenSummaries: string[] }).seenSummaries = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.import-big-text')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { seenSummaries: string[] }).seenSummaries);
}

test.beforeEach(async ({ context, page }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./import/');
  await expect(textArea(page)).toBeVisible();
  // The app has taken the prerendered page over: its paste handler is there.
  await page.waitForFunction(
    () => (window as unknown as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null,
  );
});

test('a paste past what the text area lays out quickly is checked in the worker with its progress, never laid out, and imports', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const text = toolsList(1500);
  expect(text.length).toBeGreaterThan(400_000);
  const summaries = await recordSummaries(page);
  await paste(page, text);
  const card = page.getByTestId('import-big');
  await expect(card).toContainText(`${(text.length / 1024 / 1024).toFixed(1)} MB pasted`);
  await expect(card).toContainText('checked: the verdict is below', { timeout: 30_000 });
  // The text never reached the text area.
  await expect(textArea(page)).toBeHidden();
  expect(await textArea(page).inputValue()).toBe('');
  const seen = await summaries();
  expect(seen.some((summary) => /checking… \d+ %/.test(summary))).toBe(true);
  await expect(page.getByTestId('import-summary')).toContainText('1500 ready to import');
  await page.getByRole('button', { name: 'Import 1500 tools' }).click();
  await expect(page).toHaveURL(/\/toolsets\/[^/]+\/$/);
  expect(errors).toEqual([]);
});

test('Cancel ends the check of a big paste: nothing is imported, the text area is back and the page answers', async ({
  page,
}) => {
  const text = toolsList(9000);
  expect(text.length).toBeLessThan(10 * 1024 * 1024);
  await paste(page, text);
  const card = page.getByTestId('import-big');
  await expect(card).toContainText('MB pasted — checking…');
  await page.screenshot({ path: screenshotPath('import-big-checking') });
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The check was cancelled; nothing was imported. Paste, drop or choose the definitions again to check them.',
  );
  await expect(card).toHaveCount(0);
  await expect(textArea(page)).toBeVisible();
  await expect(textArea(page)).toHaveValue('');
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  // The page answers: a small paste is taken and checked as usual.
  await paste(page, toolsList(1));
  await expect(page.getByTestId('import-summary')).toContainText('1 ready to import');
});

test('a binary file or paste is recognised from its first bytes, before any layout, and what was there stays', async ({
  page,
}) => {
  await textArea(page).fill('{"kept": true}');
  const bytes = Buffer.alloc(5 * 1024 * 1024);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = (index * 7919) % 256;
  await page
    .getByLabel('Definitions file')
    .setInputFiles({ name: 'archive.json', mimeType: 'application/json', buffer: bytes });
  await expect(page.getByRole('alert')).toHaveText(
    'archive.json is binary, not a text file of JSON definitions; nothing was changed.',
  );
  await expect(textArea(page)).toHaveValue('{"kept": true}');

  await page.evaluate(() => navigator.clipboard.writeText('\u0001\u0002\u0003\u0004 PK\u0005\u0006'.repeat(50_000)));
  await textArea(page).focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByRole('alert')).toHaveText(
    'The pasted text is binary, not JSON definitions; nothing was changed.',
  );
  await expect(textArea(page)).toHaveValue('{"kept": true}');
  await expect(page.getByTestId('import-big')).toHaveCount(0);
});

test('a big file is read by the worker slice by slice, never laid out, and checked', async ({ page }) => {
  const text = toolsList(1500);
  await page
    .getByLabel('Definitions file')
    .setInputFiles({ name: 'tools.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  const card = page.getByTestId('import-big');
  await expect(card).toContainText(`${(text.length / 1024 / 1024).toFixed(1)} MB in tools.json`);
  await expect(card).toContainText('checked: the verdict is below', { timeout: 30_000 });
  await expect(textArea(page)).toBeHidden();
  await expect(page.getByTestId('import-summary')).toContainText('1500 ready to import');
  await card.getByRole('button', { name: 'Clear' }).click();
  await expect(textArea(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
});
