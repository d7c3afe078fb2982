/**
 * The app's one door to the toolsets: the bundled ones and those the user imported. Every surface asks here by
 * toolset id and tool name. Entries carry each toolset's manifest and tool names; the tools' summaries (catalogs,
 * search) come from `loadSummaries`, a tool's definition from `loadTool`, a whole toolset's from `loadToolset`:
 * for a bundled toolset each is a module of its own, loaded when a page shows it.
 */
import type { ToolInToolset } from '../../core/toolset/collection';
import { searchTools as rankTools } from '../../core/registry/search';
import { toolSummary, type RiskLevel, type ToolsetBundle, type ToolSummary } from '../../core/toolset/types';
import { bundledManifests, bundledToolNames, createBundledTools } from '../lib/bundledTools';
import {
  createIndexedDbToolsetStorage,
  type ImportedToolsetRecord,
  type ImportedToolsetStorage,
  type MockSpec,
} from '../lib/importedToolsets';
import { settledWith, tracked } from '../lib/preload';
import { checkedWrite } from '../lib/storageFailure';
import type { ToolHit, ToolsetEntry } from '../lib/toolset';

export interface Toolsets {
  /** Every toolset, bundled first; one array per change. */
  entries(): ToolsetEntry[];
  /** The bundled toolsets alone (what a prerendered page lists). */
  readonly bundled: ToolsetEntry[];
  subscribe(listener: () => void): () => void;
  /** Reads the imported toolsets once; later calls share the same promise. A storage failure leaves the bundled ones. */
  loadImported(): Promise<void>;
  save(record: ImportedToolsetRecord): Promise<void>;
  /**
   * Keeps a newly imported toolset under an id no toolset has, chosen from its own (as `freeId` does) in the same
   * storage transaction that writes it: two tabs importing at once get two ids, neither overwriting the other.
   * Gives back the record as kept, with its id.
   * `sameAs`: says whether the record stored under the record's own id (read in that transaction) is this one's earlier
   * self (the same live server, the same shared toolset); if so its tools are refreshed in place, as `refreshTools`
   * does (the stored name and mocks stay), and no other id is taken.
   */
  saveNew(
    record: ImportedToolsetRecord,
    options?: { sameAs?: (stored: ImportedToolsetRecord) => boolean },
  ): Promise<ImportedToolsetRecord>;
  /**
   * A toolset's tools as their source lists them now (a live server's refresh), written into the stored record in one
   * transaction: the stored name (a rename in any tab) and mocks stay. Null, with nothing written, when no such
   * toolset is stored (another tab deleted it): a refresh never brings a deleted toolset back.
   */
  refreshTools(record: ImportedToolsetRecord): Promise<ImportedToolsetRecord | null>;
  rename(id: string, name: string): Promise<void>;
  setMock(toolsetId: string, toolName: string, mock: MockSpec): Promise<void>;
  /** The user's choice of risk for an imported tool (MCP annotations set it at import when present). */
  setToolRisk(toolsetId: string, toolName: string, riskLevel: RiskLevel): Promise<void>;
  remove(id: string): Promise<void>;
  find(id: string): ToolsetEntry | undefined;
  isBundledId(id: string): boolean;
  /** An id no toolset has yet, from a wished-for one ("my-tools", then "my-tools-2", …). */
  freeId(wished: string): string;
  /**
   * A toolset's tools' summaries, for its catalog and search: an imported one's at once, the bundled ones' once their
   * module has arrived (every bundled tool's, 4.5 KB gzip: a tool page does not load it). React's `use` reads a
   * settled one without waiting.
   */
  loadSummaries(toolsetId: string): Promise<ToolSummary[]>;
  /**
   * A tool's definition, with its toolset: an imported one's at once (the whole toolset); a bundled one's when its
   * module has arrived, with the toolset as the tool's page sees it (see `BundledTools.loadTool`). Null when there is no
   * such tool. React's `use` reads a settled one without waiting.
   */
  loadTool(toolsetId: string, name: string): Promise<ToolInToolset | null>;
  /** A whole toolset, every tool's definition: an imported one at once, a bundled one once its tools' modules have arrived. */
  loadToolset(toolsetId: string): Promise<ToolsetBundle | null>;
  /**
   * Whether a bundled tool, once loaded, has neither code nor a mock on this site (a built site's tool that no mock was
   * given): its Execute checks the arguments and says so. An imported tool's mock is its record's (`find`).
   */
  hasNoCode(toolsetId: string, name: string): boolean;
  /** Tools of every toolset (whose summaries are given) matching a query, best first, each with its toolset; ties keep toolset order. */
  searchAll(query: string, summaries: ReadonlyMap<string, ToolSummary[]>, limit?: number): ToolHit[];
  /**
   * A promise made once per key while the toolsets stay as they are (an import, a rename or a deletion starts
   * afresh), marked for React's `use`; one that failed is made again the next time.
   */
  cached<T>(key: string, make: () => Promise<T>): Promise<T>;
}

/** The stored record with the fresh tools: what the person chose (the name, the mocks, when it was first kept) stays. */
function refreshedRecord(stored: ImportedToolsetRecord, fresh: ImportedToolsetRecord): ImportedToolsetRecord {
  return {
    ...fresh,
    toolset: { ...fresh.toolset, manifest: { ...fresh.toolset.manifest, name: stored.toolset.manifest.name } },
    mocks: stored.mocks,
    importedAt: stored.importedAt,
  };
}

/** The wished id made a slug ("My Tools" → "my-tools"), then "-2", "-3", … until `taken` says no. */
function firstFreeId(wished: string, taken: (id: string) => boolean): string {
  const base =
    wished
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'imported';
  if (!taken(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

const toImportedEntry = (record: ImportedToolsetRecord): ToolsetEntry => ({
  toolset: { manifest: record.toolset.manifest, toolNames: record.toolset.tools.map((tool) => tool.name) },
  origin: 'imported',
  record,
});

/** The BroadcastChannel on which tabs say that they changed the imported toolsets. */
const TOOLSETS_CHANNEL = 'tsp-imported-toolsets';

/**
 * `storage`: where imported toolsets are kept (IndexedDB unless told; tests pass a memory one). `channelName`: where
 * tabs tell each other of a change (null: nowhere), so every tab reads the stored toolsets again after another wrote.
 * A rename, a mock or a risk level is applied to the stored record, never to this tab's copy, so it cannot undo
 * another tab's rename or bring back a toolset another tab deleted.
 */
export function createToolsets(
  options: { storage?: ImportedToolsetStorage; channelName?: string | null } = {},
): Toolsets {
  const bundledTools = createBundledTools();
  const bundled: ToolsetEntry[] = bundledManifests().map((manifest) => ({
    toolset: { manifest, toolNames: bundledToolNames(manifest.id) ?? [] },
    origin: 'bundled',
  }));
  let imported: ToolsetEntry[] = [];
  let snapshot: ToolsetEntry[] = bundled;
  let storage: ImportedToolsetStorage | null = options.storage ?? null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  let bundledSummaries: Promise<Record<string, ToolSummary[]>> | null = null;
  const bundledSummariesById = new Map<string, Promise<ToolSummary[]>>();
  const importedSummaries = new WeakMap<ToolsetBundle, Promise<ToolSummary[]>>();
  const importedTools = new WeakMap<ToolsetBundle, Map<string, Promise<ToolInToolset | null>>>();
  let cache = new Map<string, Promise<unknown>>();
  const channelName = options.channelName === undefined ? TOOLSETS_CHANNEL : options.channelName;
  let channel: BroadcastChannel | null = null;
  /** Tells the other tabs; opened with the first load or write, so a prerendered page opens none. */
  const announce = (): void => {
    try {
      channel?.postMessage({ changed: true });
    } catch {
      // A closed channel: the other tabs read the store again on their next load.
    }
  };

  const publish = (): void => {
    snapshot = [...bundled, ...imported];
    cache = new Map();
    for (const listener of listeners) listener();
  };
  const isBundledId = (id: string): boolean => bundled.some((entry) => entry.toolset.manifest.id === id);
  const find = (id: string): ToolsetEntry | undefined => snapshot.find((entry) => entry.toolset.manifest.id === id);
  const importedRecord = (id: string): ImportedToolsetRecord => {
    const record = imported.find((candidate) => candidate.toolset.manifest.id === id)?.record;
    if (!record) throw new Error(`No imported toolset has the id '${id}'`);
    return record;
  };
  const save = async (record: ImportedToolsetRecord): Promise<void> => {
    if (isBundledId(record.toolset.manifest.id))
      throw new Error(`'${record.toolset.manifest.id}' is a bundled toolset's id`);
    storage ??= createIndexedDbToolsetStorage();
    const target = storage;
    listen();
    await checkedWrite(() => target.save(record));
    replace(record);
    announce();
  };
  const saveNew = async (
    record: ImportedToolsetRecord,
    options: { sameAs?: (stored: ImportedToolsetRecord) => boolean } = {},
  ): Promise<ImportedToolsetRecord> => {
    storage ??= createIndexedDbToolsetStorage();
    const target = storage;
    const { sameAs } = options;
    listen();
    const kept = await checkedWrite(() =>
      target.add(
        record,
        (stored) => firstFreeId(record.toolset.manifest.id, (id) => stored.has(id) || isTaken(id)),
        sameAs && !isBundledId(record.toolset.manifest.id)
          ? (stored) => (sameAs(stored) ? refreshedRecord(stored, record) : null)
          : undefined,
      ),
    );
    replace(kept);
    announce();
    return kept;
  };
  /** Taken in this tab: a bundled toolset's id, or an imported one's this tab knows. */
  const isTaken = (id: string): boolean => snapshot.some((entry) => entry.toolset.manifest.id === id);
  const replace = (record: ImportedToolsetRecord): void => {
    const others = imported.filter((entry) => entry.toolset.manifest.id !== record.toolset.manifest.id);
    imported = [...others, toImportedEntry(record)];
    publish();
  };
  const readStored = async (): Promise<void> => {
    try {
      storage ??= createIndexedDbToolsetStorage();
      const records = await storage.loadAll();
      imported = records.filter((record) => !isBundledId(record.toolset.manifest.id)).map(toImportedEntry);
    } catch {
      imported = [];
    }
    publish();
  };
  function listen(): void {
    if (channel || channelName === null || typeof BroadcastChannel !== 'function') return;
    channel = new BroadcastChannel(channelName);
    // Another tab imported, renamed, changed or deleted a toolset: this tab takes the stored ones.
    channel.onmessage = () => void readStored();
  }
  /** Applies a change to the stored record (see ImportedToolsetStorage.update); refused when another tab deleted the toolset. */
  const update = async (
    id: string,
    change: (record: ImportedToolsetRecord) => ImportedToolsetRecord,
  ): Promise<void> => {
    const known = importedRecord(id);
    storage ??= createIndexedDbToolsetStorage();
    const target = storage;
    listen();
    const updated = await checkedWrite(() => target.update(id, change));
    // The page keeps showing this tab's copy, so what was typed on it stays on screen with the message.
    if (!updated)
      throw new Error(`The toolset “${known.toolset.manifest.name}” was deleted in another tab: nothing was saved.`);
    replace(updated);
    announce();
  };

  const refreshTools = async (record: ImportedToolsetRecord): Promise<ImportedToolsetRecord | null> => {
    const id = record.toolset.manifest.id;
    if (isBundledId(id)) throw new Error(`'${id}' is a bundled toolset's id`);
    storage ??= createIndexedDbToolsetStorage();
    const target = storage;
    listen();
    const updated = await checkedWrite(() => target.update(id, (stored) => refreshedRecord(stored, record)));
    if (!updated) {
      imported = imported.filter((entry) => entry.toolset.manifest.id !== id);
      publish();
      return null;
    }
    replace(updated);
    announce();
    return updated;
  };

  return {
    entries: () => snapshot,
    bundled,
    refreshTools,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    loadImported() {
      if (!loading) {
        listen();
        loading = readStored();
      }
      return loading;
    },
    save,
    saveNew,
    async rename(id, name) {
      const trimmed = name.trim();
      if (trimmed === '') throw new Error('A toolset needs a name');
      await update(id, (record) => ({
        ...record,
        toolset: { ...record.toolset, manifest: { ...record.toolset.manifest, name: trimmed } },
      }));
    },
    async setMock(toolsetId, toolName, mock) {
      await update(toolsetId, (record) => ({ ...record, mocks: { ...record.mocks, [toolName]: mock } }));
    },
    async setToolRisk(toolsetId, toolName, riskLevel) {
      await update(toolsetId, (record) => ({
        ...record,
        toolset: {
          ...record.toolset,
          tools: record.toolset.tools.map((tool) => (tool.name === toolName ? { ...tool, riskLevel } : tool)),
        },
      }));
    },
    async remove(id) {
      storage ??= createIndexedDbToolsetStorage();
      const target = storage;
      listen();
      await checkedWrite(() => target.remove(id));
      imported = imported.filter((entry) => entry.toolset.manifest.id !== id);
      publish();
      announce();
    },
    find,
    isBundledId,
    freeId: (wished) => firstFreeId(wished, isTaken),
    loadSummaries(toolsetId) {
      const entry = find(toolsetId);
      if (entry?.origin === 'imported' && entry.record) {
        const toolset = entry.record.toolset;
        let found = importedSummaries.get(toolset);
        if (!found) importedSummaries.set(toolset, (found = settledWith(toolset.tools.map(toolSummary))));
        return found;
      }
      let found = bundledSummariesById.get(toolsetId);
      if (!found) {
        bundledSummaries ??= tracked(
          import('../../generated/page-summaries.json').then(
            (module) => module.default as unknown as Record<string, ToolSummary[]>,
          ),
          () => {
            bundledSummaries = null;
            bundledSummariesById.clear();
          },
        );
        found = tracked(bundledSummaries.then((all) => all[toolsetId] ?? []));
        bundledSummariesById.set(toolsetId, found);
      }
      return found;
    },
    loadTool(toolsetId, name) {
      const entry = find(toolsetId);
      if (entry?.origin !== 'imported' || !entry.record) return bundledTools.loadTool(toolsetId, name);
      const toolset = entry.record.toolset;
      let byName = importedTools.get(toolset);
      if (!byName) importedTools.set(toolset, (byName = new Map()));
      let found = byName.get(name);
      if (!found) {
        const tool = toolset.tools.find((candidate) => candidate.name === name);
        found = settledWith(tool ? { toolset, tool } : null);
        byName.set(name, found);
      }
      return found;
    },
    hasNoCode(toolsetId, name) {
      return find(toolsetId)?.origin === 'bundled' && bundledTools.hasNoCode(toolsetId, name);
    },
    loadToolset(toolsetId) {
      const entry = find(toolsetId);
      if (entry?.origin === 'imported' && entry.record) return settledWith(entry.record.toolset);
      return bundledTools.loadToolset(toolsetId);
    },
    searchAll(query, summaries, limit = Infinity) {
      const hits = snapshot.flatMap((entry, toolsetIndex) =>
        rankTools(summaries.get(entry.toolset.manifest.id) ?? [], query).map((hit, index) => ({
          hit: { toolset: entry.toolset, tool: hit.tool },
          score: hit.score,
          toolsetIndex,
          index,
        })),
      );
      hits.sort(
        (left, right) => right.score - left.score || left.toolsetIndex - right.toolsetIndex || left.index - right.index,
      );
      return hits.slice(0, limit).map((entry) => entry.hit);
    },
    cached<T>(key: string, make: () => Promise<T>): Promise<T> {
      const found = cache.get(key) as Promise<T> | undefined;
      if (found) return found;
      const current = cache;
      const promise = tracked(make(), () => {
        if (current.get(key) === promise) current.delete(key);
      });
      current.set(key, promise);
      return promise;
    },
  };
}
