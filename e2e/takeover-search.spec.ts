/**
 * Keys typed on the prerendered catalog before the app takes it over, as an impatient person types them: the app's
 * scripts are held back, so every key surely comes first. The search opened by Ctrl+K or by its button takes the keys
 * typed after it (public/boot.js holds them, the app replays them): once the app has taken the page over, the search
 * is open with the whole query in its box, the caret after it. The catalog's own search field keeps what was typed in
 * it, and the catalog is filtered by it.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectPageErrors, holdScripts, screenshotPath } from './helpers';

const released = (page: Page) =>
  page.evaluate(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null);

/** Waits until the app has taken the page over and replayed what was held (the whole app loads first). */
const tookOver = (page: Page) => expect.poll(() => released(page), { timeout: 45_000 }).toBe(true);

/** A prerendered page (the catalog unless named), on screen with the app's scripts held: their release. */
async function openCatalogHeld(page: Page, path = './'): Promise<() => void> {
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator(path === './' ? '.tool-card' : 'h1').first()).toBeVisible();
  expect(await page.evaluate(() => typeof (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents)).toBe(
    'function',
  );
  return release;
}

/** The field's text, its caret when nothing is selected, and whether it has the focus. */
const fieldState = (field: Locator) =>
  field.evaluate((element: HTMLInputElement) => ({
    text: element.value,
    caret: element.selectionStart === element.selectionEnd ? element.selectionStart : null,
    focused: document.activeElement === element,
  }));

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search tools' });

test('a query typed after Ctrl+K, before the app takes the page over, is in the search box once it has', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const release = await openCatalogHeld(page);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('read_fx');
  await page.keyboard.press('Backspace');
  release();
  await tookOver(page);
  await expect(page.getByRole('dialog', { name: 'Search tools' })).toBeVisible();
  await expect.poll(() => fieldState(searchBox(page))).toEqual({ text: 'read_f', caret: 6, focused: true });
  await expect(page.getByRole('dialog', { name: 'Search tools' }).getByRole('option').first()).toContainText(
    'read_file',
  );
  await page.keyboard.type('ile');
  await expect(searchBox(page)).toHaveValue('read_file');
  expect(errors).toEqual([]);
});

test('a query typed after clicking "Search tools", before the app takes the page over, is in the search box once it has', async ({
  page,
}) => {
  const release = await openCatalogHeld(page);
  await page.getByRole('button', { name: 'Search tools' }).click();
  // A space on the focused button is the query's, not a second press of the button.
  await page.keyboard.type('git log');
  release();
  await tookOver(page);
  await expect.poll(() => fieldState(searchBox(page))).toEqual({ text: 'git log', caret: 7, focused: true });
  await expect(page.getByRole('dialog', { name: 'Search tools' }).getByRole('option').first()).toContainText('git_log');
});

test('a name and Enter typed after Ctrl+K, before the app takes the page over, open that tool once it has', async ({
  page,
}) => {
  const release = await openCatalogHeld(page);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('git_log');
  await page.keyboard.press('Enter');
  release();
  await expect(page).toHaveURL(/\/tools\/git_log\/$/, { timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'git_log' })).toBeVisible();
});

test('Escape after Ctrl+K closes the search: the keys typed next go to the field they were typed in', async ({
  page,
}) => {
  const release = await openCatalogHeld(page);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('x');
  await page.keyboard.press('Escape');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.click();
  await page.keyboard.type('git_c');
  release();
  await tookOver(page);
  await expect(page.getByText(/1 of 17 tools match/)).toBeVisible();
  expect(await fieldState(search)).toEqual({ text: 'git_c', caret: 5, focused: true });
  await expect(page.getByRole('dialog', { name: 'Search tools' })).toBeHidden();
});

test('keys typed after Ctrl+K before, during and after the takeover are all in the search box, in order', async ({
  page,
}) => {
  const keys = 'the quick brown fox jumps over the lazy dog, and then it does so once more for good measure; ';
  const release = await openCatalogHeld(page);
  await page.keyboard.press('Control+k');
  let typed = '';
  // Keys after the dialog is there: -1 until it is.
  let after = -1;
  const deadline = Date.now() + 45_000;
  for (let index = 0; after !== 0 && Date.now() < deadline; index += 1) {
    const key = keys[index % keys.length]!;
    await page.keyboard.type(key);
    typed += key;
    if (index === 5) release();
    if (after > 0) after -= 1;
    else if (after < 0 && index > 5 && (await released(page)) && (await searchBox(page).isVisible())) after = 8;
  }
  expect(after, 'the app took the page over and opened the search while the keys were typed').toBe(0);
  await expect.poll(() => fieldState(searchBox(page))).toEqual({ text: typed, caret: typed.length, focused: true });
});

test('a filter typed into the catalog search field reached by Tab stays, with its caret and focus, and filters', async ({
  page,
}) => {
  const release = await openCatalogHeld(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  // From the toolset switcher, the field before the search field, as a person tabbing down the page reaches it.
  await page.getByLabel('Toolset', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(search).toBeFocused();
  await page.keyboard.type('git_cx');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('ArrowLeft');
  release();
  await tookOver(page);
  await expect(page.getByText(/1 of 17 tools match/)).toBeVisible();
  expect(await fieldState(search)).toEqual({ text: 'git_c', caret: 4, focused: true });
  await expect(page.locator('.tool-card').first()).toContainText('git_commit');
});

test('on a guide page too: the query typed after "Search tools" is in the search box, and the buttons answer after', async ({
  page,
}) => {
  const release = await openCatalogHeld(page, './guide/cli/');
  await page.getByRole('button', { name: 'Search tools' }).click();
  await page.keyboard.type('git_l');
  release();
  await tookOver(page);
  await expect.poll(() => fieldState(searchBox(page))).toEqual({ text: 'git_l', caret: 5, focused: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Search tools' })).toBeHidden();
  // The app's own from here: a click and keys go to it at once, not to a holder that never lets them go.
  await page.getByRole('button', { name: 'Search tools' }).click();
  await page.keyboard.type('read');
  await expect(searchBox(page)).toHaveValue('read');
});

// How it looks once the app has taken over: the catalog filtered by what was typed in its field, and the search
// opened by Ctrl+K with the query typed after it, on a desktop and a phone, light and dark.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const [width, height, name] of [
    [1280, 800, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    test(`the early text in place once the app has taken over: ${name}, ${colorScheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      const release = await openCatalogHeld(page);
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.click();
      await page.keyboard.type('git');
      await page.keyboard.press('Control+k');
      await page.keyboard.type('read_f');
      release();
      await tookOver(page);
      await expect.poll(() => fieldState(searchBox(page))).toEqual({ text: 'read_f', caret: 6, focused: true });
      await page.screenshot({ path: screenshotPath(`takeover-search-${name}-${colorScheme}`) });
      await page.keyboard.press('Escape');
      await expect(page.getByText(/of 17 tools match/)).toBeVisible();
      await expect(search).toHaveValue('git');
      await search.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`takeover-filter-${name}-${colorScheme}`) });
    });
  }
}
