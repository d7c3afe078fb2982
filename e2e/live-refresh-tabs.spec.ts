/** Two tabs on one live toolset: a refresh in one never undoes the other's rename, nor brings back what it deleted. */
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, connect, setEditorText } from './helpers';
import { startMcpTestServer, type McpTestServer } from './servers/mcp-test-server';

const TOOLSET = 'mcp-schema-test-server';
let server: McpTestServer;
test.beforeEach(async () => {
  server = await startMcpTestServer();
});
test.afterEach(async () => {
  await server.close();
});

/** A tab that never hears the others (a message lost, a tab asleep): it writes from the copy it loaded. */
const deafToOtherTabs = () => {
  const Original = BroadcastChannel;
  window.BroadcastChannel = class extends Original {
    constructor(name: string) {
      super(name === 'tsp-imported-toolsets' ? `deaf-${Math.random()}` : name);
    }
  };
};

/** The stored live toolset, as IndexedDB holds it: its name and tool count, or null. */
const stored = (page: Page) =>
  page.evaluate(async (id) => {
    const open = indexedDB.open('tsp-imported-toolsets');
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const read = db.transaction('toolsets').objectStore('toolsets').get(id);
    const record = (await new Promise((resolve) => (read.onsuccess = () => resolve(read.result)))) as
      { toolset: { manifest: { name: string }; tools: unknown[] } } | undefined;
    db.close();
    return record ? `${record.toolset.manifest.name} (${record.toolset.tools.length} tools)` : null;
  }, TOOLSET);

async function addToolFrom(tab: Page, name: string): Promise<void> {
  await setEditorText(tab, JSON.stringify({ name }));
  await tab.getByRole('button', { name: /^Execute/ }).click();
  await expect(tab.getByTestId('mcp-result')).toContainText(`added ${name}`, { timeout: 30_000 });
}

test("a live toolset's refresh in one tab keeps another tab's rename, and never re-creates a toolset another tab deleted", async ({
  context,
}) => {
  const tabA = await context.newPage();
  const errors = collectPageErrors(tabA);
  await connect(tabA, server.url);

  const tabB = await context.newPage();
  await tabB.addInitScript(deafToOtherTabs);
  await tabB.goto(`./toolsets/${TOOLSET}/tools/add_tool/`);
  await expect(tabB.getByTestId('live-status')).toHaveText('Connected', { timeout: 30_000 });

  await tabA.goto('./import/');
  await tabA.getByLabel('Name', { exact: true }).fill('Renamed live tools');
  await tabA.getByLabel('Name', { exact: true }).press('Enter');
  await expect(tabA.locator('.imported-toolset-link')).toHaveText(['Renamed live tools']);

  // Tab B still holds the server's own name: the server's tools/list_changed refreshes its copy into the stored one.
  await addToolFrom(tabB, 'brand_new');
  await expect.poll(() => stored(tabA), { timeout: 30_000 }).toBe('Renamed live tools (9 tools)');

  await tabA.getByRole('button', { name: 'Delete Renamed live tools' }).click();
  await tabA.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(tabA.getByText('None yet.')).toBeVisible();
  // Tab B's next refresh finds the toolset gone: it is not written back, and tab B's page says there is none.
  await setEditorText(tabB, JSON.stringify({ name: 'another_one' }));
  await tabB.getByRole('button', { name: /^Execute/ }).click();
  await expect(tabB.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible({ timeout: 30_000 });
  await tabB.getByRole('navigation', { name: 'Site' }).getByText('Tools', { exact: true }).click();
  await tabB.getByRole('link', { name: 'Connect a server' }).click();
  await expect(tabB.getByTestId('connection-not-saved')).toHaveText(
    'The live toolset “Renamed live tools” was deleted in another tab: the refreshed tools were not kept. Connect again to make it anew.',
    { timeout: 30_000 },
  );
  expect(await stored(tabA)).toBeNull();
  expect(errors).toEqual([]);
});
