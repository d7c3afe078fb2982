/**
 * A paste into Import's text area before the app has taken the page over: measured as it comes, a big one is held
 * and goes to the app's worker path once it is there (never laid out), a small one lands in the text area in place.
 */
import { expect, test, type Page } from '@playwright/test';
import { holdScripts } from './helpers';

const textArea = (page: Page) => page.locator('textarea.import-text');

async function pasteBeforeTakeover(page: Page, text: string): Promise<() => void> {
  const releaseScripts = await holdScripts(page);
  await page.goto('./import/', { waitUntil: 'commit' });
  await expect(textArea(page)).toBeVisible();
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await textArea(page).focus();
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
