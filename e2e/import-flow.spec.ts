import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './helpers';

/** GitHub's MCP server as it answers tools/list, with the server's name beside the tools. */
const githubCapture = readFileSync(new URL('../src/core/audit/corpus/server-github.json', import.meta.url), 'utf8');
const textArea = (page: Page) => page.getByLabel('Paste definitions, or drop a file here');

async function paste(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await textArea(page).focus();
  await page.keyboard.press('ControlOrMeta+V');
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test("a real server's tools/list: the verdict and its button on the first screen, findings grouped by rule and folded, the toolset named after the server", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./import/');
  await paste(page, githubCapture);
  await expect(page.getByTestId('import-summary')).toContainText('26 ready to import');
  await expect(page.getByTestId('import-toolset-name')).toHaveText('github-mcp-server');

  const button = page.getByRole('button', { name: 'Import 26 tools' });
  await expect(button).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Every group says what its rule is and how many findings it holds; its rows stay folded until asked for.
  const groups = page.locator('.import-group');
  expect(await groups.count()).toBeGreaterThan(0);
  for (const count of await page.getByTestId('import-group-count').allTextContents())
    expect(count).toMatch(/^\d+ (refused|warnings?|notes?)/);
  const first = groups.first();
  await expect(first.getByRole('table')).toBeHidden();
  await first.locator('summary').click();
  await expect(first.getByRole('table')).toBeVisible();
  const rule = await first.getAttribute('data-rule');
  const rows = await first.locator('tbody tr').count();
  const counted = Number((await first.getByTestId('import-group-count').textContent())!.match(/\d+/)![0]);
  expect(rows).toBe(counted);
  expect(rule).toBeTruthy();

  await button.click();
  await expect(page).toHaveURL(/\/toolsets\/github-mcp-server\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'github-mcp-server' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a paste or a drop past the size cap is refused before it reaches the text area, and what was there stays', async ({
  page,
}) => {
  await page.goto('./import/');
  // The app's paste checks, once it has the page (a paste before the takeover is the takeover tests' subject).
  await page.waitForFunction(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null);
  await textArea(page).fill('{"kept": true}');
  const tooLarge = 10 * 1024 * 1024 + 1;
  await page.evaluate((size) => navigator.clipboard.writeText('x'.repeat(size)), tooLarge);
  await textArea(page).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByRole('alert')).toContainText(
    `The pasted text would make ${(tooLarge + 14).toLocaleString('en')} characters; imports are limited to 10,485,760 (10.0 MB). Nothing was changed`,
  );
  await expect(textArea(page)).toHaveValue('{"kept": true}');

  await page.evaluate((size) => {
    const zone = document.querySelector('.import-drop')!;
    const data = new DataTransfer();
    data.setData('text/plain', 'y'.repeat(size));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, tooLarge);
  await expect(page.getByRole('alert')).toContainText('The dropped text would make 10,485,761 characters');
  await expect(textArea(page)).toHaveValue('{"kept": true}');

  // A binary file is recognised from its first bytes and never laid out.
  await page.getByLabel('Definitions file').setInputFiles({
    name: 'photo.json',
    mimeType: 'application/json',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'photo.json is binary, not a text file of JSON definitions; nothing was changed.',
  );
  await expect(textArea(page)).toHaveValue('{"kept": true}');

  // A paste within the cap goes in.
  await textArea(page).fill('');
  await paste(page, '{"tools": []}');
  await expect(textArea(page)).toHaveValue('{"tools": []}');
});

test('a URL import: refused by the policy before trying, a status and not-JSON said, and a fetch that hangs is cancelled', async ({
  page,
}) => {
  let requests = 0;
  await page.route('https://tools.example/**', async (route) => {
    requests += 1;
    const path = new URL(route.request().url()).pathname;
    if (path === '/gone.json')
      await route.fulfill({ status: 404, body: 'missing', headers: { 'access-control-allow-origin': '*' } });
    else if (path === '/page')
      await route.fulfill({
        status: 200,
        body: '<!doctype html><p>Sign in</p>',
        headers: { 'content-type': 'text/html', 'access-control-allow-origin': '*' },
      });
    // /never.json: never answered.
  });
  await page.goto('./import/');
  const link = page.getByLabel('or a link');
  const alert = page.getByRole('alert');

  await link.fill('http://192.168.1.20/tools.json');
  await page.getByRole('button', { name: 'Fetch' }).click();
  await expect(alert).toContainText(
    "This page's security policy lets it fetch https addresses only, and http://192.168.1.20 is not one",
  );

  await link.fill('https://tools.example/gone.json');
  await page.getByRole('button', { name: 'Fetch' }).click();
  await expect(alert).toContainText('The server answered 404');

  await link.fill('https://tools.example/page');
  await page.getByRole('button', { name: 'Fetch' }).click();
  await expect(alert).toContainText('text/html that is not JSON');

  await link.fill('https://tools.example/never.json');
  await page.getByRole('button', { name: 'Fetch' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Fetching…' })).toContainText('at most 30 s');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(alert).toHaveText('Fetching was cancelled; nothing was imported.');
  await expect(page.getByRole('button', { name: 'Fetch' })).toBeEnabled();
  expect(requests).toBe(3);
});
