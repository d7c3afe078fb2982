import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useHydrated } from './hydrated';
import { loadThemePreference, saveThemePreference, type ThemePreference } from './storage';
import { notSavedLine } from './storageFailure';

export type ResolvedTheme = 'light' | 'dark';

const darkQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** The page's theme (public/boot.js sets the first one before the page is drawn; this keeps it in step). */
export function applyTheme(theme: ResolvedTheme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

function subscribeSystemTheme(onChange: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Follows the system unless the user picked a theme, and tells every listener (Monaco, shiki) which one is on.
 * The stored choice and the system's are this browser's: a prerendered page was rendered without them, so the
 * first render takes over that markup with the defaults and the next one shows the real values (the page's
 * colours were set before any of this, by public/boot.js).
 */
export function useTheme(): {
  preference: ThemePreference;
  theme: ResolvedTheme;
  cyclePreference: () => void;
  notSaved: string | null;
} {
  const hydrated = useHydrated();
  const [chosen, setPreference] = useState<ThemePreference | null>(null);
  // Refused by the browser, the theme holds until the page is closed; the toggle says why.
  const [notSaved, setNotSaved] = useState<string | null>(null);
  const preference = chosen ?? (hydrated ? loadThemePreference() : 'system');
  const systemDark = useSyncExternalStore(
    subscribeSystemTheme,
    () => darkQuery()?.matches ?? false,
    () => false,
  );

  const theme = resolveTheme(preference, systemDark);
  useEffect(() => {
    if (!hydrated) return;
    applyTheme(theme);
    window.dispatchEvent(new CustomEvent<ResolvedTheme>('themechange', { detail: theme }));
  }, [theme, hydrated]);

  const cyclePreference = useCallback(() => {
    const from = chosen ?? loadThemePreference();
    const next: ThemePreference = from === 'system' ? 'light' : from === 'light' ? 'dark' : 'system';
    setNotSaved(notSavedLine('This theme was', saveThemePreference(next)));
    setPreference(next);
  }, [chosen]);

  return { preference, theme, cyclePreference, notSaved };
}

/** The theme currently applied to the page, updated when it changes. */
export function useResolvedTheme(): ResolvedTheme {
  const read = (): ResolvedTheme => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
  const [theme, setTheme] = useState<ResolvedTheme>(read);
  useEffect(() => {
    const update = () => setTheme(read());
    window.addEventListener('themechange', update);
    return () => window.removeEventListener('themechange', update);
  }, []);
  return theme;
}
