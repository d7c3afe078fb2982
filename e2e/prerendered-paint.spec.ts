// A prerendered page paints with only its critical CSS inline (scripts/critical-css.ts): what it shows then must be
// exactly what it shows once its whole stylesheets have loaded, in both themes, on a desktop and on a phone.
import { expect, test, type Page } from '@playwright/test';
import { screenshotPath } from './helpers';

const pages = [
  { name: 'read_file', path: './tools/read_file/' },
  { name: 'catalog', path: './' },
  { name: 'prfactory-ReadFile', path: './toolsets/prfactory-agent-tools/tools/ReadFile/' },
];
const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** The page as the build wrote it, its scripts held back so the app never takes it over. */
async function openPainted(page: Page, path: string): Promise<void> {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path, { waitUntil: 'load' });
}

/**
 * The page as drawn once it is still: screenshots are taken until two in a row are the same, as Playwright's own
 * screenshot assertion does, so a frame caught while the browser is still rastering a long page is not taken for
 * the page.
 */
async function stillScreenshot(page: Page, path: string): Promise<Buffer> {
  let previous = await page.screenshot({ fullPage: true, animations: 'disabled' });
  for (let attempt = 0; attempt < 5; attempt++) {
    const next = await page.screenshot({ fullPage: true, animations: 'disabled', path });
    if (next.equals(previous)) return next;
    previous = next;
  }
  return previous;
}

/** The stylesheets held back for after the paint, enabled and loaded as the app would. */
async function loadWholeStylesheets(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-after-paint]')];
    await Promise.all(
      links.map(
        (link) =>
          new Promise((resolve, reject) => {
            link.addEventListener('load', resolve, { once: true });
            link.addEventListener('error', () => reject(new Error(`${link.href} did not load`)), { once: true });
            link.removeAttribute('disabled');
          }),
      ),
    );
    return links.filter((link) => link.sheet !== null && link.sheet.cssRules.length > 0).length;
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test(`the first paint is the finished page: ${colorScheme}, ${viewport.name}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({
        colorScheme,
        viewport: { width: viewport.width, height: viewport.height },
      });
      const page = await context.newPage();
      for (const { name, path } of pages) {
        await openPainted(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        // The inline CSS is a part of the stylesheets, not all of them: the rest waits.
        const held = await page.locator('link[rel="stylesheet"][data-after-paint][disabled]').count();
        expect(held, name).toBeGreaterThan(0);
        const first = await stillScreenshot(
          page,
          screenshotPath(`paint-critical-${name}-${colorScheme}-${viewport.name}`),
        );
        expect(await loadWholeStylesheets(page), name).toBe(held);
        const finished = await stillScreenshot(
          page,
          screenshotPath(`paint-whole-${name}-${colorScheme}-${viewport.name}`),
        );
        expect(first.equals(finished), `${name}: the page changed when its whole stylesheets loaded`).toBe(true);
      }
      await context.close();
    });
  }
}

test('the app takes over once the whole stylesheets are there', async ({ page }) => {
  await page.goto('./tools/read_file/');
  await expect(page.getByTestId('validation-panel')).toBeVisible({ timeout: 30_000 });
  expect(await page.locator('link[rel="stylesheet"][data-after-paint]').count()).toBe(0);
  expect(await page.locator('link[rel="stylesheet"][disabled]').count()).toBe(0);
});
