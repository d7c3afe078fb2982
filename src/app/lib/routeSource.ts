import type { Route } from './router';

/**
 * Where a page load's route comes from when the address cannot say: the build renders one page with no window to
 * read (`server`), and a browser taking over the build's markup renders that page first (`prerendered`), even when a
 * link was followed meanwhile, so the markup matches. One per page load, held by the Page value.
 */
export interface RouteSource {
  readonly server: Route | null;
  prerendered: Route | null;
}

export function createRouteSource(server: Route | null = null): RouteSource {
  return { server, prerendered: null };
}
