import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './helpers';

const PHONE = { width: 390, height: 844 };

/** The header's row: every visible control's box lies within one band as tall as the tallest control. */
async function headerRows(page: Page): Promise<number> {
  return page.locator('.site-header-inner').evaluate((inner) => {
    const boxes = [...inner.querySelectorAll<HTMLElement>('a.brand, summary, button')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0);
    const tops: number[] = [];
    for (const box of boxes) {
      const middle = box.top + box.height / 2;
      if (!tops.some((top) => Math.abs(top - middle) < 12)) tops.push(middle);
    }
    return tops.length;
  });
}

test.describe('the front door', () => {
  test('the home says what the site is and offers one entry point per job, each leading to a working page', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('./');
    await expect(page.getByRole('heading', { level: 1, name: 'Tool Schema Playground' })).toBeVisible();
    await expect(page.locator('.home-lead')).toContainText('JSON Schemas of AI-agent tools');
    const jobs = page.getByRole('list', { name: 'Where to start' });
    const expected: [string, RegExp][] = [
      ['Explore and try a tool', /\/tools\/read_file\/#run$/],
      ['Import your tools', /\/import\/$/],
      ['Connect a server', /\/connect\/$/],
      ['Check a model’s calls', /\/check\/#sample$/],
      ['Put a model in the loop', /\/models\/#sample$/],
      ['Evaluate', /\/evals\/#sample$/],
    ];
    for (const [name, href] of expected)
      await expect(jobs.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    // The catalog follows, under its own heading.
    await expect(page.getByRole('heading', { level: 2, name: 'Acode core tools' })).toBeVisible();
    for (const name of ['Guide', 'CLI reference', 'Embed reference'])
      await expect(page.locator('.home-references').getByRole('link', { name })).toHaveAttribute(
        'href',
        /\/guide\/([a-z-]+\/)?$/,
      );
    expect(errors).toEqual([]);
  });

  test('the try entry point opens read_file ready to run; the check entry point shows the sample log judged', async ({
    page,
  }) => {
    await page.goto('./');
    await page.getByRole('link', { name: 'Explore and try a tool' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'read_file' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Execute' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'Check a model’s calls' }).click();
    await expect(page.getByRole('heading', { name: 'Report on the sample log' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('format-seen')).toContainText('OpenAI');
  });

  test('the try entry point runs read_file on arrival with its result in view; a reload does not run it again', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('./');
    await page.getByRole('link', { name: 'Explore and try a tool' }).click();
    const result = page.getByTestId('execution-result');
    await expect(result.locator('.exec-record-summary')).toContainText('read_file', { timeout: 30_000 });
    await expect(result).toBeInViewport();
    // Its raw JSON, whose file content is one long line, scrolls inside its block: the page keeps its width.
    await result.getByRole('tab', { name: 'Raw JSON' }).click();
    await expect(result.locator('.code-block')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    // The fragment is gone: the address is the tool's own, and a reload is a plain visit.
    await expect(page).toHaveURL(/\/tools\/read_file\/$/);
    await page.reload();
    // The runtime has described the call (it is up), and nothing ran.
    await expect(page.getByTestId('execution-summary')).not.toHaveText(/Execute read_file|Checking/, {
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: /Execute/ })).toBeEnabled();
    await expect(result).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('on a phone, the model entry point brings the recorded run into view below the form', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('./');
    await page.getByRole('link', { name: 'Put a model in the loop' }).click();
    const heading = page.getByTestId('model-sample').getByRole('heading', { name: 'Sample run, recorded' });
    await expect(heading).toBeInViewport({ timeout: 20_000 });
  });

  test('the model entry point shows a recorded call judged, one valid and one refused with the rule named, and the next steps', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('./');
    await page.getByRole('link', { name: 'Put a model in the loop' }).click();
    const sample = page.getByTestId('model-sample');
    await expect(sample.getByRole('heading', { name: 'Sample run, recorded' })).toBeVisible({ timeout: 20_000 });
    await expect(sample).toContainText('Nothing was sent');
    const calls = sample.getByTestId('model-call');
    await expect(calls).toHaveCount(4);
    await expect(calls.nth(0)).toHaveAttribute('data-status', 'valid');
    await expect(calls.nth(1)).toHaveAttribute('data-status', 'invalid');
    await expect(calls.nth(1)).toContainText('path');
    await expect(sample.getByRole('link', { name: 'How the emulator works' })).toHaveAttribute(
      'href',
      /\/guide\/models/,
    );
    // Nothing was saved as a run of this browser's own.
    await expect(page.getByTestId('model-history').getByRole('listitem')).toHaveCount(0);
    // The next step fills the form to run the same request against the emulator.
    await sample.getByRole('button', { name: "Fill in the emulator's settings" }).click();
    await expect(page.getByLabel('Base URL')).toHaveValue('http://127.0.0.1:8765/v1');
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('emulated-large');
    expect(errors).toEqual([]);
  });

  test('the evaluate entry point shows a recorded suite run graded: the large model passes, the small one fails', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('./');
    await page.getByRole('link', { name: 'Evaluate' }).click();
    const sample = page.getByTestId('eval-sample');
    await expect(sample.getByTestId('eval-sample-status')).toHaveText('4 of 4 runs graded', { timeout: 20_000 });
    await expect(sample).toContainText('Nothing was sent');
    await expect(sample.getByRole('row', { name: /emulated-large.*2\/2/ }).first()).toBeVisible();
    await expect(sample.getByRole('row', { name: /emulated-small.*0\/2/ }).first()).toBeVisible();
    await expect(sample.getByRole('link', { name: 'The emulator in the Evals guide' })).toHaveAttribute(
      'href',
      /\/guide\/evals/,
    );
    expect(errors).toEqual([]);
  });

  test('the guide the home links to is a page of the site, with its Markdown beside it', async ({ page, request }) => {
    await page.goto('./');
    await page.locator('.home-references').getByRole('link', { name: 'CLI reference' }).click();
    await expect(page).toHaveURL(/\/guide\/cli\/$/);
    await expect(page.locator('.guide-text h1')).toBeVisible();
    await expect(page.locator('.site-header .nav-group[data-group="guide"] summary')).toHaveClass(/is-current/);
    const response = await request.get('./guide/cli.md');
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/^# /);
  });

  test('on a phone the header is one row, and its menus open by keyboard and close with Escape', async ({ page }) => {
    await page.setViewportSize(PHONE);
    for (const path of ['./', './tools/read_file/', './models/', './check/']) {
      await page.goto(path);
      expect(await headerRows(page), path).toBe(1);
      const inner = await page.locator('.site-header-inner').boundingBox();
      expect(inner!.width).toBeLessThanOrEqual(PHONE.width);
    }
    const group = page.locator('.nav-group-summary', { hasText: 'Model calls' });
    await group.focus();
    await page.keyboard.press('Enter');
    const evals = page.locator('.nav-menu').getByRole('link', { name: 'Evals' });
    await expect(evals).toBeVisible();
    const box = await evals.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
    await expect(evals).toBeHidden();
    await expect(group).toBeFocused();
  });

  test('every page link is in the prerendered header, before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('./models/');
    const hrefs = await page
      .locator('nav[aria-label="Site"] a')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    for (const path of ['/', '/import/', '/connect/', '/check/', '/models/', '/evals/', '/guide/'])
      expect(hrefs).toContain(path);
    // With no script, a group still opens.
    await page.locator('.nav-group-summary', { hasText: 'Tools' }).click();
    await expect(page.locator('.nav-menu').getByRole('link', { name: 'Import tools' })).toBeVisible();
    await context.close();
  });

  test('Models keeps its page: the toolset is chosen there, and no site-wide switcher leads away', async ({ page }) => {
    await page.goto('./models/');
    await expect(page.getByRole('heading', { level: 1, name: 'Models' })).toBeVisible();
    await expect(page.locator('#toolset-switcher')).toHaveCount(0);
    await page.goto('./');
    await expect(page.locator('#toolset-switcher')).toHaveValue('acode-core');
  });

  test('a tool page puts Execute and the playground on the first desktop screen; a click the moment it shows runs the tool', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('./tools/read_file/');
    const execute = page.getByRole('button', { name: 'Execute' });
    await execute.click();
    await expect(page.getByTestId('tool-summary')).toBeInViewport();
    const box = await execute.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    await expect(page.getByRole('heading', { level: 2, name: 'Playground' })).toBeInViewport();
    await expect(page.locator('.tool-extension')).toContainText(/lines 1/);
  });

  test('every section of a tool page keeps its address, and the local nav stays on screen while reading', async ({
    page,
  }) => {
    await page.goto('./tools/read_file/#audit');
    await expect(page.getByRole('heading', { level: 2, name: 'Audit findings' })).toBeInViewport();
    const nav = page.getByRole('navigation', { name: 'On this page' });
    await expect(nav).toBeInViewport();
    for (const id of [
      'playground',
      'description',
      'parameters',
      'examples',
      'schema',
      'audit',
      'formats',
      'compatibility',
      'tokens',
      'versions',
      'embed',
    ]) {
      await expect(nav.locator(`a[href="#${id}"]`)).toHaveCount(1);
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    await nav.getByRole('link', { name: 'Schema' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'JSON Schema' })).toBeInViewport();
    await expect(nav).toBeInViewport();
  });

  test('on a phone, a tool page opens on its summary, then Execute and the playground', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('./tools/read_file/');
    await expect(page.getByTestId('tool-summary')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Execute' })).toBeInViewport();
    const summary = await page.getByTestId('tool-summary').boundingBox();
    const playground = await page.locator('#playground').boundingBox();
    const parameters = await page.locator('#parameters').boundingBox();
    expect(summary!.y).toBeLessThan(playground!.y);
    expect(playground!.y).toBeLessThan(parameters!.y);
  });

  test('keyboard hints show with a keyboard and mouse, and not on a touch screen', async ({ browser }) => {
    const desktop = await browser.newPage();
    await desktop.goto('./');
    await desktop.getByRole('button', { name: 'Search tools' }).click();
    await expect(desktop.locator('.search-dialog-hint')).toBeVisible();
    await desktop.close();

    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    expect(await phone.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(true);
    await phone.goto('./');
    await phone.getByRole('button', { name: 'Search tools' }).click();
    await expect(phone.getByRole('dialog')).toBeVisible();
    await expect(phone.locator('.search-dialog-hint')).toBeHidden();
    await phone.goto('./tools/read_file/');
    await expect(phone.getByRole('button', { name: 'Execute' })).toBeVisible();
    await expect(phone.locator('.exec-run kbd')).toBeHidden();
    await context.close();
  });

  test('an imported tool is never said to run here: its card and its Execute panel speak of its mock', async ({
    page,
  }) => {
    const toolsList = {
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [
          {
            name: 'get_forecast',
            description: 'Forecast for a city.',
            inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
      },
    };
    await page.goto('./import/');
    await page.getByLabel('Paste definitions, or drop a file here').fill(JSON.stringify(toolsList));
    await page.getByRole('button', { name: /^Import 1 tool$/ }).click();
    await expect(page).toHaveURL(/\/toolsets\/[^/]+\/$/);
    const card = page.locator('.tool-card[data-tool="get_forecast"]');
    await expect(card.getByTestId('tool-availability')).not.toHaveText('Can run here');
    await expect(page.getByTestId('catalog-availability')).toContainText('imported tools have no code here');
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'get_forecast' })).toBeVisible();
    await expect(page.getByTestId('execution-intro')).toContainText('mock result');
    await expect(page.getByTestId('execution-intro')).not.toContainText('git history');
  });
});
