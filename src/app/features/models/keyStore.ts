/**
 * API keys: in this tab's memory, per provider, unless the user asks to remember one on this device;
 * then IndexedDB (its own database), never localStorage, a link, an export, history or the console.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { ProviderId } from '../../../core/model/spec';

const memory = new Map<ProviderId, string>();
let store: UseStore | null = null;
const keyStore = (): UseStore => (store ??= createStore('tool-schema-playground-model-keys', 'keys'));

export const keyInMemory = (provider: ProviderId): string => memory.get(provider) ?? '';

export function setKeyInMemory(provider: ProviderId, key: string): void {
  if (key === '') memory.delete(provider);
  else memory.set(provider, key);
}

/** The remembered key, if any (loaded into memory). */
export async function loadRememberedKey(provider: ProviderId): Promise<string | null> {
  try {
    const value = await get<string>(provider, keyStore());
    if (typeof value !== 'string' || value === '') return null;
    memory.set(provider, value);
    return value;
  } catch {
    return null;
  }
}

export async function rememberKey(provider: ProviderId, key: string): Promise<void> {
  await set(provider, key, keyStore());
}

export async function forgetKey(provider: ProviderId): Promise<void> {
  memory.delete(provider);
  await del(provider, keyStore());
}
