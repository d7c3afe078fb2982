import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { ToolsetBundle } from '../src/core/toolset/types';

/** Every bundled toolset, as `npm run bundle` wrote them; `bundle` is the default (Acode) one. */
export const collection = JSON.parse(
  readFileSync(new URL('../src/generated/bundle.json', import.meta.url), 'utf8'),
) as { toolsets: ToolsetBundle[] };
export const bundle = collection.toolsets.find((toolset) => toolset.manifest.id === 'acode-core') as ToolsetBundle;

export const screenshotPath = (name: string) => `${process.env.E2E_RESULTS ?? 'test-results'}/screenshots/${name}.png`;

export async function openTool(page: Page, name: string): Promise<void> {
  await page.goto(`./tools/${name}/`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

export async function waitForEditor(page: Page): Promise<void> {
  // The editor loads once its place comes near the screen, as a person scrolling to it brings it: so does the test.
  // Scrolled again if the editor's place is drawn anew meanwhile (a live tool's page, as its server's answers arrive).
  await expect(async () => {
    await page.locator('.json-editor').first().scrollIntoViewIfNeeded({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('.json-editor[data-status="ready"] .monaco-editor')).toBeVisible({ timeout: 20_000 });
}

/** Replaces the editor's text as a paste would (typing would trigger bracket auto-closing). */
export async function setEditorText(page: Page, text: string): Promise<void> {
  await waitForEditor(page);
  await page.locator('.json-editor .monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** The editor's text as rendered (short texts only: Monaco renders only visible lines). */
export async function editorText(page: Page): Promise<string> {
  const text = await page.locator('.json-editor .monaco-editor .view-lines').innerText();
  return text.replace(/\u00a0/g, ' ');
}

/**
 * The editor's text parsed; while Monaco is between two renders (a line added or removed, the next
 * frame not drawn yet) the rendered lines can be incomplete: that reads as `{ unparsed: text }`, so a
 * poll waits for the settled text instead of failing on a half-drawn one.
 */
export async function editorJson(page: Page): Promise<unknown> {
  const text = await editorText(page);
  try {
    return JSON.parse(text);
  } catch {
    return { unparsed: text };
  }
}

/** Waits until the playground has saved a tool's arguments (it saves shortly after the last edit). */
export async function waitForSavedArguments(page: Page, toolName: string, expected: string): Promise<void> {
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), `tsp:arguments:${toolName}`))
    .toContain(expected);
}

/** Errors the page throws (uncaught exceptions, rejected promises), collected from now on. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Holds the app's scripts back until the returned function is called: a prerendered page is on screen, and what is done
 * to it then comes before the app takes it over.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * Connects the Connect page (`connectPage`: another site's, served elsewhere) to a server as an impatient user: types
 * and clicks as soon as the page shows the form.
 */
export async function connect(page: Page, url: string, token?: string, connectPage = './connect/'): Promise<void> {
  await page.goto(connectPage);
  await page.getByLabel('Server URL').fill(url);
  if (token) {
    await page.getByLabel('Authentication').selectOption('bearer');
    await page.getByLabel('Bearer token').fill(token);
  }
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connection').getByRole('status').first()).toHaveText('Connected', { timeout: 30_000 });
}
