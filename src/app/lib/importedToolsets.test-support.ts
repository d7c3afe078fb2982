/** Imported toolsets' storage for tests, in memory, with the same contract as IndexedDB's. */
import { withId, type ImportedToolsetRecord, type ImportedToolsetStorage } from './importedToolsets';

/** In memory: nothing outlives the test. */
export function createMemoryToolsetStorage(initial: ImportedToolsetRecord[] = []): ImportedToolsetStorage {
  const records = new Map(initial.map((record) => [record.toolset.manifest.id, structuredClone(record)]));
  return {
    loadAll: async () =>
      [...records.values()]
        .map((record) => structuredClone(record))
        .sort((left, right) => left.importedAt - right.importedAt),
    save: async (record) => void records.set(record.toolset.manifest.id, structuredClone(record)),
    update: async (id, change) => {
      const stored = records.get(id);
      if (!stored) return null;
      const next = change(structuredClone(stored));
      records.set(id, structuredClone(next));
      return structuredClone(next);
    },
    remove: async (id) => void records.delete(id),
    add: async (record, choose, reuse) => {
      const stored = records.get(record.toolset.manifest.id);
      const reused = stored ? reuse?.(structuredClone(stored)) : null;
      if (reused) {
        const kept = withId(reused, record.toolset.manifest.id);
        records.set(kept.toolset.manifest.id, structuredClone(kept));
        return structuredClone(kept);
      }
      const next = withId(record, choose(new Set(records.keys())));
      records.set(next.toolset.manifest.id, structuredClone(next));
      return structuredClone(next);
    },
  };
}
