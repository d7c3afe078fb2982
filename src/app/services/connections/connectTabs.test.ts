import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from '../../../../e2e/servers/mcp-test-server';
import { importToolset } from '../../../core/import';
import { createCompilingValidator } from '../../../core/validation/compile';
import { createIndexedDbToolsetStorage } from '../../lib/importedToolsets';
import type { SchemaChecks } from '../../lib/schemaWorker';
import { createToolsets } from '../toolsets';
import { createConnections } from './connections';
import { createMemoryConnectionStorage } from './savedConnections.test-support';

// The page converts a server's tools in the schema worker; here the same import runs in the test's thread.
const validator = createCompilingValidator();
const schemaChecks = () =>
  Promise.resolve({ importText: async (text: string) => importToolset(text, { validator }) } as SchemaChecks);

/** A tab: its own toolsets over the one IndexedDB database (told of no other tab's write), its own connections. */
const tab = (storage = createMemoryConnectionStorage()) => {
  const toolsets = createToolsets({ storage: createIndexedDbToolsetStorage(), channelName: null });
  return { toolsets, connections: createConnections({ toolsets, storage, schemaChecks }) };
};
const settings = (url: string) => ({
  url,
  transport: 'streamable-http' as const,
  auth: 'none' as const,
  remember: false,
});
const stored = async () =>
  (await createIndexedDbToolsetStorage().loadAll()).map(
    (record) => `${record.toolset.manifest.id} ${record.live?.url}`,
  );

let first: McpTestServer;
let second: McpTestServer;
beforeAll(async () => {
  // Two servers of one name: each tab's first connect wishes for the same toolset id.
  [first, second] = await Promise.all([
    startMcpTestServer({ name: 'twin-server' }),
    startMcpTestServer({ name: 'twin-server' }),
  ]);
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

describe('two tabs connecting at once', () => {
  it('keep both live toolsets, under two ids, and a stale tab reconnecting refreshes the toolset where it is stored', async () => {
    const tabA = tab();
    const tabB = tab();
    const tabCStorage = createMemoryConnectionStorage();
    const tabC = tab(tabCStorage);
    await Promise.all([tabA.toolsets.loadImported(), tabB.toolsets.loadImported(), tabC.toolsets.loadImported()]);
    const [connectedA, connectedB] = await Promise.all([
      tabA.connections.connect(settings(first.url)),
      tabB.connections.connect(settings(second.url)),
    ]);
    expect([connectedA.status, connectedB.status]).toEqual(['connected', 'connected']);
    expect(new Set([connectedA.toolsetId, connectedB.toolsetId])).toEqual(
      new Set(['mcp-twin-server', 'mcp-twin-server-2']),
    );
    expect((await stored()).sort()).toEqual(
      [`${connectedA.toolsetId} ${first.url}`, `${connectedB.toolsetId} ${second.url}`].sort(),
    );
    // Each connection names the toolset that holds its own server's tools.
    expect(tabA.toolsets.find(connectedA.toolsetId!)?.record?.live?.url).toBe(first.url);
    expect(tabB.toolsets.find(connectedB.toolsetId!)?.record?.live?.url).toBe(second.url);

    // A third tab read the store before either wrote; its saved connection names tab A's toolset, renamed since.
    await tabA.toolsets.rename(connectedA.toolsetId!, 'Renamed in tab A');
    expect(tabC.toolsets.find(connectedA.toolsetId!)).toBeUndefined();
    await tabCStorage.save({ ...settings(first.url), savedAt: 1, toolsetId: connectedA.toolsetId! });
    await tabC.connections.reconnectSaved();
    // It refreshes that toolset where it is stored: no third toolset, and tab A's rename stands.
    expect(tabC.connections.store.get(first.url)?.toolsetId).toBe(connectedA.toolsetId);
    expect((await stored()).length).toBe(2);
    expect(tabC.toolsets.find(connectedA.toolsetId!)?.toolset.manifest.name).toBe('Renamed in tab A');
    await tabC.connections.disconnect(first.url);
    await Promise.all([tabA.connections.disconnect(first.url), tabB.connections.disconnect(second.url)]);
    await tabC.connections.disconnect(first.url);
  });
});
