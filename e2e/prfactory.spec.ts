import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, collection, setEditorText } from './helpers';

const prfactory = collection.toolsets.find((toolset) => toolset.manifest.id === 'prfactory-agent-tools')!;
const result = (page: Page) => page.getByTestId('execution-result');

async function openPrTool(page: Page, name: string, args: Record<string, unknown>): Promise<void> {
  await page.goto(`./toolsets/prfactory-agent-tools/tools/${name}/`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await setEditorText(page, JSON.stringify(args));
  await expect(page.getByText('✓ Valid')).toBeVisible();
}

async function execute(page: Page): Promise<void> {
  const before = await result(page).count();
  await page.getByRole('button', { name: 'Execute', exact: true }).click();
  if (before > 0) await expect(page.locator('.exec-running')).toBeHidden({ timeout: 30_000 });
  await expect(result(page)).toBeVisible({ timeout: 30_000 });
}

test('the PRFactory toolset is chosen in the switcher, and its catalog, docs and audit show its own tools', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('./');
  await page.getByLabel('Toolset', { exact: true }).selectOption('prfactory-agent-tools');
  await expect(page).toHaveURL(/\/toolsets\/prfactory-agent-tools\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PRFactory.AgentTools' })).toBeVisible();
  await expect(page.getByTestId('catalog-total')).toContainText(`${prfactory.tools.length} tools in 7 categories`);
  for (const category of ['FileSystem', 'Search', 'Git', 'Jira', 'Analysis', 'Command', 'Web'])
    await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();

  await page.locator('.tool-card', { hasText: 'GitCommit' }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'GitCommit' })).toBeVisible();
  // The one finding the definition keeps on purpose is shown as accepted, with its reason.
  await page.locator('#audit').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('audit-table')).toContainText(
    "Accepted: PRFactory's CommitTool stages everything by default",
  );
  await expect(page.getByTestId('audit-table')).not.toContainText('Warning');

  // Ctrl/Cmd+K finds PRFactory tools and names their toolset.
  await page.keyboard.press('ControlOrMeta+K');
  await page.getByRole('combobox', { name: 'Search tools' }).fill('jira ticket');
  await expect(page.getByRole('listbox', { name: 'Matching tools' }).getByRole('option').first()).toContainText(
    'PRFactory.AgentTools',
  );
  expect(errors).toEqual([]);
});

test('PRFactory tools execute in the browser: the Jira tracker persists, the shell whitelist and SSRF rules refuse before anything runs', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openPrTool(page, 'TransitionJiraTicket', { ticketKey: 'PROJ-101', status: 'Done' });
  await execute(page);
  await expect(result(page).getByTestId('error-code')).toHaveText('invalid_transition');
  await expect(result(page)).toContainText('from To Do it can move to In Progress');

  await setEditorText(
    page,
    JSON.stringify({ ticketKey: 'PROJ-101', status: 'In Progress', comment: 'Starting on it.' }),
  );
  await page.getByRole('button', { name: 'Execute', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this call?' });
  await expect(dialog).toContainText('Move PROJ-101 to In Progress');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(result(page).getByTestId('result-status')).toHaveText('✓ Success', { timeout: 30_000 });

  // The tracker is stored with the workspace: a reload still knows the move.
  await page.reload();
  await openPrTool(page, 'GetJiraTicket', { ticketKey: 'PROJ-101' });
  await execute(page);
  await expect(result(page).locator('[data-kind="output"]')).toContainText('"Status": "In Progress"');

  await openPrTool(page, 'ExecuteShell', { command: 'ls && curl http://example.com' });
  await page.getByRole('button', { name: 'Execute', exact: true }).click();
  await expect(result(page).getByTestId('error-code')).toHaveText('command_not_allowed', { timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'Approve this call?' })).toHaveCount(0);

  await openPrTool(page, 'WebFetch', { url: 'http://169.254.169.254/latest/meta-data' });
  await execute(page);
  await expect(result(page).getByTestId('error-code')).toHaveText('url_blocked');
  await expect(result(page)).toContainText('cloud metadata service');
  expect(errors).toEqual([]);
});
