/**
 * A tool run as a task from its live page, in both eras: against the published server-everything (2025-11-25 tasks)
 * through the bridge, and against the SDK v2 test server (the 2026-07-28 tasks extension). Its status while it runs,
 * its result in the usual view, and Cancel reaching the server.
 */
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, connect, editorText, setEditorText } from './helpers';
import { startBridge, type StartedBridge } from './servers/bridge';
import { startMcpV2Server, type McpV2Server } from './servers/mcp-v2-server';
import { STEP_MS } from './servers/mcp-v2-tasks';

/** A span as the status line writes it ("450 ms elapsed", "4.2 s elapsed"), in milliseconds. */
function elapsedMs(text: string): number {
  const match = /^([\d.]+) (ms|s) elapsed$/.exec(text);
  if (!match) throw new Error(`not an elapsed time: ${JSON.stringify(text)}`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

let started: StartedBridge | undefined;
test.afterEach(() => {
  started?.bridge.kill('SIGTERM');
  started = undefined;
});

/** Connects, finds the research tool marked as running only as a task, and opens its live page. */
async function openResearchTool(page: Page): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  started = await startBridge(origin, [process.execPath, everything, 'stdio']);
  await connect(page, started.url, started.token);
  const item = page.getByTestId('server-tools').getByRole('listitem').filter({ hasText: 'simulate-research-query' });
  await expect(item.getByTestId('task-kind')).toHaveText('task only');
  await item.getByRole('link', { name: 'Simulate Research Query' }).click();
  await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
}

test('a live tool that runs as a task: its status while it runs, then its result', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openResearchTool(page);
  // The server runs this tool only as a task: there is no plain Execute, only "Run as a task".
  await expect(page.getByRole('button', { name: /^Execute/ })).toHaveCount(0);
  await setEditorText(page, JSON.stringify({ topic: 'tides' }));
  await page.getByRole('button', { name: 'Run as a task' }).click();
  const status = page.getByTestId('task-status');
  await expect(status.getByTestId('task-state')).toHaveText('Working', { timeout: 30_000 });
  await expect(status).toContainText(/elapsed · expires in [45] min \d\d s · task/);
  await expect(status).toContainText(/Gathering sources|Analyzing content|Synthesizing findings|Generating report/);
  await expect(page.getByTestId('mcp-result')).toContainText('Research Report: tides', { timeout: 30_000 });
  await expect(status.getByTestId('task-state')).toHaveText('Completed');
  expect(errors).toEqual([]);
});

test('a task cancelled from the page is cancelled on the server', async ({ page }) => {
  await openResearchTool(page);
  await setEditorText(page, JSON.stringify({ topic: 'eels' }));
  await page.getByRole('button', { name: 'Run as a task' }).click();
  await expect(page.getByTestId('task-state')).toHaveText('Working', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel task' }).click();
  await expect(page.getByTestId('live-failure')).toContainText(
    /was cancelled: the server was sent tasks\/cancel and reports it cancelled/,
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('task-state')).toHaveText('Cancelled');
  await expect(page.getByTestId('mcp-result')).toHaveCount(0);
  // What was typed is still there, to run again.
  await expect(page.getByRole('button', { name: 'Run as a task' })).toBeEnabled();
});

test.describe('the tasks extension (2026-07-28) against the SDK v2 test server', () => {
  let server: McpV2Server | undefined;
  test.afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Connects in the modern era and opens the long report tool's live page. */
  async function openLongReport(page: Page, taskNotifications = true): Promise<void> {
    server = await startMcpV2Server({ modernOnly: true, taskNotifications });
    await connect(page, server.url);
    const card = page.getByTestId('connection');
    await expect(card).toContainText('extensions (io.modelcontextprotocol/tasks)');
    await card.getByTestId('server-tools').getByRole('link', { name: 'Long report' }).click();
    await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
  }

  test('a tool run as a task: its status while it runs, then its result', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openLongReport(page);
    // Any tool of a server with the extension may run as a task; a plain Execute stays.
    await expect(page.getByRole('button', { name: /^Execute/ })).toBeVisible();
    await setEditorText(page, JSON.stringify({ topic: 'tides', steps: 20 }));
    await page.getByRole('button', { name: 'Run as a task' }).click();
    const status = page.getByTestId('task-status');
    await expect(status.getByTestId('task-state')).toHaveText('Working', { timeout: 30_000 });
    await expect(status).toContainText(/Step \d+ of 20/);
    await expect(status).toContainText(/elapsed · expires in (1 min 00 s|\d\d\.\d s) · task/);
    await expect(page.getByTestId('mcp-result')).toContainText('Report on tides: 20 steps done.', { timeout: 30_000 });
    await expect(status.getByTestId('task-state')).toHaveText('Completed');
    await expect(status).toContainText('Report ready');
    // The server pushed each status on a subscriptions/listen stream.
    await expect(status.getByTestId('task-followed')).toHaveText(' · status pushed by the server');
    expect(errors).toEqual([]);
  });

  test('a server that pushes no task status: the page polls it at its interval', async ({ page }) => {
    await openLongReport(page, false);
    await setEditorText(page, JSON.stringify({ topic: 'dunes', steps: 3 }));
    await page.getByRole('button', { name: 'Run as a task' }).click();
    await expect(page.getByTestId('mcp-result')).toContainText('Report on dunes: 3 steps done.', { timeout: 30_000 });
    const status = page.getByTestId('task-status');
    await expect(status.getByTestId('task-state')).toHaveText('Completed');
    await expect(status.getByTestId('task-followed')).toHaveText(' · status polled every 100 ms');
  });

  test('a task that asks for input: the form shows over the page, and the answer reaches the server', async ({
    page,
  }) => {
    await openLongReport(page);
    await setEditorText(page, JSON.stringify({ topic: 'moss', steps: 2, confirm: true }));
    await page.getByRole('button', { name: 'Run as a task' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('ask-message')).toHaveText('Write the report on moss?', { timeout: 30_000 });
    await expect(page.getByTestId('task-state')).toHaveText('Waiting for input');
    await dialog.getByLabel('Write it?').selectOption({ label: 'Yes' });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('mcp-result')).toContainText('Report on moss: 2 steps done.', { timeout: 30_000 });
    expect(server!.state.answers).toEqual(['long_report: accept {"go":true}']);
  });

  test('a task cancelled from the page is cancelled on the server, and what was typed stays', async ({ page }) => {
    await openLongReport(page);
    const typed = JSON.stringify({ topic: 'eels', steps: 600 });
    await setEditorText(page, typed);
    await page.getByRole('button', { name: 'Run as a task' }).click();
    await expect(page.getByTestId('task-state')).toHaveText('Working', { timeout: 30_000 });
    // While it runs, only the task's button says so: Execute waits under its own label, and Cancel task is there.
    await expect(page.getByRole('button', { name: 'Running as a task…' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Execute', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Running…' })).toHaveCount(0);
    // The time elapsed counts from when the call was sent: at step k, the server has done k - 1 steps of STEP_MS
    // (the line rounds to a tenth of a second, hence the 50 ms).
    const status = page.getByTestId('task-status');
    await expect(status).toContainText(/Step ([4-9]|\d\d+) of 600/, { timeout: 30_000 });
    const seen = await status.evaluate((line) => ({
      step: Number(/Step (\d+) of/.exec(line.textContent ?? '')?.[1]),
      elapsed: line.querySelector('[data-testid="task-elapsed"]')?.textContent ?? '',
    }));
    expect(elapsedMs(seen.elapsed)).toBeGreaterThanOrEqual((seen.step - 1) * STEP_MS - 50);
    await page.getByRole('button', { name: 'Cancel task' }).click();
    await expect(page.getByTestId('live-failure')).toContainText(
      /was cancelled: the server was sent tasks\/cancel and reports it cancelled \(Cancelled at the client’s request\)/,
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('task-state')).toHaveText('Cancelled');
    await expect(page.getByTestId('mcp-result')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Run as a task' })).toBeEnabled();
    expect(await editorText(page)).toBe(typed);
  });
});
