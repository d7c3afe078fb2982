/**
 * The published MCP Apps example server (`@modelcontextprotocol/server-basic-vanillajs`), whose `get-time` tool renders
 * `ui://get-time/mcp-app.html`: started behind `tool-schemas mcp bridge`, and its tool run from a connected page.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { startBridge, type StartedBridge } from './servers/bridge';

/** The example server behind a bridge, for a page at `origin`. */
export function startGetTimeBridge(origin: string): Promise<StartedBridge> {
  // The package exports its server module only; its command (dist/index.js, stdio with --stdio) sits beside it.
  const example = join(
    dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-basic-vanillajs')),
    'index.js',
  );
  return startBridge(origin, [process.execPath, example, '--stdio']);
}

/**
 * From a page connected to the example server: its live toolset, get-time's page, Execute, and the time the server
 * gave shown in the result and in the app's frame. The time and the app's frame.
 */
export async function executeGetTime(page: Page): Promise<{ shown: string; app: FrameLocator }> {
  await page.getByRole('link', { name: /Open the live toolset/ }).click();
  await page.getByRole('link', { name: 'get-time', exact: true }).first().click();
  await expect(page.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });
  await page.getByRole('button', { name: /^Execute/ }).click();
  await expect(page.getByTestId('mcp-result')).toBeVisible({ timeout: 30_000 });
  const shown = (await page.getByTestId('mcp-result').locator('pre').first().innerText()).trim();
  expect(shown).toMatch(/^\d{4}-\d\d-\d\dT/);
  const app = page.getByTestId('mcp-app').frameLocator('[data-testid="mcp-app-frame"]').frameLocator('iframe');
  await expect(app.locator('#server-time')).toHaveText(shown, { timeout: 30_000 });
  return { shown, app };
}
