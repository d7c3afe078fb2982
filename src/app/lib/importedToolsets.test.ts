import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createIndexedDbToolsetStorage, type ImportedToolsetRecord } from './importedToolsets';

const record = (id: string, name: string): ImportedToolsetRecord => ({
  toolset: { manifest: { id, name, version: '1.0.0', description: 'd', categories: [] }, tools: [] },
  format: 'MCP tools/list result',
  importedAt: 1,
  mocks: {},
});

describe('the IndexedDB toolset storage', () => {
  it('applies an update to the stored record, and writes nothing for one that is gone', async () => {
    const storage = createIndexedDbToolsetStorage();
    await storage.save(record('weather', 'Weather'));
    // Another tab's rename, then a change made from a copy that predates it.
    await storage.update('weather', (stored) => ({
      ...stored,
      toolset: { ...stored.toolset, manifest: { ...stored.toolset.manifest, name: 'Forecasts' } },
    }));
    const updated = await storage.update('weather', (stored) => ({
      ...stored,
      mocks: { get_weather: { kind: 'json', value: 21 } },
    }));
    expect(updated?.toolset.manifest.name).toBe('Forecasts');
    expect((await storage.loadAll()).map((stored) => [stored.toolset.manifest.name, stored.mocks])).toEqual([
      ['Forecasts', { get_weather: { kind: 'json', value: 21 } }],
    ]);
    await storage.remove('weather');
    expect(await storage.update('weather', (stored) => stored)).toBeNull();
    expect(await storage.loadAll()).toEqual([]);
  });
});
