/** The small part of the Web Storage API this app needs, so tests can pass a memory store. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const ARGUMENTS_PREFIX = 'tsp:arguments:';
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

export function saveArgumentsText(toolName: string, text: string, store: KeyValueStore | null = defaultStore()): void {
  if (!store) return;
  safely(() => store.setItem(ARGUMENTS_PREFIX + toolName, text), undefined);
}

export function clearArgumentsText(toolName: string, store: KeyValueStore | null = defaultStore()): void {
  if (!store) return;
  safely(() => store.removeItem(ARGUMENTS_PREFIX + toolName), undefined);
}

export function loadThemePreference(store: KeyValueStore | null = defaultStore()): ThemePreference {
  const stored = store ? safely(() => store.getItem(THEME_KEY), null) : null;
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function saveThemePreference(preference: ThemePreference, store: KeyValueStore | null = defaultStore()): void {
  if (!store) return;
  safely(() => (preference === 'system' ? store.removeItem(THEME_KEY) : store.setItem(THEME_KEY, preference)), undefined);
}
