import { describe, expect, it } from 'vitest';
import { closedPort } from '../../../../e2e/servers/closed-port';
import { createMemoryToolsetStorage } from '../../lib/importedToolsets.test-support';
import { createToolsets } from '../toolsets';
import { createConnections } from './connections';
import { createPage } from '../../lib/page';
import { createSchemaChecks } from '../../lib/schemaWorker';
import { type ConnectionStorage, type SavedConnection } from './savedConnections';
import { createMemoryConnectionStorage } from './savedConnections.test-support';

describe('a saved connection on a full disk', () => {
  it('is said not saved on its card, with the reason, and keeps its settings for this page', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/mcp`;
    const memory = createMemoryConnectionStorage();
    const saved: SavedConnection = {
      url,
      transport: 'streamable-http',
      auth: 'none',
      remember: false,
      timeoutSeconds: 5,
      savedAt: 1,
    };
    await memory.save(saved);
    const full: ConnectionStorage = {
      ...memory,
      save: () => Promise.reject(new DOMException('', 'QuotaExceededError')),
    };
    const connections = createConnections({
      toolsets: createToolsets({ storage: createMemoryToolsetStorage([]), channelName: null }),
      storage: full,
      schemaChecks: () => Promise.resolve(createPage().part(createSchemaChecks)),
    });
    await connections.reconnectSaved();
    const card = connections.store.get(url);
    expect(card?.status).toBe('failed');
    expect(card?.saved).toMatchObject({ url, transport: 'streamable-http', timeoutSeconds: 5 });
    expect(card?.notSaved).toMatch(
      /^This connection was not saved\. The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)\. Free space/,
    );
  });
});
