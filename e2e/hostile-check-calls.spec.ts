/**
 * Check calls against a 100 MB call log chosen from disk: many lines, one line (past the cap for one line), and one
 * byte past the limit. Each ends in the report or a refusal naming the limit and what to do, with the tab answering
 * while the file is read (a click and keystrokes made then land), what was typed kept, and the tab alive. How long the tab stalls and how much memory it
 * takes are figures for `npm run bench -- hostile`, not assertions here.
 */
import { mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './helpers';

const MEGABYTE = 1024 * 1024;
/** The page's limit for a file: 100 MB. */
const LIMIT = 100 * MEGABYTE;
const TYPED = 'typed while the log was read';

let folder = '';
test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'check-calls-'));
});
test.afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** Writes `size` bytes of a log to disk piece by piece: the first line, then `line` repeated, padded to the size. */
function writeLog(name: string, size: number, parts: { head?: string; line: string; tail?: string }): string {
  const path = join(folder, name);
  const file = openSync(path, 'w');
  const head = Buffer.from(parts.head ?? '');
  const tail = Buffer.from(parts.tail ?? '');
  writeSync(file, head);
  let left = size - head.length - tail.length;
  const piece = Buffer.from(parts.line.repeat(Math.max(1, Math.floor(MEGABYTE / parts.line.length))));
  while (left > 0) {
    const count = Math.min(left, piece.length);
    writeSync(file, piece, 0, count);
    left -= count;
  }
  writeSync(file, tail);
  closeSync(file);
  return path;
}

/** The tab is alive: it did not crash, and it still answers a script with this page. */
function watchCrash(page: Page): { crashed: boolean } {
  const state = { crashed: false };
  page.on('crash', () => (state.crashed = true));
  return state;
}

async function openCheckCalls(page: Page): Promise<void> {
  await page.goto('./check/');
  await expect(page.getByRole('heading', { level: 1, name: 'Check calls' })).toBeVisible();
  await page.waitForFunction(
    () => (window as unknown as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null,
  );
  // The longest main-thread task from here on, noted beside the result (a figure, not an assertion).
  await page.evaluate(() => {
    const scope = window as unknown as { __longestTask: number };
    scope.__longestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) scope.__longestTask = Math.max(scope.__longestTask, entry.duration);
    }).observe({ type: 'longtask' });
  });
}

async function noteLongestTask(page: Page): Promise<void> {
  const longest = await page.evaluate(() => (window as unknown as { __longestTask: number }).__longestTask);
  test.info().annotations.push({ type: 'longest main-thread task', description: `${Math.round(longest)} ms` });
}

const area = (page: Page) => page.getByLabel('Paste a transcript, or drop a file here (up to 100 MB)');

/** While the check reads the file: a click in the text area and keystrokes in it land, and stay. */
async function typeWhileReading(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('progressbar', { name: `Checking ${name}` })).toBeVisible();
  await area(page).click();
  await page.keyboard.type(TYPED);
  await expect(area(page)).toHaveValue(TYPED);
}

async function expectSummary(
  page: Page,
  counts: Partial<Record<'calls' | 'valid' | 'invalid' | 'unknown' | 'unparseable', string>>,
): Promise<void> {
  for (const [key, value] of Object.entries(counts))
    await expect(page.getByTestId(`summary-${key}`).locator('dd')).toHaveText(value, { timeout: 50_000 });
}

test.describe('a 100 MB call log on Check calls', () => {
  test.describe.configure({ timeout: 90_000 });

  test('100 MB of many lines: every call reported, the tab answering while it reads, the typed text kept', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const tab = watchCrash(page);
    // 1 KB a line: a model's calls with real arguments, 102,400 of them, every tenth one wrong.
    const pad = 'x'.repeat(1024 - 80);
    const good = `{"tool": "write_file", "arguments": {"path": "src/a.ts", "content": "${pad}"}}`.padEnd(1023) + '\n';
    const bad = `{"tool": "write_file", "arguments": {"file": "src/a.ts", "content": "${pad}"}}`.padEnd(1023) + '\n';
    expect(good.length).toBe(1024);
    const path = writeLog('many-lines.jsonl', LIMIT, { line: good.repeat(9) + bad });
    await openCheckCalls(page);
    await page.getByLabel('Transcript file').setInputFiles(path);
    await typeWhileReading(page, 'many-lines.jsonl');
    await expectSummary(page, { calls: '102,400', valid: '92,160', invalid: '10,240', unparseable: '0' });
    await expect(page.getByRole('heading', { name: 'Report on many-lines.jsonl' })).toBeVisible();
    await expect(area(page)).toHaveValue(TYPED);
    expect(tab.crashed).toBe(false);
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    await noteLongestTask(page);
    expect(errors).toEqual([]);
  });

  test('one 100 MB line: past the cap for one line, reported by its number with its length and the limit, as the CLI reports it; the tab answering while it reads, the typed text kept', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const tab = watchCrash(page);
    const path = writeLog('one-line.jsonl', LIMIT, {
      head: '{"tool": "write_file", "arguments": {"path": "big.txt", "content": "',
      line: 'x',
      tail: '"}}\n',
    });
    await openCheckCalls(page);
    await page.getByLabel('Transcript file').setInputFiles(path);
    await typeWhileReading(page, 'one-line.jsonl');
    await expectSummary(page, { calls: '1', valid: '0', invalid: '0', unparseable: '1' });
    await page.getByLabel('Show').selectOption('all');
    // The line is 100 MB less its newline; the cap is the command line's, 64 MiB of characters.
    await expect(page.getByTestId('calls-scroll')).toContainText(
      'The tool call could not be read: Line 1 has 104,857,599 characters, over the limit of 67,108,864 for one line, so it was not read. To check the call it holds, cut its largest value down',
    );
    await expect(area(page)).toHaveValue(TYPED);
    expect(tab.crashed).toBe(false);
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    await noteLongestTask(page);
    expect(errors).toEqual([]);
  });

  test('a byte past 100 MB: refused from its size before any of it is read, naming the limit and the CLI; the typed text kept', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const line = '{"tool": "read_file", "arguments": {"path": "src/main.ts"}}\n';
    const path = writeLog('too-big.jsonl', LIMIT + 1, { line });
    await openCheckCalls(page);
    await area(page).fill(TYPED);
    await page.getByLabel('Transcript file').setInputFiles(path);
    await expect(page.getByRole('alert')).toHaveText(
      'too-big.jsonl is 100.1 MB, over the 100 MB a file checked here may hold; nothing was read. Check it in a terminal instead: tool-schemas validate --batch too-big.jsonl',
    );
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(area(page)).toHaveValue(TYPED);
    expect(errors).toEqual([]);
  });

  test('100 MB of binary: refused from its first bytes, the typed text kept', async ({ page }) => {
    const errors = collectPageErrors(page);
    const tab = watchCrash(page);
    const noise = Array.from({ length: 4096 }, (_, index) => String.fromCharCode((index * 7919) % 256)).join('');
    const path = writeLog('core.jsonl', LIMIT, { line: noise });
    await openCheckCalls(page);
    await area(page).fill(TYPED);
    await page.getByLabel('Transcript file').setInputFiles(path);
    await expect(page.getByRole('alert')).toHaveText(
      'core.jsonl is binary, not a log of tool calls; nothing was checked.',
    );
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(area(page)).toHaveValue(TYPED);
    expect(tab.crashed).toBe(false);
    await noteLongestTask(page);
    expect(errors).toEqual([]);
  });
});
