import { beforeEach, describe, expect, it } from 'vitest';
import { bundle, collection } from '../../core/toolset/bundle';
import { toolSummary, type ToolsetBundle } from '../../core/toolset/types';
import { type ImportedToolsetRecord } from '../lib/importedToolsets';
import { createMemoryToolsetStorage } from '../lib/importedToolsets.test-support';
import { toolKey } from '../lib/storage';
import { createToolsets, type Toolsets } from './toolsets';

const weather: ToolsetBundle = {
  manifest: {
    id: 'weather',
    name: 'Weather tools',
    version: '1.0.0',
    description: 'Imported weather tools',
    categories: [{ id: 'imported', name: 'Imported', description: 'Imported', tools: ['read_file', 'get_weather'] }],
  },
  tools: ['read_file', 'get_weather'].map((name) => ({
    name,
    title: name,
    description: `${name} of the weather toolset`,
    version: '1.0.0',
    category: 'imported',
    riskLevel: 'safe' as const,
    tags: [],
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    examples: [],
    invalidExamples: [],
  })),
};
const record = (toolset: ToolsetBundle): ImportedToolsetRecord => ({
  toolset,
  format: 'MCP tools/list result',
  importedAt: 1,
  mocks: {},
});

describe('the toolset store', () => {
  let toolsets: Toolsets;
  beforeEach(() => {
    toolsets = createToolsets({ storage: createMemoryToolsetStorage([record(weather)]), channelName: null });
  });

  it('lists the bundled toolsets, then the imported ones once loaded', async () => {
    const bundled = collection.toolsets.map((toolset) => toolset.manifest.id);
    expect(bundled).toEqual(['acode-core', 'prfactory-agent-tools']);
    expect(toolsets.entries().map((entry) => entry.toolset.manifest.id)).toEqual(bundled);
    await toolsets.loadImported();
    expect(toolsets.entries().map((entry) => `${entry.origin}:${entry.toolset.manifest.id}`)).toEqual([
      ...bundled.map((id) => `bundled:${id}`),
      'imported:weather',
    ]);
  });

  it('looks tools up by toolset, so equal names stay apart', async () => {
    await toolsets.loadImported();
    expect((await toolsets.loadTool('weather', 'read_file'))?.tool.description).toBe(
      'read_file of the weather toolset',
    );
    expect((await toolsets.loadTool(bundle.manifest.id, 'read_file'))?.tool.description).not.toBe(
      'read_file of the weather toolset',
    );
    expect(toolKey(bundle.manifest.id, 'read_file')).toBe('read_file');
    expect(toolKey('weather', 'read_file')).toBe('weather/read_file');
  });

  it('searches every toolset and says which one each hit is in', async () => {
    await toolsets.loadImported();
    const summaries = new Map(
      await Promise.all(
        toolsets
          .entries()
          .map(
            async (entry) =>
              [entry.toolset.manifest.id, await toolsets.loadSummaries(entry.toolset.manifest.id)] as const,
          ),
      ),
    );
    const hits = toolsets.searchAll('read_file', summaries);
    expect(
      hits
        .slice(0, 2)
        .map((hit) => `${hit.toolset.manifest.id}/${hit.tool.name}`)
        .sort(),
    ).toEqual([`${bundle.manifest.id}/read_file`, 'weather/read_file']);
    expect(toolsets.searchAll('weather', summaries).map((hit) => hit.tool.name)).toContain('get_weather');
  });

  it('renames, stores mocks for and deletes an imported toolset, persisting each change', async () => {
    const storage = createMemoryToolsetStorage([record(weather)]);
    toolsets = createToolsets({ storage, channelName: null });
    await toolsets.loadImported();
    await toolsets.rename('weather', '  Forecasts ');
    await toolsets.setMock('weather', 'get_weather', { kind: 'json', value: { temperature: 21 } });
    const [stored] = await storage.loadAll();
    expect(stored?.toolset.manifest.name).toBe('Forecasts');
    expect(stored?.mocks.get_weather).toEqual({ kind: 'json', value: { temperature: 21 } });
    await expect(toolsets.rename('weather', '  ')).rejects.toThrow(/needs a name/);
    await toolsets.remove('weather');
    expect(await storage.loadAll()).toEqual([]);
    expect(toolsets.entries().map((entry) => entry.origin)).toEqual(collection.toolsets.map(() => 'bundled'));
  });

  it('never lets an import take a bundled id, and finds free ids', async () => {
    await toolsets.loadImported();
    await expect(
      toolsets.save(record({ ...weather, manifest: { ...weather.manifest, id: bundle.manifest.id } })),
    ).rejects.toThrow(/bundled/);
    expect(toolsets.freeId('Weather')).toBe('weather-2');
    expect(toolsets.freeId('My Tools!')).toBe('my-tools');
    expect(toolsets.freeId('***')).toBe('imported');
  });

  it("gives every bundled tool's summary and definition as the bundle has them, with its earlier versions", async () => {
    for (const toolset of collection.toolsets) {
      const entry = toolsets.entries().find((candidate) => candidate.toolset.manifest.id === toolset.manifest.id)!;
      expect(entry.toolset.manifest).toEqual(toolset.manifest);
      expect(entry.toolset.toolNames).toEqual(toolset.tools.map((tool) => tool.name));
      expect(await toolsets.loadSummaries(toolset.manifest.id)).toEqual(toolset.tools.map(toolSummary));
      for (const tool of toolset.tools) {
        const found = await toolsets.loadTool(toolset.manifest.id, tool.name);
        expect(found?.tool).toEqual(tool);
        expect(found?.toolset.history ?? []).toEqual(
          (toolset.history ?? []).filter((earlier) => earlier.name === tool.name),
        );
      }
      const whole = await toolsets.loadToolset(toolset.manifest.id);
      expect(whole?.tools).toEqual(toolset.tools);
      expect(new Set(whole?.history ?? [])).toEqual(new Set(toolset.history ?? []));
    }
    expect(await toolsets.loadTool(bundle.manifest.id, 'no_such_tool')).toBeNull();
    expect(await toolsets.loadToolset('no-such-toolset')).toBeNull();
  });

  it('keeps one promise per tool, read at once by React once settled', async () => {
    const loading = toolsets.loadTool(bundle.manifest.id, 'read_file');
    expect(toolsets.loadTool(bundle.manifest.id, 'read_file')).toBe(loading);
    await loading;
    expect((loading as Promise<unknown> & { status?: string }).status).toBe('fulfilled');
    await toolsets.loadImported();
    expect((toolsets.loadTool('weather', 'get_weather') as Promise<unknown> & { status?: string }).status).toBe(
      'fulfilled',
    );
  });

  it("never undoes another tab's rename or brings back a toolset another tab deleted", async () => {
    const storage = createMemoryToolsetStorage([record(weather)]);
    // Two tabs on one store, deaf to each other: each works from the copy it loaded.
    const tabA = createToolsets({ storage, channelName: null });
    const tabB = createToolsets({ storage, channelName: null });
    await Promise.all([tabA.loadImported(), tabB.loadImported()]);
    await tabA.rename('weather', 'Forecasts');
    await tabB.setMock('weather', 'get_weather', { kind: 'json', value: { temperature: 21 } });
    await tabB.setToolRisk('weather', 'read_file', 'high');
    const [stored] = await storage.loadAll();
    expect(stored?.toolset.manifest.name).toBe('Forecasts');
    expect(stored?.mocks.get_weather).toEqual({ kind: 'json', value: { temperature: 21 } });
    expect(stored?.toolset.tools.find((tool) => tool.name === 'read_file')?.riskLevel).toBe('high');
    expect(tabB.find('weather')?.toolset.manifest.name).toBe('Forecasts');

    await tabA.remove('weather');
    await expect(tabB.setMock('weather', 'read_file', { kind: 'json', value: 1 })).rejects.toThrow(
      /“Forecasts” was deleted in another tab: nothing was saved/,
    );
    await expect(tabB.rename('weather', 'Back again')).rejects.toThrow(/was deleted in another tab/);
    expect(await storage.loadAll()).toEqual([]);
  });

  it("refreshes a toolset's tools into the stored record: another tab's rename and mocks stay, a deleted toolset stays deleted", async () => {
    const storage = createMemoryToolsetStorage([record(weather)]);
    const tabA = createToolsets({ storage, channelName: null });
    const tabB = createToolsets({ storage, channelName: null });
    await Promise.all([tabA.loadImported(), tabB.loadImported()]);
    await tabA.rename('weather', 'Forecasts');
    await tabA.setMock('weather', 'get_weather', { kind: 'json', value: { temperature: 21 } });
    // Tab B still holds "Weather tools"; the server now lists one more tool.
    const fresh = record({ ...weather, tools: [...weather.tools, { ...weather.tools[1]!, name: 'get_forecast' }] });
    const refreshed = await tabB.refreshTools({ ...fresh, importedAt: 99 });
    expect(refreshed?.toolset.manifest.name).toBe('Forecasts');
    const [stored] = await storage.loadAll();
    expect(stored?.toolset.manifest.name).toBe('Forecasts');
    expect(stored?.toolset.tools.map((tool) => tool.name)).toEqual(['read_file', 'get_weather', 'get_forecast']);
    expect(stored?.mocks.get_weather).toEqual({ kind: 'json', value: { temperature: 21 } });
    expect(stored?.importedAt).toBe(1);
    expect(tabB.find('weather')?.toolset.manifest.name).toBe('Forecasts');

    await tabA.remove('weather');
    expect(await tabB.refreshTools(fresh)).toBeNull();
    expect(await storage.loadAll()).toEqual([]);
    expect(tabB.find('weather')).toBeUndefined();
  });

  it('tells the other tabs of a change, and they read the stored toolsets again', async () => {
    const storage = createMemoryToolsetStorage([record(weather)]);
    const channelName = `toolsets-test-${Math.random()}`;
    const tabA = createToolsets({ storage, channelName });
    const tabB = createToolsets({ storage, channelName });
    await Promise.all([tabA.loadImported(), tabB.loadImported()]);
    const heard = () =>
      new Promise<void>((resolve) => {
        const stop = tabB.subscribe(() => {
          stop();
          resolve();
        });
      });
    let next = heard();
    await tabA.rename('weather', 'Forecasts');
    await next;
    expect(tabB.find('weather')?.toolset.manifest.name).toBe('Forecasts');
    next = heard();
    await tabA.remove('weather');
    await next;
    expect(tabB.find('weather')).toBeUndefined();
  });

  it('says why a write was refused and what to do, and keeps the copy it had', async () => {
    const storage = createMemoryToolsetStorage([record(weather)]);
    const full = new DOMException('', 'QuotaExceededError');
    const refusing = { ...storage, save: () => Promise.reject(full), update: () => Promise.reject(full) };
    toolsets = createToolsets({ storage: refusing, channelName: null });
    await toolsets.loadImported();
    await expect(toolsets.save(record({ ...weather, manifest: { ...weather.manifest, id: 'other' } }))).rejects.toThrow(
      /^The browser refused to store it: this site's storage in the browser is full \(QuotaExceededError\)\. Free space/,
    );
    await expect(toolsets.rename('weather', 'Forecasts')).rejects.toThrow(/storage in the browser is full/);
    expect(toolsets.find('weather')?.toolset.manifest.name).toBe('Weather tools');
    expect(toolsets.find('other')).toBeUndefined();
  });
});
