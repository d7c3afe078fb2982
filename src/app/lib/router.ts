import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { homeToolsetId } from '../../core/toolset/collection';
import { catalogHref, checkCallsHref, importHrefFor, SITE_BASE, toolHref } from './hrefs';
import { PageContext } from './page';
import type { RouteSource } from './routeSource';

export type Route =
  | { page: 'catalog'; toolset: string }
  | { page: 'tool'; toolset: string; name: string; sharedArguments?: string; sharedToolset?: string }
  | { page: 'import' }
  | { page: 'check'; toolset?: string }
  | { page: 'models' }
  | { page: 'connect' }
  | { page: 'evals' }
  | { page: 'guide'; topic: string }
  | { page: 'not-found'; path: string };

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * A page's address: `/`, `/tools/<name>/` (the default toolset), `/toolsets/<id>/`, `/toolsets/<id>/tools/<name>/`,
 * `/import/`, `/check/?toolset=<id>`. Arguments and toolsets carried by a shared link ride in the fragment
 * (`#args=…&toolset=…`): it never reaches a server, so neither its log nor a length limit sees them.
 */
export function parsePath(pathname: string, search = '', fragment = '', base = SITE_BASE): Route {
  const inside = pathname.startsWith(base)
    ? `/${pathname.slice(base.length)}`
    : pathname === base.slice(0, -1)
      ? '/'
      : null;
  if (inside === null) return { page: 'not-found', path: pathname };
  const path = inside.replace(/\/index\.html$/, '/');
  if (path === '/') return { page: 'catalog', toolset: homeToolsetId() };
  if (path === '/import' || path === '/import/') return { page: 'import' };
  if (path === '/models' || path === '/models/') return { page: 'models' };
  if (path === '/connect' || path === '/connect/') return { page: 'connect' };
  if (path === '/evals' || path === '/evals/') return { page: 'evals' };
  if (path === '/guide' || path === '/guide/') return { page: 'guide', topic: '' };
  const guideMatch = /^\/guide\/([a-z0-9-]+)\/?$/.exec(path);
  if (guideMatch) return { page: 'guide', topic: guideMatch[1]! };
  if (path === '/check' || path === '/check/') {
    const toolset = new URLSearchParams(search).get('toolset');
    return toolset ? { page: 'check', toolset } : { page: 'check' };
  }
  const catalogMatch = /^\/toolsets\/([^/]+)\/?$/.exec(path);
  if (catalogMatch) {
    const toolset = decodeSegment(catalogMatch[1]!);
    return toolset ? { page: 'catalog', toolset } : { page: 'not-found', path: pathname };
  }
  const toolMatch = /^(?:\/toolsets\/([^/]+))?\/tools\/([^/]+)\/?$/.exec(path);
  if (toolMatch) {
    const toolset = toolMatch[1] === undefined ? homeToolsetId() : decodeSegment(toolMatch[1]);
    const name = decodeSegment(toolMatch[2]!);
    if (toolset === null || name === null) return { page: 'not-found', path: pathname };
    const route: Route = { page: 'tool', toolset, name };
    const shared = sharedFragment(fragment);
    if (shared) {
      const query = new URLSearchParams(shared);
      const sharedArguments = query.get('args');
      const sharedToolset = query.get('toolset');
      if (sharedArguments) route.sharedArguments = sharedArguments;
      if (sharedToolset) route.sharedToolset = sharedToolset;
    }
    return route;
  }
  return { page: 'not-found', path: pathname };
}

/** The part of a fragment that a shared link put there (`args=…`, `toolset=…`); an in-page anchor is not one. */
function sharedFragment(fragment: string): string | null {
  const text = fragment.replace(/^#/, '');
  return /^(?:args|toolset)=/.test(text) ? text : null;
}

/**
 * The hash routes of earlier versions of the site (`#/tools/read_file?args=…`, `#/toolsets/<id>`, `#/import`)
 * as today's address, or null when the fragment is no such route (an in-page anchor, a shared link's payload).
 */
export function legacyHashTarget(hash: string, base = SITE_BASE): string | null {
  if (!hash.startsWith('#/')) return null;
  const [pathPart, queryPart = ''] = hash.slice(1).split('?', 2) as [string, string?];
  const route = parsePath(`${base}${pathPart.replace(/^\//, '')}`, '', '', base);
  const query = new URLSearchParams(queryPart);
  switch (route.page) {
    case 'catalog':
      return catalogHref(route.toolset, base);
    case 'import':
      return importHrefFor(base);
    case 'check':
      return checkCallsHref(query.get('toolset') ?? undefined, base);
    case 'tool': {
      const href = toolHref(route.toolset, route.name, query.get('args') ?? undefined, base);
      const toolset = query.get('toolset');
      return toolset ? `${href}${href.includes('#') ? '&' : '#'}toolset=${toolset}` : href;
    }
    default:
      return null;
  }
}

/** A route as one string: equal for two addresses that show the same page with the same shared payload. */
function routeKey(route: Route): string {
  return JSON.stringify(route);
}

/** Which page a route shows, whatever a shared link carries: the page the build prerenders for it. */
export function pageKey(route: Route): string {
  if (route.page !== 'tool') return routeKey(route);
  return routeKey({ page: 'tool', toolset: route.toolset, name: route.name });
}

const ROUTE_CHANGE = 'routechange';

/** Goes to a page of the site without reloading it; `replace` rewrites the current history entry instead. */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url);
    return;
  }
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  announceRouteChange();
}

/** Tells the pages the address changed, as following a link does. */
export function announceRouteChange(): void {
  window.dispatchEvent(new Event(ROUTE_CHANGE));
}

/**
 * Same-site links to a page of the app are followed in place (history navigation, no reload); anything else
 * (another site, a file such as embed.html, a download, a new tab, a modified click) is left to the browser.
 */
export function followLinksInPlace(target: Document): () => void {
  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
    // An in-page anchor scrolls as the browser does it.
    if (samePage && url.hash && !sharedFragment(url.hash)) return;
    if (parsePath(url.pathname, url.search, url.hash).page === 'not-found') return;
    event.preventDefault();
    navigate(url.href);
  };
  target.addEventListener('click', onClick);
  return () => target.removeEventListener('click', onClick);
}

function subscribe(source: RouteSource | undefined, onChange: () => void): () => void {
  // What holds leaving hears of the change before the route is read (leaveHolds.ts).
  const changed = () => {
    source?.beforeChange?.();
    onChange();
  };
  window.addEventListener('popstate', changed);
  window.addEventListener(ROUTE_CHANGE, changed);
  return () => {
    window.removeEventListener('popstate', changed);
    window.removeEventListener(ROUTE_CHANGE, changed);
  };
}

/** The route of the address in the browser; an in-page anchor changes nothing. */
export function currentRoute(): Route {
  return parsePath(window.location.pathname, window.location.search, window.location.hash);
}

/**
 * The page whose prerendered markup the browser takes over. Taking it over renders that page even when a link was
 * followed meanwhile (the address is then another page's): the markup matches, and the app moves on to the address
 * right after, rather than React finding a mismatch and drawing everything again.
 */
export function takeOverPrerendered(source: RouteSource, route: Route): void {
  source.prerendered = route;
}

const browserKey = () => routeKey(currentRoute());
const homeKey = () => routeKey({ page: 'catalog', toolset: homeToolsetId() });

export function useRoute(): Route {
  const source = useContext(PageContext)?.route;
  // The build renders the page it was given; a takeover renders the build's page first.
  const serverKey = () => {
    if (typeof window === 'undefined') return source?.server ? routeKey(source.server) : homeKey();
    return source?.prerendered ? routeKey(source.prerendered) : browserKey();
  };
  // While a change of page waits for what holds leaving (leaveHolds.ts), the page shown stays.
  const shownKey = () => (source?.held ? routeKey(source.held) : browserKey());
  const subscribeHere = useCallback((onChange: () => void) => subscribe(source, onChange), [source]);
  const key = useSyncExternalStore(subscribeHere, shownKey, serverKey);
  return useMemo(() => JSON.parse(key) as Route, [key]);
}
