/** Saved connections' storage for tests, in memory, with the same contract as IndexedDB's. */
import type { Lockfile } from '../../../core/mcp/pin/lockfile';
import { storable, type ConnectionStorage, type SavedConnection } from './savedConnections';

/** In memory: nothing outlives the test. */
export function createMemoryConnectionStorage(): ConnectionStorage {
  const saved = new Map<string, SavedConnection>();
  const pinned = new Map<string, Lockfile>();
  return {
    loadAll: async () => [...saved.values()].map((value) => structuredClone(value)),
    save: async (connection) => void saved.set(connection.url, structuredClone(storable(connection))),
    remove: async (url) => void saved.delete(url),
    loadPin: async (url) => (pinned.has(url) ? structuredClone(pinned.get(url)) : undefined),
    savePin: async (url, lockfile) => void pinned.set(url, structuredClone(lockfile)),
    removePin: async (url) => void pinned.delete(url),
  };
}
