import { useEffect, useState } from 'react';
import { DEFAULT_TOOLSET_ID } from '../../core/toolset/collection';

export type Route =
  | { page: 'catalog'; toolset: string }
  | { page: 'tool'; toolset: string; name: string; sharedArguments?: string; sharedToolset?: string }
  | { page: 'import' }
  | { page: 'check'; toolset?: string }
  | { page: 'not-found'; hash: string };

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Hash routes keep deep links working on any static host, without rewrites. A toolset's pages live
 * under `#/toolsets/<id>/`; the older `#/tools/<name>` links still open the Acode tool.
 */
export function parseHash(hash: string): Route {
  const withoutMark = hash.replace(/^#/, '');
  const [pathPart, queryPart = ''] = withoutMark.split('?', 2) as [string, string?];
  const path = pathPart === '' ? '/' : pathPart;
  if (path === '/') return { page: 'catalog', toolset: DEFAULT_TOOLSET_ID };
  if (path === '/import' || path === '/import/') return { page: 'import' };
  if (path === '/check' || path === '/check/') {
    const toolset = new URLSearchParams(queryPart).get('toolset');
    return toolset ? { page: 'check', toolset } : { page: 'check' };
  }
  const catalogMatch = /^\/toolsets\/([^/]+)\/?$/.exec(path);
  if (catalogMatch) {
    const toolset = decodeSegment(catalogMatch[1]!);
    return toolset ? { page: 'catalog', toolset } : { page: 'not-found', hash };
  }
  const toolMatch = /^(?:\/toolsets\/([^/]+))?\/tools\/([^/]+)\/?$/.exec(path);
  if (toolMatch) {
    const toolset = toolMatch[1] === undefined ? DEFAULT_TOOLSET_ID : decodeSegment(toolMatch[1]);
    const name = decodeSegment(toolMatch[2]!);
    if (toolset === null || name === null) return { page: 'not-found', hash };
    const query = new URLSearchParams(queryPart);
    const route: Route = { page: 'tool', toolset, name };
    const sharedArguments = query.get('args');
    const sharedToolset = query.get('toolset');
    if (sharedArguments) route.sharedArguments = sharedArguments;
    if (sharedToolset) route.sharedToolset = sharedToolset;
    return route;
  }
  return { page: 'not-found', hash };
}

export function toolHref(toolset: string, name: string, sharedArguments?: string): string {
  const base = `#/toolsets/${encodeURIComponent(toolset)}/tools/${encodeURIComponent(name)}`;
  return sharedArguments ? `${base}?args=${sharedArguments}` : base;
}

export function catalogHref(toolset: string = DEFAULT_TOOLSET_ID): string {
  return toolset === DEFAULT_TOOLSET_ID ? '#/' : `#/toolsets/${encodeURIComponent(toolset)}`;
}

export const importHref = '#/import';

export function checkCallsHref(toolset?: string): string {
  return toolset ? `#/check?toolset=${encodeURIComponent(toolset)}` : '#/check';
}

export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) {
    const url = new URL(window.location.href);
    url.hash = href;
    window.history.replaceState(null, '', url);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = href;
  }
}

export function useRoute(): Route {
  const [route, setRoute] = useState<Route>(() => parseHash(window.location.hash));
  useEffect(() => {
    const update = () => setRoute(parseHash(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
