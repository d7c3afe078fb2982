/**
 * Imported toolsets, kept in IndexedDB (through idb-keyval) so they survive a reload. Each record is
 * the converted toolset plus what the import said about it; the mock results the user wrote for its
 * tools live here too, since imported tools have no handler.
 */
import { createStore, del, entries, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { ToolIcon } from '../../core/mcp/icons';
import type { MockSpec } from '../../core/runtime/mock';
import type { ToolsetBundle } from '../../core/toolset/types';

export type { MockSpec };

export interface ImportedToolsetRecord {
  toolset: ToolsetBundle;
  /** The format the import recognised ("MCP tools/list result", …). */
  format: string;
  /** Epoch milliseconds. */
  importedAt: number;
  /** By tool name. */
  mocks: Record<string, MockSpec>;
  /** Set for a live MCP server's tools (the connect feature): calls go to the server, the tools refresh from it. */
  live?: LiveSource;
}

export interface LiveSource {
  /** The server's URL, the key of its saved connection. */
  url: string;
  serverName: string;
  serverVersion: string;
  /** Tools the server shows to its apps only (MCP Apps `_meta.ui.visibility`): never offered to a model. */
  appOnly?: string[];
  /** Each tool's icons that the icon rule allows (core/mcp/icons.ts), by tool name; tools with none are absent. */
  icons?: Record<string, ToolIcon[]>;
}

export interface ImportedToolsetStorage {
  loadAll(): Promise<ImportedToolsetRecord[]>;
  save(record: ImportedToolsetRecord): Promise<void>;
  /**
   * Reads the stored record and writes `change(record)` in one step (one IndexedDB transaction), so a change made
   * from a stale copy (another tab renamed or deleted the toolset since) applies to what is stored and undoes
   * nothing. Null, with nothing written, when no such record is stored.
   */
  update(
    id: string,
    change: (record: ImportedToolsetRecord) => ImportedToolsetRecord,
  ): Promise<ImportedToolsetRecord | null>;
  remove(id: string): Promise<void>;
  /**
   * Keeps a new record under the id `choose` picks from the ids stored at that moment, read and written in one step
   * (one IndexedDB read-write transaction, which the browser runs one at a time across tabs), so two tabs adding at
   * once cannot pick the same id. Gives back the record as stored.
   * `reuse`, in the same step: given the record stored under the record's own id, if any; when it gives back a record,
   * that one is written there (the stored record was this one's earlier self) and no other id is chosen.
   */
  add(
    record: ImportedToolsetRecord,
    choose: (stored: ReadonlySet<string>) => string,
    reuse?: (stored: ImportedToolsetRecord) => ImportedToolsetRecord | null,
  ): Promise<ImportedToolsetRecord>;
}

export const withId = (record: ImportedToolsetRecord, id: string): ImportedToolsetRecord =>
  record.toolset.manifest.id === id
    ? record
    : { ...record, toolset: { ...record.toolset, manifest: { ...record.toolset.manifest, id } } };

const isRecord = (value: unknown): value is ImportedToolsetRecord => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<ImportedToolsetRecord>;
  return (
    typeof record.toolset === 'object' &&
    record.toolset !== null &&
    typeof record.toolset.manifest?.id === 'string' &&
    Array.isArray(record.toolset.tools) &&
    typeof record.format === 'string' &&
    typeof record.importedAt === 'number' &&
    typeof record.mocks === 'object' &&
    record.mocks !== null
  );
};

export function createIndexedDbToolsetStorage(): ImportedToolsetStorage {
  let store: UseStore | null = null;
  const open = (): UseStore => (store ??= createStore('tsp-imported-toolsets', 'toolsets'));
  return {
    async loadAll() {
      const all = await entries(open());
      return all
        .map(([, value]) => value)
        .filter(isRecord)
        .sort((left, right) => left.importedAt - right.importedAt);
    },
    save: (record) => set(record.toolset.manifest.id, record, open()),
    update: (id, change) =>
      open()('readwrite', async (store) => {
        const stored: unknown = await promisifyRequest(store.get(id));
        if (!isRecord(stored)) return null;
        const next = change(stored);
        store.put(next, id);
        await promisifyRequest(store.transaction);
        return next;
      }),
    remove: (id) => del(id, open()),
    add: (record, choose, reuse) =>
      open()('readwrite', async (store) => {
        const wished = record.toolset.manifest.id;
        const stored: unknown = reuse ? await promisifyRequest(store.get(wished)) : undefined;
        const reused = isRecord(stored) ? reuse?.(stored) : null;
        if (reused) {
          const kept = withId(reused, wished);
          store.put(kept, wished);
          await promisifyRequest(store.transaction);
          return kept;
        }
        const keys = await promisifyRequest(store.getAllKeys());
        const next = withId(record, choose(new Set(keys.map(String))));
        store.put(next, next.toolset.manifest.id);
        await promisifyRequest(store.transaction);
        return next;
      }),
  };
}
