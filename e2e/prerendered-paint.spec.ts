// A prerendered page paints with only its critical CSS inline (scripts/critical-css.ts): what it shows then must be
// exactly what it shows once its whole stylesheets have loaded, in both themes, on a desktop and on a phone.
import { expect, test, type Browser, type Page } from '@playwright/test';
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

/**
 * Where two screenshots differ by more than the rasteriser's own wobble: the first pixel where a channel moves more
 * than 8 of 255, or null. The same page drawn again in new layers can shade an edge's anti-aliasing one step apart
 * (seen: three pixels of a select's rounded corner, one step of red); a changed style or a moved box is far more.
 * Decoded by the browser, in a blank page, so the test needs no image library.
 */
async function firstChangedPixel(browser: Browser, first: Buffer, second: Buffer): Promise<string | null> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ([a, b]) => {
        const pixels = async (base64: string) => {
          const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
          const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d')!;
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, bitmap.width, bitmap.height);
        };
        const [one, two] = [await pixels(a), await pixels(b)];
        if (one.width !== two.width || one.height !== two.height)
          return `the size changed: ${one.width}×${one.height} to ${two.width}×${two.height}`;
        for (let index = 0; index < one.data.length; index++) {
          if (Math.abs(one.data[index]! - two.data[index]!) <= 8) continue;
          const pixel = Math.floor(index / 4);
          return `the pixel at ${pixel % one.width}, ${Math.floor(pixel / one.width)} changed`;
        }
        return null;
      },
      [first.toString('base64'), second.toString('base64')] as const,
    );
  } finally {
    await page.close();
  }
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
        expect(
          await firstChangedPixel(browser, first, finished),
          `${name}: the page changed when its whole stylesheets loaded`,
        ).toBeNull();
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
