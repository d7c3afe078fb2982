/**
 * What one page load goes through, as a value: the editor it may wait for, when its code blocks highlight, what its
 * scroller holds in view, the route when the address cannot say, and the fields of the markup it takes over. Made by
 * each entry point (main.tsx, embed.tsx, ssr.tsx) and handed down through PageContext, as the validator is through
 * ValidatorContext; no module keeps any of it.
 */
import { createContext, useContext } from 'react';
import { createEditorGate, type EditorGate } from './editorSettled';
import { createHighlighting, type Highlighting } from './highlight';
import { createTakeover, type Takeover } from './hydration';
import { createScroller, type Scroller } from './motion';
import { createNearPlaces, type NearPlaces } from './nearPlaces';
import { createRouteSource, type RouteSource } from './routeSource';
import type { Route } from './router';

export interface Page {
  /** Work put off until the page's editor is drawn. */
  editor: EditorGate;
  highlighting: Highlighting;
  scroller: Scroller;
  /** The route when the address cannot say (the build's page, the page taken over). */
  route: RouteSource;
  /** The prerendered fields, noted as the app takes the page over, and what was typed in them before. */
  takeover: Takeover;
  /** The parts whose code loads as their place comes near the screen (HydrateNear). */
  near: NearPlaces;
  /**
   * What `make` makes, made once for this page when first asked for and kept for its life: a worker's client, a
   * store. `make` is a module's own function (`createGrading`), so every asker names the same one; two pages (an embed
   * beside the site, a test after another) share nothing. `make` is given the page, to ask for the parts it builds on.
   */
  part<T>(make: (page: Page) => T): T;
}

/** `route`: the page the build renders (no window to read an address from). */
export function createPage(route: Route | null = null): Page {
  const parts = new Map<(page: Page) => unknown, unknown>();
  const page: Page = {
    part<T>(make: (page: Page) => T): T {
      if (!parts.has(make)) parts.set(make, make(page));
      return parts.get(make) as T;
    },
    editor: createEditorGate(),
    highlighting: createHighlighting(),
    scroller: createScroller(),
    route: createRouteSource(route),
    takeover: createTakeover(),
    near: createNearPlaces(),
  };
  return page;
}

export const PageContext = createContext<Page | null>(null);

export function usePage(): Page {
  const page = useContext(PageContext);
  if (page === null)
    throw new Error(
      'usePage: no page was provided; wrap the tree in <PageContext value={createPage()}> at the entry point.',
    );
  return page;
}
