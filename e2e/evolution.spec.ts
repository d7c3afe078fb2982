import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, holdScripts, openTool, screenshotPath } from './helpers';

const changeRows = (page: Page) => page.getByTestId('change-table').locator('tbody tr');

test('the tool page compares two versions: every change with pointer, class and why, and the version verdict', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openTool(page, 'read_file');
  // A slow machine: the sections between the link and its target load during the scroll.
  await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.getByTestId('version-count').click();
  await expect(page.getByTestId('version-count')).toHaveText('2 versions');
  const versions = page.getByTestId('versions');
  // At a quarter of the CPU the page is taken over 3 to 6 seconds after it loads, the section right after, and the
  // comparison's code takes up to 7 seconds more: on a busy machine, each more than the default wait.
  await expect(versions).toBeInViewport({ timeout: 20_000 });
  await expect(versions.getByRole('list', { name: 'Versions' })).toContainText('1.0.0 (current)', { timeout: 20_000 });
  await expect(versions.getByRole('list', { name: 'Versions' })).toContainText('0.9.0');
  // The newest earlier version against the current one, at once.
  await expect(page.getByRole('combobox', { name: 'Older definition' })).toHaveValue('version:0.9.0');
  await expect(page.getByRole('combobox', { name: 'Newer definition' })).toHaveValue('version:1.0.0');
  const encodingRow = changeRows(page).filter({ hasText: '/inputSchema/properties/encoding' });
  await expect(encodingRow).toContainText('Minor');
  await expect(encodingRow).toContainText("New optional parameter 'encoding'");
  await expect(page.getByTestId('version-verdict')).toContainText('0.9.0 → 1.0.0 follows the rule');
  // Still in view once every section above it has loaded and grown: nothing pushed it away.
  await expect(page.locator('#versions-title')).toBeInViewport();
  expect(errors).toEqual([]);
});

test('a tool page opened at a section stays at that section while the sections above it load', async ({ page }) => {
  const client = await page.context().newCDPSession(page);
  // A slow machine: the sections above load while the reader is already there.
  await client.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('./tools/read_file/#versions');
  await expect(page.getByRole('list', { name: 'Versions' })).toContainText('0.9.0', { timeout: 20_000 });
  await expect(page.locator('#versions-title')).toBeInViewport();
  await expect(page.locator('#compatibility [aria-busy="true"], #tokens [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('#versions-title')).toBeInViewport();
});

test('a breaking change released as a patch is flagged with the version it should have had', async ({ page }) => {
  await openTool(page, 'git_log');
  await page.getByTestId('versions').scrollIntoViewIfNeeded();
  await page.getByRole('combobox', { name: 'Older definition' }).selectOption('version:0.9.0');
  await page.getByRole('combobox', { name: 'Newer definition' }).selectOption('version:0.9.1');
  const row = changeRows(page).first();
  await expect(row).toContainText('Breaking');
  await expect(row).toContainText('/inputSchema/properties/count/maximum');
  await expect(row).toContainText('maximum lowered from 1000 to 100');
  await expect(page.getByTestId('version-verdict')).toHaveClass(/is-wrong/);
  await expect(page.getByTestId('version-verdict')).toContainText('it should have been 0.10.0');
  // Side by side, the changed line is marked on both sides.
  const changedLine = page.getByTestId('side-by-side').locator('tr.line-changed').filter({ hasText: '"maximum"' });
  await expect(changedLine.locator('td.is-old')).toHaveText('"maximum": 1000,');
  await expect(changedLine.locator('td.is-new')).toHaveText('"maximum": 100,');
  await page.screenshot({ path: screenshotPath('evolution-compare-light'), fullPage: false });
});

test('a pasted definition is compared as soon as it is valid; a bad paste says why and keeps the text', async ({
  page,
}) => {
  await openTool(page, 'git_log');
  await page.getByTestId('versions').scrollIntoViewIfNeeded();
  await page.getByRole('combobox', { name: 'Older definition' }).selectOption('version:1.0.0');
  await page.getByRole('combobox', { name: 'Newer definition' }).selectOption('pasted');
  const paste = page.getByRole('textbox', { name: 'Newer definition: pasted definition' });
  await paste.fill('{"name": "git_log", "inputSchema": ');
  await expect(page.getByTestId('versions')).toContainText('Newer: Not JSON');
  await expect(paste).toHaveValue('{"name": "git_log", "inputSchema": ');
  const pasted = {
    name: 'git_log',
    version: '1.1.0',
    riskLevel: 'safe',
    description: 'Show commit history log.',
    inputSchema: {
      type: 'object',
      properties: { count: { type: 'integer', minimum: 1, maximum: 50 } },
      required: ['count'],
      additionalProperties: false,
    },
  };
  await paste.fill(JSON.stringify(pasted));
  await expect(changeRows(page).filter({ hasText: "Parameter 'path' was removed" })).toContainText('Breaking');
  await expect(changeRows(page).filter({ hasText: "Parameter 'count' became required" })).toHaveCount(1);
  await expect(page.getByTestId('version-verdict')).toContainText(
    '1.0.0 → 1.1.0 is a minor release but the changes are breaking: it should have been 2.0.0.',
  );
  // Switching the side away and back keeps what was pasted.
  await page.getByRole('combobox', { name: 'Newer definition' }).selectOption('version:1.0.0');
  await page.getByRole('combobox', { name: 'Newer definition' }).selectOption('pasted');
  await expect(paste).toHaveValue(JSON.stringify(pasted));
});

test('the catalog shows the token budget heaviest first, loading the tokenizer only when asked', async ({ page }) => {
  const tokenizerRequests: string[] = [];
  page.on('request', (request) => {
    if (/o200k_base/.test(request.url())) tokenizerRequests.push(request.url());
  });
  await page.goto('./');
  await expect(page.getByTestId('catalog-total')).toBeVisible();
  await expect(page.getByTestId('token-budget')).toBeVisible();
  expect(tokenizerRequests).toEqual([]);
  await page.getByText('Token budget').click();
  await expect(page.getByTestId('budget-total')).toContainText(/of the 3,000-token budget \(OpenAI, o200k_base\)/);
  expect(tokenizerRequests.length).toBe(1);
  const openAiCounts = await page.getByTestId('token-table').locator('tbody tr td:nth-child(2)').allInnerTexts();
  const numbers = openAiCounts.map((text) => Number(text.replace(/,/g, '')));
  expect(numbers).toHaveLength(17);
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  await expect(page.getByTestId('token-budget')).toContainText(
    "Anthropic: Approximate: Claude's tokenizer is not published",
  );
  await page.getByTestId('token-budget').screenshot({ path: screenshotPath('evolution-budget-light') });
});

test('the token budget opened before the app has taken the catalog over still loads', async ({ page }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('./', { waitUntil: 'commit' });
  await page.getByText('Token budget').click();
  await expect(page.getByTestId('token-budget')).toHaveAttribute('open', '');
  releaseScripts();
  await expect(page.getByTestId('budget-total')).toContainText(/of the 3,000-token budget \(OpenAI, o200k_base\)/);
});

test('a tool page shows what its definition costs and what costs most', async ({ page }) => {
  await openTool(page, 'read_file');
  // As a reader goes there: the page's own link, which keeps the section in view while those above it load.
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Token cost' }).click();
  const cost = page.getByTestId('tool-token-cost');
  await expect(cost.locator('dd[data-provider="openai"]')).toHaveText(/^\d+$/);
  const parts = cost.getByTestId('token-parts').locator('li');
  await expect(parts.first()).toBeVisible();
  await expect(cost.getByTestId('token-parts')).toContainText('parameter encoding');
  await expect(cost.getByTestId('token-parts')).toContainText('description');
});

test('provider compatibility names each finding and offers the converted form', async ({ page }) => {
  await openTool(page, 'git_log');
  const section = page.locator('#compatibility');
  await section.scrollIntoViewIfNeeded();
  const openai = section.getByTestId('compat-openai-strict');
  await expect(openai).toHaveAttribute('open', '');
  await expect(openai.locator('summary')).toContainText('✗ converted form accepted');
  await expect(openai.getByTestId('compat-verdict')).toContainText(
    'Not accepted as it is; the converted form below is.',
  );
  const countRow = openai
    .getByTestId('compat-findings')
    .locator('tbody tr')
    .filter({ hasText: '/inputSchema/properties/count' })
    .first();
  await expect(countRow).toContainText('required');
  await expect(countRow).toContainText("'count' is optional");
  await expect(openai.getByRole('list', { name: 'What the conversion changed' })).toContainText(
    'optional parameters made required and nullable (count, path, author)',
  );
  await expect(openai.getByRole('region', { name: /converted definition/ })).toContainText('"strict": true');
  const anthropic = section.getByTestId('compat-anthropic');
  await expect(anthropic.locator('summary')).toContainText('✓ accepted as it is');
  await anthropic.locator('summary').click();
  await expect(anthropic.getByTestId('compat-verdict')).toContainText('Accepted as it is.');
  const gemini = section.getByTestId('compat-gemini');
  await gemini.locator('summary').click();
  await expect(gemini.getByTestId('compat-findings')).toContainText('/inputSchema/additionalProperties');
  await section.screenshot({ path: screenshotPath('evolution-compat-light') });
});

for (const scheme of ['light', 'dark'] as const) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`evolution sections look right: ${scheme}, ${device}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      await openTool(page, 'git_log');
      // The versions load as their section comes near the screen, as a reader scrolling to them would see.
      await page.locator('#versions').scrollIntoViewIfNeeded();
      await page.getByRole('combobox', { name: 'Older definition' }).selectOption('version:0.9.0');
      await page.getByRole('combobox', { name: 'Newer definition' }).selectOption('version:0.9.1');
      await page.locator('#tokens').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('tool-token-cost').locator('dd[data-provider="openai"]')).toHaveText(/^\d+$/);
      await page.locator('#tokens').screenshot({ path: screenshotPath(`evolution-tokens-${scheme}-${device}`) });
      await page.locator('#versions').screenshot({ path: screenshotPath(`evolution-versions-${scheme}-${device}`) });
      await page.locator('#compatibility').screenshot({ path: screenshotPath(`evolution-compat-${scheme}-${device}`) });
      await page.goto('./');
      await page.getByText('Token budget').click();
      await expect(page.getByTestId('budget-total')).toBeVisible();
      await page
        .getByTestId('token-budget')
        .screenshot({ path: screenshotPath(`evolution-budget-${scheme}-${device}`) });
    });
  }
}
