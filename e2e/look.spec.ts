import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openTool, screenshotPath, setEditorText, waitForEditor } from './helpers';

/** An env entry's name gets a fair share of its row and shows whole. */
async function expectMapKeyFits(page: Page): Promise<void> {
  await setEditorText(page, '{"command": "ls", "env": {"NODE_ENV": "production"}}');
  const key = page.locator('#arg_env_NODE_ENV-key');
  await expect(key).toHaveValue('NODE_ENV');
  const [keyBox, entryBox] = await Promise.all([key.boundingBox(), page.locator('.kv-row').first().boundingBox()]);
  expect(keyBox!.width / entryBox!.width).toBeGreaterThan(0.38);
  expect(await key.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
}

test('dark mode follows the system and can be switched by hand', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./');
  await page.evaluate(() => localStorage.removeItem('tsp:theme'));
  await page.reload();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect.poll(background).toBe('rgb(14, 17, 22)');
  await page.screenshot({ path: screenshotPath('catalog-dark'), fullPage: false });

  await page.goto('./tools/execute_command/');
  await waitForEditor(page);
  await expect(page.locator('.monaco-editor.vs-dark')).toBeVisible();
  await page.locator('#playground').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('tool-dark') });

  // System → Light → Dark; the choice survives a reload.
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await toggle.click();
  await expect.poll(background).toBe('rgb(247, 248, 250)');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(background).toBe('rgb(247, 248, 250)');
  await expect(page.locator('.monaco-editor.vs')).toBeVisible({ timeout: 20_000 });
});

test('light tool page screenshot', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./tools/execute_command/');
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
    await page.goto('./tools/execute_command/');
    // On a phone the editor sits below the form: it loads as it comes near the screen.
    await page.locator('.json-editor').scrollIntoViewIfNeeded();
    await waitForEditor(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: screenshotPath('phone-tool') });
    await page.locator('#playground').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('phone-playground') });
  });

  test('tool pages end at the footer: no blank space below it', async ({ page }) => {
    const blankBelowFooter = () =>
      page.evaluate(() => {
        const footer = document.querySelector('.site-footer')!.getBoundingClientRect();
        return document.documentElement.scrollHeight - Math.ceil(footer.bottom + window.scrollY);
      });
    for (const tool of ['read_file', 'execute_command', 'git_commit']) {
      await openTool(page, tool);
      // The workspace tree (with its visually hidden labels) is what used to stretch the page.
      await expect(page.locator('nav.ws-tree .ws-file').first()).toBeVisible({ timeout: 20_000 });
      expect(await blankBelowFooter(), `${tool}: space below the footer`).toBeLessThanOrEqual(1);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.screenshot({ path: screenshotPath('phone-page-bottom') });
  });

  test('audit findings stack one block per finding, and map entries leave room for their names', async ({ page }) => {
    await openTool(page, 'execute_command');
    await page.locator('#audit').scrollIntoViewIfNeeded();
    const table = page.getByTestId('audit-table');
    await expect(table).toBeVisible();
    const region = page.locator('#audit .table-scroll');
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    await expect(table.locator('thead')).not.toBeInViewport();
    // The finding takes the block's whole width.
    const row = table.locator('tbody tr').first();
    const [rowBox, messageBox] = await Promise.all([row.boundingBox(), row.locator('td').last().boundingBox()]);
    expect(messageBox!.width).toBeGreaterThan(rowBox!.width * 0.8);
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('phone-audit') });

    await expectMapKeyFits(page);
  });
});

test('map entry names show whole at desktop width too', async ({ page }) => {
  await openTool(page, 'execute_command');
  await expectMapKeyFits(page);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the JSON editor shows focus in the page's focus colour (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openTool(page, 'read_file');
    await waitForEditor(page);
    const frame = page.locator('.json-editor');
    const focusColour = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--focus').trim(),
    );
    const toRgb = (hex: string) =>
      `rgb(${[1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16)).join(', ')})`;
    await expect.poll(() => frame.evaluate((element) => getComputedStyle(element).boxShadow)).toBe('none');
    await page.locator('.json-editor .monaco-editor .view-lines').click();
    await expect
      .poll(() => frame.evaluate((element) => getComputedStyle(element).boxShadow))
      .toContain(toRgb(focusColour));
    await expect
      .poll(() => frame.evaluate((element) => getComputedStyle(element).borderTopColor))
      .toBe(toRgb(focusColour));
    await page.locator('.playground-panes').screenshot({ path: screenshotPath(`editor-focus-${scheme}`) });
  });
}

for (const [name, path] of [
  ['catalog', './'],
  ['tool page', './tools/execute_command/'],
  ['tool page with errors, warnings and invalid examples open', './tools/list_directory/'],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe: the ${name} (${scheme}) has no serious or critical violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      if (path.includes('tools')) await waitForEditor(page);
      const violations = [];
      if (name.includes('errors')) {
        await page.locator('.invalid-examples > summary').click();
        await setEditorText(page, '{"path": 5, "recursive": "yes"}');
        await expect(page.getByTestId('error-list')).toBeVisible();
        violations.push(...(await new AxeBuilder({ page }).exclude('.monaco-editor').analyze()).violations);
        await setEditorText(page, '{"path": "src", "recursive": true}');
        await expect(page.getByTestId('warning-list')).toBeVisible();
      }
      violations.push(...(await new AxeBuilder({ page }).exclude('.monaco-editor').analyze()).violations);
      // Plus one moderate rule: every region has a name of its own.
      const blocking = violations.filter(
        (violation) =>
          violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'landmark-unique',
      );
      expect(
        blocking.map(
          (violation) =>
            `${violation.id}: ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
        ),
      ).toEqual([]);
    });
  }
}

test.describe('keyboard', () => {
  const focusRing = (page: import('@playwright/test').Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return false;
      const style = getComputedStyle(element);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const ringed = style.boxShadow !== 'none';
      const card = element.closest('.tool-card, .home-job');
      const cardRing = card ? getComputedStyle(card).outlineStyle !== 'none' : false;
      return outlined || ringed || cardRing;
    });

  test('the catalog is reachable by keyboard, with a visible focus at every stop', async ({ page }) => {
    await page.goto('./');
    await expect(page.locator('.tool-card').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    expect(await focusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // From the main region: the home's entry points and references, the toolset switcher, the search field, the three
    // filters (category, risk, what can run here), then the first tool.
    const jobs = page.getByRole('list', { name: 'Where to start' }).getByRole('link');
    const expected = [
      ...Array.from({ length: 6 }, (_, index) => jobs.nth(index)),
      ...['Guide', 'CLI reference', 'Embed reference', 'Glossary'].map((name) =>
        page.locator('.home-references').getByRole('link', { name }),
      ),
      page.locator('#toolset-switcher'),
      page.locator('#catalog-search'),
      page.locator('#catalog-category'),
      page.locator('#catalog-risk'),
      page.locator('#catalog-availability'),
      page.getByRole('link', { name: 'read_file' }),
    ];
    for (const target of expected) {
      await page.keyboard.press('Tab');
      await expect(target).toBeFocused();
      expect(await focusRing(page)).toBe(true);
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'read_file' })).toBeVisible();
  });

  test('Ctrl+K then Esc: the search dialog closes at once, even with text typed', async ({ page }) => {
    await page.goto('./');
    await expect(page.locator('.tool-card').first()).toBeVisible();
    await page.keyboard.press('ControlOrMeta+k');
    const dialog = page.getByRole('dialog', { name: 'Search tools' });
    await expect(dialog).toBeVisible();
    await page.keyboard.type('zzzz');
    await expect(dialog.getByRole('status')).toContainText('No tool matches');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Tab moves through the form into the editor and out again: the editor is no keyboard trap', async ({ page }) => {
    await openTool(page, 'execute_command');
    await waitForEditor(page);
    await page.locator('#arg_env__add').focus();
    await page.keyboard.press('Tab');
    const inEditor = () => page.evaluate(() => Boolean(document.activeElement?.closest('.monaco-editor')));
    await expect.poll(inEditor).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(inEditor).toBe(false);
    expect(await focusRing(page)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(inEditor).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect(page.locator('#arg_env__add')).toBeFocused();
  });
});
