/** Whether the page is this browser's yet; the replay of early input, which the embed never needs, is hydration.ts. */
import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * False while the build renders a page and while the browser takes over that markup, true after (and at once on
 * a page the browser renders itself). What depends on this browser (saved arguments, the workspace, the stored
 * theme) waits for it, so the first render matches the prerendered HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** Its children once the page is this browser's; until then `fallback` (what the prerendered page shows). */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
