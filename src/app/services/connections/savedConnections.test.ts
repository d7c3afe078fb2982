import { describe, expect, it } from 'vitest';
import { storable, type SavedConnection } from './savedConnections';
import { createMemoryConnectionStorage } from './savedConnections.test-support';

const base: SavedConnection = {
  url: 'http://127.0.0.1:9/mcp',
  transport: 'auto',
  auth: 'bearer',
  token: 'tok-secret-1',
  remember: false,
  savedAt: 1,
  oauthTokens: { access_token: 'oauth-secret-2', token_type: 'bearer' },
};

describe('saved connections', () => {
  it('write no token (bearer or OAuth) unless the user asked to remember it', async () => {
    expect(storable(base)).not.toHaveProperty('token');
    expect(storable(base)).not.toHaveProperty('oauthTokens');
    expect(storable({ ...base, remember: true })).toMatchObject({
      token: 'tok-secret-1',
      oauthTokens: { access_token: 'oauth-secret-2' },
    });
    const storage = createMemoryConnectionStorage();
    await storage.save(base);
    expect(JSON.stringify(await storage.loadAll())).not.toContain('secret');
  });

  it('keep a pin per server until it is removed', async () => {
    const storage = createMemoryConnectionStorage();
    const lockfile = { lockfileVersion: 1 as const, server: { name: 's', version: '1' }, tools: {} };
    await storage.savePin(base.url, lockfile);
    expect(await storage.loadPin(base.url)).toEqual(lockfile);
    await storage.removePin(base.url);
    expect(await storage.loadPin(base.url)).toBeUndefined();
  });
});
