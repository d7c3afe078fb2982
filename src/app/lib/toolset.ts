/**
 * The app's one door to the toolsets: the bundled ones and those the user imported. Every surface asks here by
 * toolset id and tool name. Entries carry each toolset's manifest and tool names; the tools' summaries (catalogs,
 * search) come from `loadSummaries`, a tool's definition from `loadTool`, a whole toolset's from `loadToolset`:
 * for a bundled toolset each is a module of its own, loaded when a page shows it.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ToolInToolset } from '../../core/toolset/collection';
// The filter and ranking alone, not the whole registry: its provider exports are not needed to draw the catalog.
import { matchesFilter } from '../../core/registry/filter';
import { searchTools as rankTools } from '../../core/registry/search';
import { toolSummary, type CategoryInfo, type RiskLevel, type ToolsetBundle, type ToolsetManifest, type ToolSummary } from '../../core/toolset/types';
import { bundledManifests, bundledToolNames, loadBundledTool, loadBundledToolset } from './bundledTools';
import { createIndexedDbToolsetStorage, type ImportedToolsetRecord, type ImportedToolsetStorage, type MockSpec } from './importedToolsets';
import { settledWith, tracked } from './preload';
export { toolKey } from './storage';

/** A toolset as the header and pickers show it: its manifest and its tools' names, in order. */
export interface ToolsetIndex {
  manifest: ToolsetManifest;
  toolNames: string[];
}

export interface ToolsetEntry {
  toolset: ToolsetIndex;
  origin: 'bundled' | 'imported';
  /** Imported toolsets only: the whole toolset, as stored. */
  record?: ImportedToolsetRecord;
}

export interface ToolHit {
  toolset: ToolsetIndex;
  tool: ToolSummary;
}

const bundledEntries: ToolsetEntry[] = bundledManifests().map((manifest) => ({ toolset: { manifest, toolNames: bundledToolNames(manifest.id) ?? [] }, origin: 'bundled' }));
let importedEntries: ToolsetEntry[] = [];
let snapshot: ToolsetEntry[] = bundledEntries;
let storage: ImportedToolsetStorage | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(): void {
  snapshot = [...bundledEntries, ...importedEntries];
  for (const listener of listeners) listener();
}

/** Uses another storage (tests); the next load reads from it. */
export function useToolsetStorage(next: ImportedToolsetStorage): void {
  storage = next;
  loading = null;
  importedEntries = [];
  publish();
}

/** Reads the imported toolsets once; later calls share the same promise. A storage failure leaves the bundled ones. */
export function loadImportedToolsets(): Promise<void> {
  loading ??= (async () => {
    try {
      storage ??= createIndexedDbToolsetStorage();
      const records = await storage.loadAll();
      importedEntries = records.filter((record) => !isBundledId(record.toolset.manifest.id)).map(toImportedEntry);
    } catch {
      importedEntries = [];
    }
    publish();
  })();
  return loading;
}

const toImportedEntry = (record: ImportedToolsetRecord): ToolsetEntry => ({
  toolset: { manifest: record.toolset.manifest, toolNames: record.toolset.tools.map((tool) => tool.name) },
  origin: 'imported',
  record,
});

export function isBundledId(id: string): boolean {
  return bundledEntries.some((entry) => entry.toolset.manifest.id === id);
}

/** An id no toolset has yet, from a wished-for one ("my-tools", then "my-tools-2", …). */
export function freeToolsetId(wished: string): string {
  const base = wished.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'imported';
  const taken = new Set(snapshot.map((entry) => entry.toolset.manifest.id));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

export async function saveImportedToolset(record: ImportedToolsetRecord): Promise<void> {
  if (isBundledId(record.toolset.manifest.id)) throw new Error(`'${record.toolset.manifest.id}' is a bundled toolset's id`);
  storage ??= createIndexedDbToolsetStorage();
  await storage.save(record);
  const others = importedEntries.filter((entry) => entry.toolset.manifest.id !== record.toolset.manifest.id);
  importedEntries = [...others, toImportedEntry(record)];
  publish();
}

export async function renameImportedToolset(id: string, name: string): Promise<void> {
  const entry = importedEntries.find((candidate) => candidate.toolset.manifest.id === id);
  if (!entry?.record) throw new Error(`No imported toolset has the id '${id}'`);
  const trimmed = name.trim();
  if (trimmed === '') throw new Error('A toolset needs a name');
  const record = { ...entry.record, toolset: { ...entry.record.toolset, manifest: { ...entry.record.toolset.manifest, name: trimmed } } };
  await saveImportedToolset(record);
}

export async function setMock(toolsetId: string, toolName: string, mock: MockSpec): Promise<void> {
  const entry = importedEntries.find((candidate) => candidate.toolset.manifest.id === toolsetId);
  if (!entry?.record) throw new Error(`No imported toolset has the id '${toolsetId}'`);
  await saveImportedToolset({ ...entry.record, mocks: { ...entry.record.mocks, [toolName]: mock } });
}

/** The user's choice of risk for an imported tool (MCP annotations set it at import when present). */
export async function setToolRisk(toolsetId: string, toolName: string, riskLevel: RiskLevel): Promise<void> {
  const entry = importedEntries.find((candidate) => candidate.toolset.manifest.id === toolsetId);
  if (!entry?.record) throw new Error(`No imported toolset has the id '${toolsetId}'`);
  const tools = entry.record.toolset.tools.map((tool) => (tool.name === toolName ? { ...tool, riskLevel } : tool));
  await saveImportedToolset({ ...entry.record, toolset: { ...entry.record.toolset, tools } });
}

export async function deleteImportedToolset(id: string): Promise<void> {
  storage ??= createIndexedDbToolsetStorage();
  await storage.remove(id);
  importedEntries = importedEntries.filter((entry) => entry.toolset.manifest.id !== id);
  publish();
}

export function toolsetEntries(): ToolsetEntry[] {
  return snapshot;
}

/** Every toolset, bundled first; re-renders when one is imported, renamed or deleted. */
export function useToolsets(): ToolsetEntry[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
    // A prerendered page lists the bundled toolsets only; imported ones join once the browser has taken it over.
    () => bundledEntries,
  );
}

export function findToolsetEntry(id: string): ToolsetEntry | undefined {
  return snapshot.find((entry) => entry.toolset.manifest.id === id);
}

let bundledSummaries: Promise<Record<string, ToolSummary[]>> | null = null;
const bundledSummariesById = new Map<string, Promise<ToolSummary[]>>();
const importedSummaries = new WeakMap<ToolsetBundle, Promise<ToolSummary[]>>();

/**
 * A toolset's tools' summaries, for its catalog and search: an imported one's at once, the bundled ones' once their
 * module has arrived (every bundled tool's, 4.5 KB gzip: a tool page does not load it). React's `use` reads a
 * settled one without waiting.
 */
export function loadSummaries(toolsetId: string): Promise<ToolSummary[]> {
  const entry = findToolsetEntry(toolsetId);
  if (entry?.origin === 'imported' && entry.record) {
    const toolset = entry.record.toolset;
    let found = importedSummaries.get(toolset);
    if (!found) importedSummaries.set(toolset, (found = settledWith(toolset.tools.map(toolSummary))));
    return found;
  }
  let found = bundledSummariesById.get(toolsetId);
  if (!found) {
    bundledSummaries ??= tracked(
      import('../../generated/page-summaries.json').then((module) => module.default as unknown as Record<string, ToolSummary[]>),
      () => {
        bundledSummaries = null;
        bundledSummariesById.clear();
      },
    );
    found = tracked(bundledSummaries.then((all) => all[toolsetId] ?? []));
    bundledSummariesById.set(toolsetId, found);
  }
  return found;
}

/** Every toolset's summaries, by id, once `wanted` (search is open): null until they have arrived. */
export function useAllSummaries(wanted: boolean): ReadonlyMap<string, ToolSummary[]> | null {
  const entries = useToolsets();
  const [loaded, setLoaded] = useState<ReadonlyMap<string, ToolSummary[]> | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    void Promise.all(entries.map((entry) => loadSummaries(entry.toolset.manifest.id).then((tools) => [entry.toolset.manifest.id, tools] as const))).then(
      (pairs) => active && setLoaded(new Map(pairs)),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [wanted, entries]);
  return loaded;
}

const importedTools = new WeakMap<ToolsetBundle, Map<string, Promise<ToolInToolset | null>>>();

/**
 * A tool's definition, with its toolset: an imported one's at once (the whole toolset); a bundled one's when its
 * module has arrived, with the toolset as the tool's page sees it (see `loadBundledTool`). Null when there is no
 * such tool. React's `use` reads a settled one without waiting.
 */
export function loadTool(toolsetId: string, name: string): Promise<ToolInToolset | null> {
  const entry = findToolsetEntry(toolsetId);
  if (entry?.origin !== 'imported' || !entry.record) return loadBundledTool(toolsetId, name);
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
}

/** A whole toolset, every tool's definition: an imported one at once, a bundled one once its tools' modules have arrived. */
export function loadToolset(toolsetId: string): Promise<ToolsetBundle | null> {
  const entry = findToolsetEntry(toolsetId);
  if (entry?.origin === 'imported' && entry.record) return settledWith(entry.record.toolset);
  return loadBundledToolset(toolsetId);
}

export function categoryLabel(toolset: Pick<ToolsetBundle, 'manifest'>, categoryId: string): string {
  return toolset.manifest.categories.find((category) => category.id === categoryId)?.name ?? categoryId;
}

/** Tools of every toolset (whose summaries are given) matching a query, best first, each with its toolset; ties keep toolset order. */
export function searchAllTools(query: string, summaries: ReadonlyMap<string, ToolSummary[]>, limit = Infinity): ToolHit[] {
  const hits = snapshot.flatMap((entry, toolsetIndex) =>
    rankTools(summaries.get(entry.toolset.manifest.id) ?? [], query).map((hit, index) => ({ hit: { toolset: entry.toolset, tool: hit.tool }, score: hit.score, toolsetIndex, index })),
  );
  hits.sort((left, right) => right.score - left.score || left.toolsetIndex - right.toolsetIndex || left.index - right.index);
  return hits.slice(0, limit).map((entry) => entry.hit);
}

export interface CatalogFilters {
  query: string;
  category: string;
  risk: RiskLevel | '';
}

/** One toolset's tools matching a query and filters, best first (all tools, in order, for an empty query). */
export function filterTools(tools: readonly ToolSummary[], filters: CatalogFilters): ToolSummary[] {
  const filter = { category: filters.category || undefined, riskLevel: filters.risk || undefined };
  const query = filters.query.trim();
  const matching = query === '' ? [...tools] : rankTools(tools, query).map((hit) => hit.tool);
  return matching.filter((tool) => matchesFilter(tool, filter));
}

/** Groups tools by category in manifest order, keeping only non-empty groups; unknown categories come last. */
export function groupByCategory(toolset: ToolsetIndex, tools: readonly ToolSummary[]): { category: CategoryInfo; tools: ToolSummary[] }[] {
  const categories = toolset.manifest.categories;
  const known = categories.map((category) => ({ category, tools: tools.filter((tool) => tool.category === category.id) }));
  const unknown = [...new Set(tools.map((tool) => tool.category))]
    .filter((id) => !categories.some((category) => category.id === id))
    .map((id) => ({ category: { id, name: id, description: '', tools: [] }, tools: tools.filter((tool) => tool.category === id) }));
  return [...known, ...unknown].filter((group) => group.tools.length > 0);
}
