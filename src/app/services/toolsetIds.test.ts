import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { bundle } from '../../core/toolset/bundle';
import type { ToolsetBundle } from '../../core/toolset/types';
import { createIndexedDbToolsetStorage, type ImportedToolsetRecord } from '../lib/importedToolsets';
import { createMemoryToolsetStorage } from '../lib/importedToolsets.test-support';
import { createToolsets } from './toolsets';

const toolset = (id: string, description: string): ToolsetBundle => ({
  manifest: { id, name: 'Shared tools', version: '1.0.0', description, categories: [] },
  tools: [],
});
const record = (id: string, description: string): ImportedToolsetRecord => ({
  toolset: toolset(id, description),
  format: 'MCP tools/list result',
  importedAt: 1,
  mocks: {},
});

describe('an imported toolset kept under a new id', () => {
  it('two tabs importing the same name at once keep two toolsets under two ids, in IndexedDB', async () => {
    // Two tabs: two stores over one database, neither told of the other's import (no channel).
    const tabA = createToolsets({ storage: createIndexedDbToolsetStorage(), channelName: null });
    const tabB = createToolsets({ storage: createIndexedDbToolsetStorage(), channelName: null });
    await Promise.all([tabA.loadImported(), tabB.loadImported()]);
    // Each tab alone would pick "shared-tools": its own copy knows no such toolset.
    expect(tabA.freeId('shared-tools')).toBe('shared-tools');
    expect(tabB.freeId('shared-tools')).toBe('shared-tools');
    const [keptA, keptB] = await Promise.all([
      tabA.saveNew(record('shared-tools', 'from tab A')),
      tabB.saveNew(record('shared-tools', 'from tab B')),
    ]);
    expect(new Set([keptA.toolset.manifest.id, keptB.toolset.manifest.id])).toEqual(
      new Set(['shared-tools', 'shared-tools-2']),
    );
    const stored = await createIndexedDbToolsetStorage().loadAll();
    expect(stored.map((kept) => `${kept.toolset.manifest.id}: ${kept.toolset.manifest.description}`).sort()).toEqual(
      [`${keptA.toolset.manifest.id}: from tab A`, `${keptB.toolset.manifest.id}: from tab B`].sort(),
    );
    expect(tabA.find(keptA.toolset.manifest.id)?.record?.toolset.manifest.description).toBe('from tab A');
  });

  it('takes neither a bundled id nor one this tab knows, and slugs the wished one', async () => {
    const storage = createMemoryToolsetStorage([record('weather', 'kept')]);
    const tab = createToolsets({ storage, channelName: null });
    await tab.loadImported();
    expect((await tab.saveNew(record(bundle.manifest.id, 'new'))).toolset.manifest.id).toBe(`${bundle.manifest.id}-2`);
    expect((await tab.saveNew(record('Weather', 'new'))).toolset.manifest.id).toBe('weather-2');
    expect((await tab.saveNew(record('My Tools!', 'new'))).toolset.manifest.id).toBe('my-tools');
    expect((await storage.loadAll()).map((kept) => kept.toolset.manifest.id)).toEqual([
      'weather',
      `${bundle.manifest.id}-2`,
      'weather-2',
      'my-tools',
    ]);
  });
});
