/**
 * The app's one door to the toolsets: the bundled ones and those the user imported. Every surface asks
 * here by toolset id and tool name, and renders whatever definition it gets back.
 */
import { useSyncExternalStore } from 'react';
import { collection } from '../../core/toolset/bundle';
import { DEFAULT_TOOLSET_ID } from '../../core/toolset/collection';
// The filter and ranking alone, not the whole registry: its provider exports are not needed to draw the catalog.
import { matchesFilter } from '../../core/registry/registry';
import { searchTools as rankTools } from '../../core/registry/search';
import type { CategoryInfo, RiskLevel, ToolDefinition, ToolsetBundle } from '../../core/toolset/types';
import { createIndexedDbToolsetStorage, type ImportedToolsetRecord, type ImportedToolsetStorage, type MockSpec } from './importedToolsets';

export interface ToolsetEntry {
  toolset: ToolsetBundle;
  origin: 'bundled' | 'imported';
  /** Imported toolsets only. */
  record?: ImportedToolsetRecord;
}

export interface ToolHit {
  toolset: ToolsetBundle;
  tool: ToolDefinition;
}

const bundledEntries: ToolsetEntry[] = collection.toolsets.map((toolset) => ({ toolset, origin: 'bundled' }));
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

const toImportedEntry = (record: ImportedToolsetRecord): ToolsetEntry => ({ toolset: record.toolset, origin: 'imported', record });

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

export function findTool(toolsetId: string, name: string): ToolDefinition | undefined {
  return findToolsetEntry(toolsetId)?.toolset.tools.find((tool) => tool.name === name);
}

/** The key a tool's saved arguments and history go under: the bare name for the default toolset, as before. */
export function toolKey(toolsetId: string, name: string): string {
  return toolsetId === DEFAULT_TOOLSET_ID ? name : `${toolsetId}/${name}`;
}

export function categoryLabel(toolset: ToolsetBundle, categoryId: string): string {
  return toolset.manifest.categories.find((category) => category.id === categoryId)?.name ?? categoryId;
}

/** Tools of every toolset matching a query, best first, each with its toolset; ties keep toolset order. */
export function searchAllTools(query: string, limit = Infinity): ToolHit[] {
  const hits = snapshot.flatMap((entry, toolsetIndex) =>
    rankTools(entry.toolset.tools, query).map((hit, index) => ({ hit: { toolset: entry.toolset, tool: hit.tool }, score: hit.score, toolsetIndex, index })),
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
export function filterTools(toolset: ToolsetBundle, filters: CatalogFilters): ToolDefinition[] {
  const filter = { category: filters.category || undefined, riskLevel: filters.risk || undefined };
  const query = filters.query.trim();
  const matching = query === '' ? toolset.tools : rankTools(toolset.tools, query).map((hit) => hit.tool);
  return matching.filter((tool) => matchesFilter(tool, filter));
}

/** Groups tools by category in manifest order, keeping only non-empty groups; unknown categories come last. */
export function groupByCategory(toolset: ToolsetBundle, tools: readonly ToolDefinition[]): { category: CategoryInfo; tools: ToolDefinition[] }[] {
  const categories = toolset.manifest.categories;
  const known = categories.map((category) => ({ category, tools: tools.filter((tool) => tool.category === category.id) }));
  const unknown = [...new Set(tools.map((tool) => tool.category))]
    .filter((id) => !categories.some((category) => category.id === id))
    .map((id) => ({ category: { id, name: id, description: '', tools: [] }, tools: tools.filter((tool) => tool.category === id) }));
  return [...known, ...unknown].filter((group) => group.tools.length > 0);
}
