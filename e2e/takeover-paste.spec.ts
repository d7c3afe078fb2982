/**
 * A paste into Import's or Check calls' text area before the app has taken the page over: measured as it comes, a big
 * or binary one is held and goes to the app's paste handler once it is there (never laid out), a small text lands in
 * the text area in place. A text dropped on a field no drop zone takes lands in it.
 */
import { expect, test, type Page } from '@playwright/test';
import { holdScripts } from './helpers';

const textArea = (page: Page) => page.locator('textarea.import-text');

async function pasteBeforeTakeover(
  page: Page,
  text: string,
  { address = './import/', area = textArea, typed = '' } = {},
): Promise<() => void> {
  const releaseScripts = await holdScripts(page);
  await page.goto(address, { waitUntil: 'commit' });
  await expect(area(page)).toBeVisible();
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await area(page).focus();
  if (typed) await page.keyboard.type(typed);
  await page.keyboard.press('ControlOrMeta+V');
  return releaseScripts;
}

const released = (page: Page) =>
  page.waitForFunction(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null, undefined, {
    timeout: 45_000,
  });

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('a paste of 200,000 characters before the takeover never reaches the text area, and is checked once the app has the page', async ({
  page,
}) => {
  const tools = Array.from({ length: 800 }, (_, index) => ({
    name: `read_part_${index}`,
    description: `Reads part ${index} of a file in the workspace and returns its text, with line numbers.`,
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  }));
  const text = JSON.stringify({ tools }, null, 2).padEnd(200_000, ' ');
  expect(text.length).toBeGreaterThanOrEqual(200_000);
  const releaseScripts = await pasteBeforeTakeover(page, text);
  expect(await textArea(page).inputValue()).toBe('');
  releaseScripts();
  await released(page);
  await expect(page.locator('.import-big-text')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.import-big-text')).toContainText('pasted');
  expect(await textArea(page).inputValue()).toBe('');
});

test('a small paste before the takeover lands in the text area in place, and stays once the app has the page', async ({
  page,
}) => {
  const text = '{"name": "read_file", "description": "Reads a file.", "inputSchema": {"type": "object"}}';
  const releaseScripts = await pasteBeforeTakeover(page, text);
  await expect(textArea(page)).toHaveValue(text);
  releaseScripts();
  await released(page);
  await expect(textArea(page)).toHaveValue(text);
  await expect(page.locator('.import-big-text')).toHaveCount(0);
});

test('a small binary paste before the takeover is held, and the app says it is not text and keeps what was typed', async ({
  page,
}) => {
  // Control characters, as a binary file's first bytes read as text (the clipboard carries no NUL).
  const binary = `\u0001\u0002\u0003\u0004\u0005\u0006PK${'\u0007'.repeat(20)}`;
  const typed = '{"tools": []}';
  const releaseScripts = await pasteBeforeTakeover(page, binary, { typed });
  await expect(textArea(page)).toHaveValue(typed);
  releaseScripts();
  await released(page);
  await expect(page.getByRole('alert')).toHaveText(
    'The pasted text is binary, not JSON definitions; nothing was changed.',
  );
  await expect(textArea(page)).toHaveValue(typed);
  await expect(page.locator('.import-big-text')).toHaveCount(0);
});

test('Check calls: a paste of 200,000 characters before the takeover never reaches the text area, and is checked once the app has the page', async ({
  page,
}) => {
  const checkArea = (on: Page) => on.locator('textarea.check-text');
  const line = JSON.stringify({ tool: 'read_file', arguments: { path: 'README.md' } });
  const lines = Math.ceil(200_000 / (line.length + 1));
  const text = Array.from({ length: lines }, () => line).join('\n');
  expect(text.length).toBeGreaterThanOrEqual(200_000);
  const releaseScripts = await pasteBeforeTakeover(page, text, { address: './check/', area: checkArea });
  expect(await checkArea(page).inputValue()).toBe('');
  releaseScripts();
  await released(page);
  await expect(page.getByRole('heading', { name: /^Report on 0\.2 MB pasted$/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.check-report')).toContainText(lines.toLocaleString('en'));
  expect(await checkArea(page).inputValue()).toBe('');
});

test('a text dropped on a field outside any drop zone before the takeover lands in it, and the app has it', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('./import/', { waitUntil: 'commit' });
  const link = page.getByLabel('or a link');
  await expect(link).toBeVisible();
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'https://example.com/tools.json');
    return data;
  });
  await link.dispatchEvent('dragover', { dataTransfer: transfer });
  await link.dispatchEvent('drop', { dataTransfer: transfer });
  releaseScripts();
  await released(page);
  await expect(link).toHaveValue('https://example.com/tools.json');
  // The app's own state holds it: Fetch is enabled only for a link it has.
  await expect(page.getByRole('button', { name: 'Fetch' })).toBeEnabled();
  await expect(textArea(page)).toHaveValue('');
});
