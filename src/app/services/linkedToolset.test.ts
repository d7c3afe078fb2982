import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { ToolsetBundle } from '../../core/toolset/types';
import { createIndexedDbToolsetStorage } from '../lib/importedToolsets';
import { keepLinkedToolset } from './linkedToolset';
import { oneToolToolset, openTab as tab, storedRecords } from './toolsetTabs.test-support';

const toolset = (id: string, tool: string): ToolsetBundle =>
  oneToolToolset({ id, name: 'Linked tools', description: `Holds ${tool}.` }, tool, `Reads ${tool}.`);
const storedIds = async () =>
  (await storedRecords()).map(
    (record) => `${record.toolset.manifest.id}: ${record.toolset.tools.map((tool) => tool.name).join()}`,
  );
const clear = async () => {
  const storage = createIndexedDbToolsetStorage();
  for (const record of await storage.loadAll()) await storage.remove(record.toolset.manifest.id);
};

describe('a toolset a link carries', () => {
  it('never overwrites a toolset another tab saved under its id since this tab read them: it gets a fresh id', async () => {
    await clear();
    const tabB = await tab();
    const tabA = await tab();
    await tabA.saveNew({ toolset: toolset('linked', 'from_a'), format: 'x', importedAt: 1, mocks: {} });
    // Tab B has not heard of tab A's toolset when the link opens.
    expect(tabB.find('linked')).toBeUndefined();
    const kept = await keepLinkedToolset(tabB, 'linked', { toolset: toolset('linked', 'from_link'), mocks: {} });
    expect(kept).toEqual({ id: 'linked-2', outcome: 'beside' });
    expect(await storedIds()).toEqual(['linked: from_a', 'linked-2: from_link']);
    expect(tabB.find('linked-2')?.record?.toolset.tools[0]?.name).toBe('from_link');
  });

  it('two tabs opening two links of one id at once keep both', async () => {
    await clear();
    const [tabA, tabB] = await Promise.all([tab(), tab()]);
    const kept = await Promise.all([
      keepLinkedToolset(tabA, 'linked', { toolset: toolset('linked', 'from_a'), mocks: {} }),
      keepLinkedToolset(tabB, 'linked', { toolset: toolset('linked', 'from_b'), mocks: {} }),
    ]);
    expect(kept.map((one) => one.outcome).sort()).toEqual(['beside', 'kept']);
    expect((await storedIds()).sort()).toEqual([`${kept[0].id}: from_a`, `${kept[1].id}: from_b`].sort());
    expect(new Set(kept.map((one) => one.id))).toEqual(new Set(['linked', 'linked-2']));
  });

  it('joins the same toolset another tab kept from the link, keeping its mocks, and writes nothing when this tab has it', async () => {
    await clear();
    const tabB = await tab();
    const tabA = await tab();
    const mock = { kind: 'json' as const, value: 21 };
    expect(await keepLinkedToolset(tabA, 'linked', { toolset: toolset('linked', 'same'), mocks: {} })).toEqual({
      id: 'linked',
      outcome: 'kept',
    });
    await tabA.setMock('linked', 'same', mock);
    expect(await keepLinkedToolset(tabB, 'linked', { toolset: toolset('linked', 'same'), mocks: {} })).toEqual({
      id: 'linked',
      outcome: 'kept',
    });
    const stored = await storedRecords();
    expect(stored.map((record) => [record.toolset.manifest.id, record.mocks])).toEqual([['linked', { same: mock }]]);
    expect(await keepLinkedToolset(tabB, 'linked', { toolset: toolset('linked', 'same'), mocks: {} })).toEqual({
      id: 'linked',
      outcome: 'known',
    });
  });

  it('takes a fresh id beside a bundled toolset of the same id', async () => {
    await clear();
    const tabA = await tab();
    const bundledId = tabA.bundled[0]!.toolset.manifest.id;
    const kept = await keepLinkedToolset(tabA, bundledId, { toolset: toolset(bundledId, 'mine'), mocks: {} });
    expect(kept).toEqual({ id: `${bundledId}-2`, outcome: 'beside' });
  });
});
