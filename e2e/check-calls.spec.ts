import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, editorJson, screenshotPath, waitForEditor } from './helpers';

const fixture = (name: string) => readFileSync(new URL(`../src/core/calls/fixtures/${name}`, import.meta.url), 'utf8');

/** Drops a file on the page's drop zone as a user dragging it from their desktop would. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName, { type: 'application/x-ndjson' }));
      return transfer;
    },
    [name, text] as const,
  );
  await page.getByTestId('check-drop').dispatchEvent('drop', { dataTransfer });
}

async function expectSummary(
  page: Page,
  counts: Record<'calls' | 'valid' | 'invalid' | 'unknown' | 'unparseable', string>,
): Promise<void> {
  for (const [key, value] of Object.entries(counts))
    await expect(page.getByTestId(`summary-${key}`).locator('dd')).toHaveText(value);
}

test('a dropped OpenAI transcript: counts, format, a failing call opened in the playground, CSV exported', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('./check/');
  // Dropped the moment the page is there.
  await dropFile(page, 'eval-run.jsonl', fixture('openai-chat.jsonl'));
  await expectSummary(page, { calls: '7', valid: '3', invalid: '1', unknown: '1', unparseable: '2' });
  await expect(page.getByTestId('format-seen')).toContainText(
    'OpenAI Chat Completions messages (tool_calls), JSON Lines',
  );
  await expect(page.getByRole('heading', { name: 'Report on eval-run.jsonl' })).toBeVisible();
  const calls = page.getByRole('table', { name: 'Checked calls' });
  await expect(calls.locator('[data-status="invalid"]')).toContainText(
    "file: Unknown parameter 'file'. Did you mean 'path'?",
  );

  // The suggested fix and the charts' table fallback say the same numbers.
  await expect(
    page.locator('section[aria-labelledby="fixes-title"]').getByRole('row', { name: 'read_file file path 1' }),
  ).toBeVisible();
  await page.getByRole('figure', { name: 'Invalid rate per tool' }).getByRole('button', { name: 'Show table' }).click();
  await expect(
    page.getByRole('figure', { name: 'Invalid rate per tool' }).getByRole('row', { name: /read_file 2 1 50\.0%/ }),
  ).toBeVisible();

  // Only the calls that are not valid are listed at first, each with the text the model got back.
  await expect(page.getByText('4 of 7 calls')).toBeVisible();
  await expect(calls.locator('[data-status="unknown_tool"]')).toContainText(
    "Unknown tool 'git_comit'. Did you mean: git_commit?",
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('eval-run-report.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  const rows = csv.trimEnd().split('\r\n');
  expect(rows[0]).toBe('index,line,status,format,tool,id,codes,parameters,errors,suggestions,arguments,llm_text');
  expect(csv.match(/^\d+,\d+,(valid|invalid|unknown_tool|unparseable),/gm)).toHaveLength(7);
  expect(csv).toContain(
    '2,3,invalid,openai-chat,read_file,call_8xQm2Lw2,required; invalid_value; invalid_value,path; file; lines',
  );

  await page.getByRole('link', { name: 'Open in playground: call 2' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'read_file' })).toBeVisible();
  await waitForEditor(page);
  await expect.poll(() => editorJson(page)).toEqual({ file: 'README.md', lines: '1-20' });
  await expect(page.getByText("Unknown parameter 'file'. Did you mean 'path'?").first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('pasted text is checked; an unknown tool opens as the closest known one', async ({ page }) => {
  await page.goto('./check/');
  await page
    .getByLabel('Paste a transcript, or drop a file here (up to 100 MB)')
    .fill(fixture('anthropic-conversation.json'));
  await page.getByRole('button', { name: 'Check pasted text' }).click();
  await expectSummary(page, { calls: '5', valid: '2', invalid: '2', unknown: '1', unparseable: '0' });
  await expect(page.getByTestId('format-seen')).toContainText(
    'Anthropic Messages (tool_use blocks), one JSON document',
  );
  await page.getByRole('button', { name: 'Details of call 3' }).click();
  await expect(page.getByRole('region', { name: 'Call 3' })).toContainText('"message": "Fix the login redirect"');
  await page.getByRole('link', { name: 'Open as git_commit: call 3' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'git_commit' })).toBeVisible();
  await waitForEditor(page);
  await expect.poll(() => editorJson(page)).toEqual({ message: 'Fix the login redirect' });
});

test('120,000 calls: counted, the table pages and scrolls to the last one with only the rows in view in the page, and the calls past the first 20,000 (read again from the file) show, filter and export as the first ones do', async ({
  page,
}) => {
  await page.goto('./check/');
  const lines: string[] = [];
  for (let index = 0; index < 120_000; index++) {
    lines.push(
      index % 10 === 9
        ? `{"tool": "read_file", "arguments": {"file": "src/f${index}.ts"}}`
        : `{"tool": "read_file", "arguments": {"path": "src/f${index}.ts"}}`,
    );
  }
  await dropFile(page, 'big.jsonl', lines.join('\n'));
  await expectSummary(page, { calls: '120,000', valid: '108,000', invalid: '12,000', unknown: '0', unparseable: '0' });
  await page.getByLabel('Show').selectOption('all');
  await expect(page.getByText('120,000 of 120,000 calls')).toBeVisible();
  // In pages of 100,000 rows, so that a log of millions stays within the height a browser lays out.
  const pages = page.getByRole('navigation', { name: 'Pages of calls' });
  await expect(pages).toContainText('Rows 1–100,000 of 120,000 (page 1 of 2)');
  const scroller = page.getByTestId('calls-scroll');
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(page.getByRole('button', { name: 'Details of call 100000' })).toBeVisible();
  await pages.getByRole('button', { name: 'Next 100,000' }).click();
  await expect(pages).toContainText('Rows 100,001–120,000 of 120,000 (page 2 of 2)');
  await expect(page.getByRole('button', { name: 'Details of call 100001' })).toBeVisible();
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(page.getByRole('button', { name: 'Details of call 120000' })).toBeVisible();
  // Only the rows in view are in the page.
  expect(await page.locator('.calls-scroll [role="row"]').count()).toBeLessThan(60);
  await page.getByRole('button', { name: 'Details of call 120000' }).click();
  await expect(page.getByRole('region', { name: 'Call 120000' })).toContainText('src/f119999.ts');

  await page.getByLabel('Show').selectOption('invalid');
  await expect(page.getByText('12,000 of 120,000 calls')).toBeVisible();
  // A new filter starts at its first row; 12,000 rows are one page.
  await expect(pages).toHaveCount(0);
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(page.getByRole('button', { name: 'Details of call 120000' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const rows = csv.trimEnd().split('\r\n');
  expect(rows).toHaveLength(120_001);
  // A call kept whole and one read again from the file, written alike.
  const invalidRow = (call: number) => `${call},${call},invalid,plain,read_file,,required; invalid_value,path; file,`;
  expect(rows[10]).toContain(invalidRow(10));
  expect(rows[120_000]).toContain(invalidRow(120_000));
  expect(rows[120_000]!.replaceAll('120000', '10').replaceAll('119999', '9')).toBe(rows[10]);
  expect(rows[119_999]).toBe(
    '119999,119999,valid,plain,read_file,,,,,,"{\n  ""path"": ""src/f119998.ts""\n}",Parameters validated successfully.',
  );
});

test('a file can be cancelled while it is checked', async ({ page }) => {
  await page.goto('./check/');
  const line = '{"tool": "read_file", "arguments": {"path": "src/main.ts", "start_line": 1, "end_line": 40}}\n';
  await dropFile(page, 'huge.jsonl', line.repeat(400_000));
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Checking huge.jsonl' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/^Cancelled after [\d,]+ calls of huge\.jsonl/)).toBeVisible();
  await expect(page.getByTestId('summary-calls')).toHaveCount(0);
});

test('a paste past what the text area lays out quickly is checked at once, never laid out; a binary file or paste is refused from its first bytes', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./check/');
  await page.waitForFunction(
    () => (window as unknown as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null,
  );
  const area = page.getByLabel('Paste a transcript, or drop a file here (up to 100 MB)');
  const line = '{"tool": "read_file", "arguments": {"path": "src/main.ts", "start_line": 1, "end_line": 40}}\n';
  const pasteText = async (text: string) => {
    await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    await area.focus();
    await page.keyboard.press('ControlOrMeta+V');
  };
  const log = line.repeat(20_000);
  await pasteText(log);
  await expectSummary(page, { calls: '20,000', valid: '20,000', invalid: '0', unknown: '0', unparseable: '0' });
  await expect(area).toHaveValue('');

  // A big paste's check is cancelled like a file's, naming it by its size.
  await pasteText(line.repeat(400_000));
  await expect(page.getByRole('progressbar', { name: /^Checking \d+\.\d MB pasted$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/^Cancelled after [\d,]+ calls of \d+\.\d MB pasted/)).toBeVisible();
  await expect(area).toHaveValue('');

  await page.getByLabel('Transcript file').setInputFiles({
    name: 'core.log',
    mimeType: 'text/plain',
    buffer: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00]),
  });
  await expect(page.getByRole('alert')).toHaveText('core.log is binary, not a log of tool calls; nothing was checked.');
  await area.fill('{"kept": true}');
  await pasteText('\u0001\u0002\u0003\u0004 PK\u0005\u0006');
  await expect(page.getByRole('alert')).toHaveText(
    'The pasted text is binary, not a log of tool calls; nothing was changed.',
  );
  await expect(area).toHaveValue('{"kept": true}');
});

test('look: the report in light and dark, desktop and phone', async ({ page }) => {
  for (const [theme, width, height] of [
    ['light', 1280, 900],
    ['dark', 1280, 900],
    ['light', 390, 844],
    ['dark', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('./check/');
    await dropFile(
      page,
      'eval-run.jsonl',
      `${fixture('plain.jsonl')}\n${fixture('openai-chat.jsonl')}\n${fixture('mcp.jsonl')}`,
    );
    await expect(page.getByTestId('summary-calls').locator('dd')).toHaveText('20');
    // The charts are drawn one after another once the rest of the report is there.
    await expect(page.locator('.call-chart .recharts-responsive-container svg')).toHaveCount(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`check-calls-${theme}-${width}`), fullPage: true });
    await page.locator('.calls-section').screenshot({ path: screenshotPath(`check-calls-table-${theme}-${width}`) });
    await page.locator('.call-fix-tables').screenshot({ path: screenshotPath(`check-calls-fixes-${theme}-${width}`) });
    if (theme === 'light' && width === 1280) {
      await page
        .getByRole('heading', { name: 'Report on eval-run.jsonl' })
        .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 90));
      await page.screenshot({ path: screenshotPath('check-calls-readme') });
    }
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: the report (${scheme}) has no serious or critical violations, with the tables shown too`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('./check/');
    await dropFile(page, 'eval-run.jsonl', fixture('plain.jsonl'));
    await expect(page.getByTestId('summary-calls').locator('dd')).toHaveText('8');
    const violations = (await new AxeBuilder({ page }).analyze()).violations;
    for (const figure of ['Invalid rate per tool', 'Errors by code'])
      await page.getByRole('figure', { name: figure }).getByRole('button', { name: 'Show table' }).click();
    await page.getByRole('button', { name: 'Details of call 2' }).click();
    violations.push(...(await new AxeBuilder({ page }).analyze()).violations);
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

test('a report that arrives is brought into view, on a laptop and on a phone', async ({ page }) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('./check/');
    await page.getByRole('button', { name: 'Check a sample log' }).click();
    await expect(page.getByRole('heading', { name: 'Report on the sample log' })).toBeInViewport({ timeout: 20_000 });
  }
});

test('a call whose arguments are too long for a link: its details show their start and length, and no playground link; its export holds them whole', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('./check/');
  const content = 'x'.repeat(5 * 1024 * 1024);
  await dropFile(
    page,
    'one-line.jsonl',
    `{"tool": "write_file", "arguments": {"path": "big.txt", "content": "${content}"}}`,
  );
  await expect(page.getByTestId('summary-calls').locator('dd')).toHaveText('1', { timeout: 30_000 });
  await page.getByLabel('Show').selectOption('all');
  const calls = page.getByRole('table', { name: 'Checked calls' });
  await expect(calls.getByRole('link', { name: /Open in playground/ })).toHaveCount(0);
  await calls.getByRole('button', { name: 'Details of call 1' }).click();
  const details = page.getByRole('region', { name: 'Call 1' });
  await expect(details).toContainText(
    /The arguments are 5,242,9\d\d characters long: only their start is shown, and they are too long to open in the playground/,
  );
  await expect(details.locator('pre').last()).toContainText('"path": "big.txt"');
  expect(((await details.locator('pre').last().textContent()) ?? '').length).toBeLessThan(10_000);

  // The export holds the arguments whole, read again from the file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain(`""content"": ""${content}""`);
  expect(errors).toEqual([]);
});
