import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { screenshotPath, waitForEditor } from './helpers';

test('dark mode follows the system and can be switched by hand', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./');
  await page.evaluate(() => localStorage.removeItem('tsp:theme'));
  await page.reload();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(14, 17, 22)');
  await page.screenshot({ path: screenshotPath('catalog-dark'), fullPage: false });

  await page.goto('./#/tools/execute_command');
  await waitForEditor(page);
  await expect(page.locator('.monaco-editor.vs-dark')).toBeVisible();
  await page.locator('#playground').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('tool-dark') });

  // System → Light → Dark; the choice survives a reload.
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await toggle.click();
  expect(await background()).toBe('rgb(247, 248, 250)');
  await page.reload();
  expect(await background()).toBe('rgb(247, 248, 250)');
});

test('light tool page screenshot', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./#/tools/execute_command');
  await waitForEditor(page);
  await page.locator('#playground').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('tool-light') });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the catalog and a tool page fit 375 px without sideways scrolling', async ({ page }) => {
    await page.goto('./');
    await expect(page.locator('.tool-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: screenshotPath('phone-catalog') });
    await page.goto('./#/tools/execute_command');
    await waitForEditor(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: screenshotPath('phone-tool') });
    await page.locator('#playground').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('phone-playground') });
  });
});

for (const [name, path] of [
  ['catalog', './'],
  ['tool page', './#/tools/execute_command'],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: the ${name} (${scheme}) has no serious or critical violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      if (path.includes('tools')) await waitForEditor(page);
      const results = await new AxeBuilder({ page }).exclude('.monaco-editor').analyze();
      const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
    });
  }
}
