/**
 * API keys: in this tab's memory, per provider, unless the user asks to remember one on this device;
 * then IndexedDB (its own database), never localStorage, a link, an export, history or the console.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { ProviderId } from '../../core/model/spec';
import { tryWriteAsync, type WriteResult } from '../lib/storageFailure';

export interface KeyStore {
  /** The key this tab holds for the provider ('' when none). */
  inMemory(provider: ProviderId): string;
  setInMemory(provider: ProviderId, key: string): void;
  /** The remembered key, if any (loaded into memory). */
  loadRemembered(provider: ProviderId): Promise<string | null>;
  /** Never rejects: a refusal answers why, and the key stays in this tab's memory. */
  remember(provider: ProviderId, key: string): Promise<WriteResult>;
  forget(provider: ProviderId): Promise<void>;
}

/** The page's keys: one store, made by the entry point, shared by the Models page, the tool page's panel and Evals. */
export function createKeyStore(): KeyStore {
  const memory = new Map<ProviderId, string>();
  let database: UseStore | null = null;
  const keys = (): UseStore => (database ??= createStore('tool-schema-playground-model-keys', 'keys'));
  return {
    inMemory: (provider) => memory.get(provider) ?? '',
    setInMemory(provider, key) {
      if (key === '') memory.delete(provider);
      else memory.set(provider, key);
    },
    async loadRemembered(provider) {
      try {
        const value = await get<string>(provider, keys());
        if (typeof value !== 'string' || value === '') return null;
        memory.set(provider, value);
        return value;
      } catch {
        return null;
      }
    },
    remember: (provider, key) => tryWriteAsync(() => set(provider, key, keys())),
    async forget(provider) {
      memory.delete(provider);
      await del(provider, keys());
    },
  };
}
