import { expect, test, type Page } from '@playwright/test';
import { bundle, collectPageErrors, holdScripts, screenshotPath, setEditorText } from './helpers';

test.describe('catalog', () => {
  test('shows every tool, grouped by category in manifest order, with counts from the data', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByTestId('catalog-total')).toContainText(
      `${bundle.tools.length} tools in ${bundle.manifest.categories.length} categories`,
    );
    const sections = page.locator('section.category');
    await expect(sections).toHaveCount(bundle.manifest.categories.length);
    for (const [index, category] of bundle.manifest.categories.entries()) {
      const section = sections.nth(index);
      const expected = bundle.tools.filter((tool) => tool.category === category.id);
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(category.name);
      await expect(section.getByTestId('category-count')).toHaveText(String(expected.length));
      await expect(section.locator('.tool-card')).toHaveCount(expected.length);
      for (const tool of expected) {
        const card = section.locator(`.tool-card[data-tool="${tool.name}"]`);
        await expect(card).toContainText(`v${tool.version}`);
      }
    }
    await expect(page.locator('.tool-card')).toHaveCount(bundle.tools.length);
    await page.screenshot({ path: screenshotPath('catalog-light'), fullPage: true });
  });

  test('the catalog loads no validator; a tool opened from it at once gets one and validates what is typed', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const errors = collectPageErrors(page);
    await page.goto('./');
    await page.waitForFunction(
      () => (window as unknown as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null,
    );
    await page.waitForLoadState('networkidle');
    // The error mapping's own words: no script the catalog ran holds the validator.
    const holding: string[] = [];
    for (const path of scripts)
      if ((await (await page.request.get(path)).text()).includes('does not match any of the allowed forms'))
        holding.push(path);
    expect(holding).toEqual([]);
    // Opened the moment the catalog is the app's: the validator's code comes with the tool page's.
    await page.locator('.tool-card[data-tool="read_file"] a.stretched-link').click();
    await expect(page).toHaveURL(/\/tools\/read_file\/$/);
    await setEditorText(page, '{"path": 5}');
    await expect(
      page.locator('[data-testid="error-list"] li[data-code="type_mismatch"][data-parameter="path"]'),
    ).toBeVisible();
    await setEditorText(page, '{"path": "README.md"}');
    await expect(page.getByTestId('validation-valid')).toContainText('Valid');
    expect(scripts.filter((path) => /\/pageValidator-/.test(path))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('search filters as you type; empty results offer to clear', async ({ page }) => {
    await page.goto('./');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('git');
    await expect(page.locator('.tool-card[data-tool="git_commit"]')).toBeVisible();
    await expect(page.locator('.tool-card[data-tool="read_file"]')).toHaveCount(0);
    // Parameter names are searched too.
    await search.fill('start_line');
    await expect(page.locator('.tool-card[data-tool="read_file"]')).toBeVisible();
    await search.fill('zzzz-no-such-tool');
    await expect(page.getByRole('heading', { name: 'No tools match' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page.locator('.tool-card')).toHaveCount(bundle.tools.length);
  });

  test('filters by category and risk level', async ({ page }) => {
    await page.goto('./');
    const category = bundle.manifest.categories[1]!;
    await page.getByLabel('Category').selectOption(category.id);
    await expect(page.locator('.tool-card')).toHaveCount(
      bundle.tools.filter((tool) => tool.category === category.id).length,
    );
    await page.getByLabel('Category').selectOption('');
    await page.getByLabel('Risk level').selectOption('safe');
    await expect(page.locator('.tool-card')).toHaveCount(
      bundle.tools.filter((tool) => tool.riskLevel === 'safe').length,
    );
  });

  // A prerendered page is on screen before the app takes it over: a Ctrl+K pressed then is held (public/boot.js) and
  // replayed once the app's handler is there. The app's scripts are held back here, so the key surely comes first.
  test('Ctrl+K pressed before the app takes over the page opens the search dialog once it has', async ({ page }) => {
    const releaseScripts = await holdScripts(page);
    await page.goto('./', { waitUntil: 'commit' });
    await expect(page.locator('.tool-card').first()).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search tools' });
    await expect(page.locator('#root[data-route]')).toBeAttached();
    expect(await page.evaluate(() => typeof (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents)).toBe(
      'function',
    );
    releaseScripts();
    // The whole app loads and takes the page over first (a longer wait than one step's); then the key is replayed.
    await expect
      .poll(() => page.evaluate(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents), {
        timeout: 45_000,
      })
      .toBeNull();
    await expect(dialog).toBeVisible();
    await page.keyboard.type('read');
    await expect(page.getByRole('combobox', { name: 'Search tools' })).toHaveValue('read');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  // The header's toolset switcher is no page's field: a toolset chosen before the takeover was lost (it was replayed by
  // no one), which an impatient reader met whenever the choice came before the app's scripts had run.
  test('a toolset chosen before the app takes over the page opens once it has', async ({ page }) => {
    const releaseScripts = await holdScripts(page);
    await page.goto('./', { waitUntil: 'commit' });
    await expect(page.locator('.tool-card').first()).toBeVisible();
    await page.getByLabel('Toolset', { exact: true }).selectOption('prfactory-agent-tools');
    expect(await page.evaluate(() => typeof (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents)).toBe(
      'function',
    );
    releaseScripts();
    await expect(page).toHaveURL(/\/toolsets\/prfactory-agent-tools\/$/, { timeout: 45_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'PRFactory.AgentTools' })).toBeVisible();
  });

  // The dialog's close event is queued: it used to arrive after a quick Ctrl+K had opened the dialog again and shut it.
  test('Esc then Ctrl+K at once: the search dialog opens again and stays open', async ({ page }) => {
    await page.goto('./');
    await expect(page.locator('.tool-card').first()).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Search tools' });
    for (let round = 0; round < 8; round += 1) {
      await page.keyboard.press('Control+k');
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+k');
      await page.waitForTimeout(100);
      await expect(dialog).toBeVisible();
      await page.keyboard.type('read');
      await expect(page.getByRole('combobox', { name: 'Search tools' })).toHaveValue('read');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  // The dialog's code comes with its first opening: what is typed meanwhile is its query, not lost. Its code is held
  // back here, so the keys surely come first.
  /** The catalog, taken over by the app, with "Search tools" clicked and the dialog's code held: its release. */
  async function openSearchWithItsCodeHeld(page: Page): Promise<() => void> {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/SearchDialog-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('./');
    // Taken over by the app: the click opens search at once (a click before is held and replayed; keys are not).
    await page.waitForFunction(
      () => (window as unknown as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null,
    );
    await page.getByRole('button', { name: 'Search tools' }).click();
    return release;
  }

  test('keys typed the moment search first opens, before its code has arrived, are all in its box', async ({
    page,
  }) => {
    const release = await openSearchWithItsCodeHeld(page);
    await page.keyboard.type('read_fx');
    await page.keyboard.press('Backspace');
    release();
    const box = page.getByRole('combobox', { name: 'Search tools' });
    await expect(box).toHaveValue('read_f');
    await expect(box).toBeFocused();
    await page.keyboard.type('ile');
    await expect(box).toHaveValue('read_file');
    await expect(page.getByRole('dialog', { name: 'Search tools' }).getByRole('option').first()).toContainText(
      'read_file',
    );
  });

  test('a name and Enter typed the moment search first opens open that tool once the dialog has come', async ({
    page,
  }) => {
    const release = await openSearchWithItsCodeHeld(page);
    await page.keyboard.type('git_log');
    await page.keyboard.press('Enter');
    release();
    await expect(page).toHaveURL(/\/tools\/git_log\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'git_log' })).toBeVisible();
  });

  test('Ctrl+K opens the search dialog; arrows and Enter open a result; Esc closes', async ({ page }) => {
    await page.goto('./');
    await expect(page.locator('.tool-card').first()).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search tools' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible();
    await page.keyboard.type('git');
    const options = dialog.getByRole('option');
    await expect(options.first()).toBeVisible();
    const secondName = (await options.nth(1).locator('.tool-name').innerText()).trim();
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/tools/${secondName}/$`));
    await expect(page.getByRole('heading', { level: 1, name: secondName })).toBeVisible();
  });
});
