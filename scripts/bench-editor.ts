// The playground editor with large arguments, measured on the built site in headless Chromium: after pasting
// a write_file `content` of 1 MB and 5 MB, how long the page is blocked by each keystroke typed into it; and
// whether a 20 MB paste leaves the tab alive and answering.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { serveDist, launchChromium } from './bench-page';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * A probe that runs a timer every few milliseconds and records the longest gap between two runs in a window:
 * a gap is time the main thread could not answer (a keystroke's work, a render, a parse).
 * A string, not a function: tsx's name-keeping helpers do not exist inside the page.
 */
const PROBE = `(() => {
  const state = { last: performance.now(), gaps: [] };
  const tick = () => {
    const now = performance.now();
    state.gaps.push([state.last, now - state.last]);
    if (state.gaps.length > 20000) state.gaps.splice(0, 10000);
    state.last = now;
    setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  window.__probe = state;
  window.__longestGapSince = (since) => state.gaps.filter(([start, gap]) => start + gap > since).reduce((max, [, gap]) => Math.max(max, gap), 0);
})()`;

/** write_file arguments whose `content` is `size` characters of source text, one JSON string on one line. */
export function argumentsOfSize(size: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < size; index += 1) {
    const line = `export function step${index}(value: number): number {\\n  return value * ${index} + 1; // keeps the total\\n}\\n`;
    lines.push(line);
    length += line.length;
  }
  // A cut between the two characters of an escape would leave a lone backslash.
  const content = lines.join('').slice(0, size).replace(/\\$/, '');
  return `{"path": "src/generated.ts", "content": "${content}"}`;
}

/** Pastes text into the editor as a user does: the text on the clipboard, then Ctrl+V. */
async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press('ControlOrMeta+V');
}

/** Milliseconds until the page answers an evaluate round trip. */
async function roundTrip(page: Page): Promise<number> {
  const started = Date.now();
  await page.evaluate(() => 1);
  return Date.now() - started;
}

async function openWriteFile(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await context.newPage();
  await page.addInitScript(PROBE);
  await page.goto(`${url}tools/write_file/`);
  await page.waitForSelector('.json-editor[data-status="ready"] .monaco-editor .view-lines', { timeout: 30_000 });
  await page.locator('.json-editor .monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  return page;
}

/** Per keystroke typed inside a pasted `content` of `size` characters: the longest main-thread block it caused. */
async function keystrokesAfterPaste(browser: Browser, url: string, size: number) {
  const page = await openWriteFile(browser, url);
  try {
    const pasteStarted = Date.now();
    await paste(page, argumentsOfSize(size));
    const pasteMs = Date.now() - pasteStarted + (await roundTrip(page));
    // Let anything the paste started (validation, saving) settle.
    await page.waitForTimeout(1500);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(300);
    const blocks: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const since = await page.evaluate(() => performance.now());
      await page.keyboard.press(index % 2 === 0 ? 'x' : 'Backspace');
      // Long enough for deferred work (a debounced validation, a save) to happen inside the window.
      await page.waitForTimeout(400);
      blocks.push(
        await page.evaluate(
          (start) => (window as unknown as { __longestGapSince: (since: number) => number }).__longestGapSince(start),
          since,
        ),
      );
    }
    return { pasteMs, blocks };
  } finally {
    await page.context().close();
  }
}

/** A 20 MB paste: does the tab survive, and how long until it answers again. */
async function hugePaste(browser: Browser, url: string, size: number) {
  const page = await openWriteFile(browser, url);
  let crashed = false;
  page.on('crash', () => (crashed = true));
  try {
    const started = Date.now();
    await paste(page, argumentsOfSize(size));
    const answeredAfterMs = Date.now() - started + (await roundTrip(page));
    await page.waitForTimeout(2000);
    const roundTrips: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      roundTrips.push(await roundTrip(page));
      await page.waitForTimeout(200);
    }
    const verdict = await page.locator('[data-testid="validation-panel"]').innerText({ timeout: 10_000 });
    return {
      crashed,
      answeredAfterMs,
      worstRoundTripAfterMs: Math.max(...roundTrips),
      verdict: verdict.split('\n').slice(0, 2).join(' ').slice(0, 200),
    };
  } catch (error) {
    return { crashed: true, error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  } finally {
    await page
      .context()
      .close()
      .catch(() => undefined);
  }
}

export async function benchEditor(): Promise<object> {
  const { server, url } = await serveDist();
  const browser = await launchChromium();
  try {
    const report: Record<string, unknown> = {};
    for (const [label, size, aim] of [
      ['typical', 40, 16],
      ['1MB', 1024 * 1024, 50],
      ['5MB', 5 * 1024 * 1024, 100],
    ] as const) {
      const { pasteMs, blocks } = await keystrokesAfterPaste(browser, url, size);
      const typical = median(blocks);
      report[`keystrokeBlockMs_${label}`] = {
        median: round(typical),
        max: round(Math.max(...blocks)),
        samples: blocks.length,
        pasteMs,
        aim,
        met: typical <= aim,
      };
    }
    report.paste20MB = await hugePaste(browser, url, 20 * 1024 * 1024);
    report.note =
      'keystrokeBlockMs: the longest time the main thread could not answer within 400 ms after a key typed inside the pasted content.';
    return report;
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchEditor(), null, 2));
}
