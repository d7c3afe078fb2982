/** Two tabs on one browser's storage at the same moment: neither overwrites what the other keeps. */
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors } from './helpers';

const definitions = (tool: string) =>
  JSON.stringify({ tools: [{ name: tool, description: `Reads ${tool}.`, inputSchema: { type: 'object' } }] });

async function ready(page: Page, tool: string): Promise<void> {
  await page.goto('./import/');
  await page.waitForFunction(() => (window as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents === null);
  await page.getByLabel('Paste definitions, or drop a file here').fill(definitions(tool));
  await page.getByLabel('Toolset name').fill('Shared tools');
  await expect(page.getByRole('button', { name: 'Import 1 tool' })).toBeEnabled();
}

test('two tabs importing toolsets of one name at once keep both, under two ids', async ({ context }) => {
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  const errors = [collectPageErrors(tabA), collectPageErrors(tabB)];
  await ready(tabA, 'tool_from_a');
  await ready(tabB, 'tool_from_b');
  // Neither tab knows the other's toolset when it imports: both wish for the id "shared-tools".
  await Promise.all([
    tabA.getByRole('button', { name: 'Import 1 tool' }).click(),
    tabB.getByRole('button', { name: 'Import 1 tool' }).click(),
  ]);
  await expect(tabA).toHaveURL(/\/toolsets\/shared-tools(-2)?\/$/);
  await expect(tabB).toHaveURL(/\/toolsets\/shared-tools(-2)?\/$/);
  expect(new Set([tabA.url(), tabB.url()]).size).toBe(2);
  // Each catalog shows its own tab's tool, after a reload too: nothing was overwritten.
  for (const [tab, tool] of [
    [tabA, 'tool_from_a'],
    [tabB, 'tool_from_b'],
  ] as const) {
    await tab.reload();
    await expect(tab.getByRole('link', { name: tool }).first()).toBeVisible();
  }
  expect(errors.flat()).toEqual([]);
});

/** A link carrying a toolset of the id `linked-set` with one tool, `tool`, as the tool page's "Copy share link" makes it. */
async function linkTo(tool: string): Promise<string> {
  const { encodeSharedToolset } = await import('../src/app/lib/sharedToolset');
  const toolset = {
    manifest: { id: 'linked-set', name: 'Linked set', version: '1.0.0', description: 'One tool.', categories: [] },
    tools: [
      {
        name: tool,
        title: tool,
        description: `Reads ${tool}.`,
        version: '1.0.0',
        category: 'imported',
        riskLevel: 'low' as const,
        tags: [],
        inputSchema: { type: 'object', properties: {} },
        examples: [],
        invalidExamples: [],
      },
    ],
  };
  return `./toolsets/linked-set/tools/${tool}/#toolset=${encodeSharedToolset({ toolset, mocks: {} })}`;
}

test('two tabs opening links to two toolsets of one id at once keep both, and the page names the fresh id', async ({
  context,
}) => {
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  const errors = [collectPageErrors(tabA), collectPageErrors(tabB)];
  const [linkA, linkB] = await Promise.all([linkTo('tool_from_a'), linkTo('tool_from_b')]);
  await Promise.all([tabA.goto(linkA), tabB.goto(linkB)]);
  await expect(tabA).toHaveURL(/\/toolsets\/linked-set(-2)?\/tools\/tool_from_a\/$/);
  await expect(tabB).toHaveURL(/\/toolsets\/linked-set(-2)?\/tools\/tool_from_b\/$/);
  const idOf = (url: string) => /\/toolsets\/([^/]+)\//.exec(url)?.[1];
  expect(new Set([idOf(tabA.url()), idOf(tabB.url())])).toEqual(new Set(['linked-set', 'linked-set-2']));
  // The tab whose toolset went beside the other says so, with both ids.
  const beside = idOf(tabA.url()) === 'linked-set-2' ? tabA : tabB;
  await expect(
    beside.getByRole('status').filter({
      hasText: 'another toolset here has its id ‘linked-set’, so it is kept beside it under the id ‘linked-set-2’',
    }),
  ).toBeVisible();
  // Each tab's tool is where its address says, after a reload too: nothing was overwritten.
  for (const [tab, tool] of [
    [tabA, 'tool_from_a'],
    [tabB, 'tool_from_b'],
  ] as const) {
    await tab.reload();
    await expect(tab.getByRole('heading', { level: 1, name: tool })).toBeVisible();
  }
  expect(errors.flat()).toEqual([]);
});
