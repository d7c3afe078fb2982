import { expect, test } from '@playwright/test';
import { collectPageErrors, screenshotPath } from './helpers';

/** {name, description, inputSchema} definitions as real servers write them: an annotation-only format, a gap in the CodeGenesis contract. */
const definitions = JSON.stringify(
  [
    {
      name: 'save_note',
      description: 'Saves a note.',
      inputSchema: {
        type: 'object',
        properties: { body: { type: 'string', format: 'json', description: 'The note as JSON text.' } },
        required: ['body'],
      },
    },
    {
      name: 'tag_note',
      description: 'Tags a note.',
      inputSchema: { type: 'object', properties: { tag: { description: 'The tag.' } } },
    },
  ],
  null,
  2,
);

test('an annotation-only format imports with a note; imported as CodeGenesis, a definition its meta-schema rejects is refused', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('./import/');
  await page.getByLabel('Paste definitions, or drop a file here').fill(definitions);
  await expect(page.getByTestId('import-summary')).toContainText('2 tools found, 2 ready to import.');
  // Findings are grouped by rule and folded; every group opens on its rows.
  const problems = page.locator('.import-groups');
  const openGroups = async () => {
    const closed = problems.locator('.import-group:not([open]) > summary');
    while ((await closed.count()) > 0) await closed.first().click();
  };
  await expect(problems.locator('.import-group[data-rule="schema_note"]')).toBeVisible();
  await openGroups();
  await expect(page.getByRole('table', { name: 'Findings: schema_note' })).toContainText(
    '/0/inputSchema/properties/body/format',
  );
  await expect(problems).toContainText('/1/inputSchema/properties/tag/type');

  await page.getByLabel(/Import as CodeGenesis/).check();
  await expect(page.getByTestId('import-summary')).toContainText('2 tools found, 1 ready to import, 1 refused.');
  const refusal = problems.locator('.import-group[data-rule="meta_schema"]');
  await expect(refusal.locator('summary')).toContainText('1 refused');
  await openGroups();
  await expect(refusal.locator('.import-problem-error')).toBeVisible();

  for (const [theme, width, height] of [
    ['light', 1280, 900],
    ['dark', 1280, 900],
    ['light', 390, 844],
    ['dark', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: theme });
    await page.locator('.import-options').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`import-real-world-${theme}-${width}`), fullPage: true });
  }
  expect(errors).toEqual([]);
});
