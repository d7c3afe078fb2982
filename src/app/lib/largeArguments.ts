/**
 * Argument texts too large for localStorage (its quota is about five million characters per site) are kept in
 * IndexedDB instead, so a pasted 5 MB file survives a reload like any other text. A mark in localStorage says
 * that the tool's text is there, so the page knows to wait for it rather than open the example.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { KeyValueStore } from './storage';

const MARK_PREFIX = 'tsp:arguments-large:';

let database: UseStore | undefined;
const texts = () => (database ??= createStore('tsp-arguments', 'texts'));

function defaultStore(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function hasLargeArgumentsText(toolName: string, store: KeyValueStore | null = defaultStore()): boolean {
  if (!store) return false;
  try {
    return store.getItem(MARK_PREFIX + toolName) !== null;
  } catch {
    return false;
  }
}

export async function loadLargeArgumentsText(toolName: string): Promise<string | null> {
  try {
    const text = await get<string>(toolName, texts());
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

/** Keeps a text in IndexedDB and marks it; false when that failed too (the text then lives only in the page). */
export async function saveLargeArgumentsText(toolName: string, text: string, store: KeyValueStore | null = defaultStore()): Promise<boolean> {
  try {
    // Marked first: a smaller text saved while this write is under way then finds the mark and deletes the copy after it.
    store?.setItem(MARK_PREFIX + toolName, String(text.length));
    await set(toolName, text, texts());
    return true;
  } catch {
    return false;
  }
}

/** A text that fits localStorage again: the IndexedDB copy and its mark go. */
export function forgetLargeArgumentsText(toolName: string, store: KeyValueStore | null = defaultStore()): void {
  if (!hasLargeArgumentsText(toolName, store)) return;
  try {
    store?.removeItem(MARK_PREFIX + toolName);
  } catch {
    // Nothing to do: the mark stays and the next load prefers the IndexedDB copy only while it exists.
  }
  void del(toolName, texts()).catch(() => undefined);
}
