/** The Evals results fit their box on a desktop and on a phone: no table runs off the page's right edge. */
import { expect, test, type Page } from '@playwright/test';
import { useProviderEmulator } from './servers/provider-emulator-hooks';

const KEY = 'sk-emulated-eval-secret-4411';
const emulator = useProviderEmulator(test);

const suite = {
  name: 'Fit',
  toolset: 'acode-core',
  repetitions: 2,
  cases: [
    {
      id: 'read-the-readme-of-the-repository',
      prompt: '[compare] read the readme',
      expect: { calls: [{ tool: 'read_file', arguments: { path: 'README.md' } }] },
    },
    {
      id: 'list-the-source-folder',
      prompt: '[compare] list the folder',
      expect: { calls: [{ tool: 'list_directory', arguments: { path: 'src' } }] },
    },
  ],
};

async function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: [...document.querySelectorAll<HTMLElement>('.eval-table')].map((table) => {
      const box = table.parentElement!;
      return {
        name: table.getAttribute('aria-label') ?? table.closest('[aria-label]')?.getAttribute('aria-label'),
        table: Math.round(table.getBoundingClientRect().width),
        box: box.clientWidth,
        scroll: box.scrollWidth - box.clientWidth,
      };
    }),
  }));
}

test('the results tables fit their box at 1280 px and on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./evals/');
  await page.getByText('Import', { exact: true }).click();
  await page
    .getByLabel('Suite file')
    .setInputFiles({ name: 'fit.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(suite)) });
  for (const [index, model] of ['emulated-large-2026-11-preview', 'emulated-small'].entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add a model' }).click();
    const row = page.getByTestId('model-row').nth(index);
    await row.getByLabel('Base URL').fill(`${emulator.url}/v1`);
    await row.getByLabel('Model id').fill(model);
    await row.getByLabel(/^API key/).fill(KEY);
  }
  await page.getByRole('button', { name: 'Run suite' }).click();
  await expect(page.getByTestId('results-status')).toContainText('8 of 8 runs');
  await expect(page.getByTestId('eval-cases').getByRole('row')).toHaveCount(5);

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const measured = await overflow(page);
    expect(measured.tables.length, `${width}px`).toBeGreaterThanOrEqual(2);
    expect({ width, ...measured }).toEqual({
      width,
      page: 0,
      tables: measured.tables.map((table) => ({ ...table, scroll: 0 })),
    });
    for (const table of measured.tables)
      expect(table.table, `${table.name} at ${width}px`).toBeLessThanOrEqual(table.box);
  }
});
