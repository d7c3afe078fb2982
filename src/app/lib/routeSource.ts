import type { Route } from './router';

/**
 * Where a page load's route comes from when the address cannot say: the build renders one page with no window to
 * read (`server`), and a browser taking over the build's markup renders that page first (`prerendered`), even when a
 * link was followed meanwhile, so the markup matches; and the page still shown while a change of page waits for what
 * holds leaving (`held`, leaveHolds.ts). One per page load, held by the Page value.
 */
export interface RouteSource {
  readonly server: Route | null;
  prerendered: Route | null;
  held: Route | null;
  /** What must settle before the page shows another page (leaveHolds.ts). */
  readonly holds: Set<() => Promise<unknown>>;
  /** Run on every change of address before the route is read (leaveHolds.ts). */
  beforeChange: (() => void) | null;
}

export function createRouteSource(server: Route | null = null): RouteSource {
  return { server, prerendered: null, held: null, holds: new Set(), beforeChange: null };
}
