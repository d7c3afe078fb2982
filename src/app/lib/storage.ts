import { DEFAULT_TOOLSET_ID } from '../../core/toolset/collection';
import { tryWrite, type WriteResult } from './storageFailure';

/** The small part of the Web Storage API this app needs, so tests can pass a memory store. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The key a tool's saved arguments and history go under: the bare name for the default toolset, as before. */
export function toolKey(toolsetId: string, name: string): string {
  return toolsetId === DEFAULT_TOOLSET_ID ? name : `${toolsetId}/${name}`;
}

const ARGUMENTS_PREFIX = 'tsp:arguments:';
const REPLACED_PREFIX = 'tsp:arguments-replaced:';
const THEME_KEY = 'tsp:theme';

export type ThemePreference = 'system' | 'light' | 'dark';

function defaultStore(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames): the app still works, without persistence.
    return null;
  }
}

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

/** The editor text is what persists, so nothing the user typed is lost, even malformed JSON. */
export function loadArgumentsText(toolName: string, store: KeyValueStore | null = defaultStore()): string | null {
  if (!store) return null;
  return safely(() => store.getItem(ARGUMENTS_PREFIX + toolName), null);
}

/** False when storage refused the text (over its quota): the caller keeps it elsewhere (see largeArguments). */
export function saveArgumentsText(
  toolName: string,
  text: string,
  store: KeyValueStore | null = defaultStore(),
): boolean {
  if (!store) return false;
  const saved = safely(() => {
    store.setItem(ARGUMENTS_PREFIX + toolName, text);
    return true;
  }, false);
  // An older, smaller text must not come back on reload in place of one that did not fit.
  if (!saved) safely(() => store.removeItem(ARGUMENTS_PREFIX + toolName), undefined);
  return saved;
}

export function clearArgumentsText(toolName: string, store: KeyValueStore | null = defaultStore()): void {
  if (!store) return;
  safely(() => store.removeItem(ARGUMENTS_PREFIX + toolName), undefined);
}

/** A tool's own arguments that a shared link replaced, and the text that link brought. */
export interface ReplacedArguments {
  previous: string;
  shared: string;
}

/** Kept apart from the arguments until the user restores or dismisses them, so a reload cannot lose them. */
export function loadReplacedArguments(
  toolName: string,
  store: KeyValueStore | null = defaultStore(),
): ReplacedArguments | null {
  if (!store) return null;
  const raw = safely(() => store.getItem(REPLACED_PREFIX + toolName), null);
  if (raw === null) return null;
  const parsed = safely((): unknown => JSON.parse(raw), null);
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { previous, shared } = parsed as Record<string, unknown>;
  return typeof previous === 'string' && typeof shared === 'string' ? { previous, shared } : null;
}

/** Refused, the answer says why: the arguments the link replaced are then kept by this page only. */
export function saveReplacedArguments(
  toolName: string,
  replaced: ReplacedArguments | null,
  store: KeyValueStore | null = defaultStore(),
): WriteResult {
  if (!store) return { ok: true };
  const key = REPLACED_PREFIX + toolName;
  return tryWrite(() => (replaced ? store.setItem(key, JSON.stringify(replaced)) : store.removeItem(key)));
}

export function loadThemePreference(store: KeyValueStore | null = defaultStore()): ThemePreference {
  const stored = store ? safely(() => store.getItem(THEME_KEY), null) : null;
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** Refused, the answer says why: the theme then holds until the page is closed. */
export function saveThemePreference(
  preference: ThemePreference,
  store: KeyValueStore | null = defaultStore(),
): WriteResult {
  if (!store) return { ok: true };
  return tryWrite(() => (preference === 'system' ? store.removeItem(THEME_KEY) : store.setItem(THEME_KEY, preference)));
}
