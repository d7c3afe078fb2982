/**
 * Argument texts too large for localStorage (its quota is about five million characters per site) are kept in
 * IndexedDB instead, so a pasted 5 MB file survives a reload like any other text. A mark in localStorage says
 * that the tool's text is there, so the page knows to wait for it rather than open the example. The marks are read
 * with plain functions; the texts through the page's LargeTexts (`page.part(createLargeTexts)`), which holds the
 * connection to the database, opened on first use.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { KeyValueStore } from './storage';
import { FREE_SPACE, storageRefusal } from './storageFailure';

const MARK_PREFIX = 'tsp:arguments-large:';

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

const characters = (length: number) => `${length.toLocaleString('en-US')} ${length === 1 ? 'character' : 'characters'}`;

/** What the page says while a text the browser refused is on screen. */
function notSavedMessage(length: number, error: unknown): string {
  return `Not saved: the browser refused to store these arguments (${characters(length)}): ${storageRefusal(error).reason}. They stay in the editor while this page is open: copy them somewhere safe, or ${FREE_SPACE} and edit them to save again.`;
}

/**
 * The length of a text marked as kept in IndexedDB that is not there (the browser refused it, or its data was
 * cleared): null when there is no such mark.
 */
export function markedLength(toolName: string, store: KeyValueStore | null = defaultStore()): number | null {
  try {
    const mark = store?.getItem(MARK_PREFIX + toolName);
    if (mark === null || mark === undefined) return null;
    const length = Number(mark);
    return Number.isSafeInteger(length) && length >= 0 ? length : 0;
  } catch {
    return null;
  }
}

/** What the page says after a reload when the text marked as kept is gone: the example shows, and why. */
export function lostTextMessage(length: number): string {
  return `Your last arguments here (${characters(length)}) were not kept: the browser refused to store them, or its data for this site was cleared. The example is shown instead.`;
}

/** The page's argument texts kept in IndexedDB. */
export interface LargeTexts {
  load(toolName: string): Promise<string | null>;
  /**
   * Keeps a text in IndexedDB and marks it. When the browser refuses, the message to show (the text then lives only
   * in the page); the mark, when it could be written, stays, so a reload can say that the text was not kept.
   */
  save(toolName: string, text: string, store?: KeyValueStore | null): Promise<string | null>;
  /** A text that fits localStorage again: the IndexedDB copy and its mark go. */
  forget(toolName: string, store?: KeyValueStore | null): void;
}

export function createLargeTexts(): LargeTexts {
  /** The connection to the origin's one database of large texts, opened on first use. */
  let database: UseStore | undefined;
  const texts = () => (database ??= createStore('tsp-arguments', 'texts'));
  return {
    async load(toolName) {
      try {
        const text = await get<string>(toolName, texts());
        return typeof text === 'string' ? text : null;
      } catch {
        return null;
      }
    },
    async save(toolName, text, store = defaultStore()) {
      try {
        // Marked first: a smaller text saved while this write is under way then finds the mark and deletes the copy after it.
        store?.setItem(MARK_PREFIX + toolName, String(text.length));
        await set(toolName, text, texts());
        return null;
      } catch (error) {
        // An older copy must not come back on reload in place of the text that was refused.
        await del(toolName, texts()).catch(() => undefined);
        return notSavedMessage(text.length, error);
      }
    },
    forget(toolName, store = defaultStore()) {
      if (!hasLargeArgumentsText(toolName, store)) return;
      try {
        store?.removeItem(MARK_PREFIX + toolName);
      } catch {
        // Nothing to do: the mark stays and the next load prefers the IndexedDB copy only while it exists.
      }
      void del(toolName, texts()).catch(() => undefined);
    },
  };
}
