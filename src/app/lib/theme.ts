import { useCallback, useEffect, useState } from 'react';
import { loadThemePreference, saveThemePreference, type ThemePreference } from './storage';

export type ResolvedTheme = 'light' | 'dark';

const darkQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null);

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** Applied before the first render so the page never flashes the wrong theme. */
export function applyTheme(theme: ResolvedTheme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function initialTheme(): ResolvedTheme {
  return resolveTheme(loadThemePreference(), darkQuery()?.matches ?? false);
}

/** Follows the system unless the user picked a theme, and tells every listener (Monaco, shiki) which one is on. */
export function useTheme(): { preference: ThemePreference; theme: ResolvedTheme; cyclePreference: () => void } {
  const [preference, setPreference] = useState<ThemePreference>(() => loadThemePreference());
  const [systemDark, setSystemDark] = useState<boolean>(() => darkQuery()?.matches ?? false);

  useEffect(() => {
    const query = darkQuery();
    if (!query) return;
    const update = () => setSystemDark(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const theme = resolveTheme(preference, systemDark);
  useEffect(() => {
    applyTheme(theme);
    window.dispatchEvent(new CustomEvent<ResolvedTheme>('themechange', { detail: theme }));
  }, [theme]);

  const cyclePreference = useCallback(() => {
    setPreference((current) => {
      const next: ThemePreference = current === 'system' ? 'light' : current === 'light' ? 'dark' : 'system';
      saveThemePreference(next);
      return next;
    });
  }, []);

  return { preference, theme, cyclePreference };
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
