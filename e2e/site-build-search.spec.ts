/**
 * The search of a site written by `tool-schemas site build` from a toolset of many tools: the name of a tool near the
 * end of the list, typed into the dialog "Search tools" opens, lists that tool first, and Enter opens its page.
 * The site is built by the CLI from the sources, once, into a temporary folder, and served on E2E_PORT + 3 with the
 * site's headers (scripts/static-host.ts, netlify.toml).
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, serveSite } from './built-site';

const port = Number(process.env.E2E_PORT ?? 4173) + 3;
// Small tools, so that building their pages stays quick; enough of them that search ranks among hundreds.
const TOOLS = 300;
const names = Array.from({ length: TOOLS }, (_, index) => `record_${index}`);

let work: string;
let server: Server;
let site: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  work = mkdtempSync(join(tmpdir(), 'e2e-site-build-search-'));
  const list = join(work, 'tools.json');
  writeFileSync(
    list,
    JSON.stringify({
      tools: names.map((name, index) => ({
        name,
        description: `Read record number ${index} of the ledger.`,
        inputSchema: {
          type: 'object',
          properties: { field: { type: 'string', description: 'The field to read.' } },
          required: ['field'],
        },
      })),
    }),
  );
  const out = join(work, 'site');
  buildSite([list], out);
  ({ server, url: site } = await serveSite(out, port));
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (work) rmSync(work, { recursive: true, force: true });
});

test(`search among ${TOOLS} tools finds one near the end by its name and opens its page`, async ({ page }) => {
  const target = names.at(-3)!;
  await page.goto(new URL(`tools/${names[0]}/`, site).href);
  await expect(page.locator('#root[data-route]')).toBeAttached();
  await page.getByRole('button', { name: 'Search tools' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search tools' });
  await dialog.getByRole('combobox', { name: 'Search tools' }).fill(target);
  const options = dialog.getByRole('option');
  await expect(options.first().locator('.tool-name')).toHaveText(target);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new URL(`tools/${target}/`, site).href);
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await expect(dialog).toBeHidden();
});
