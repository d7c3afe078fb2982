import { useEffect, useState } from 'react';

export type Route =
  | { page: 'catalog' }
  | { page: 'tool'; name: string; sharedArguments?: string }
  | { page: 'not-found'; hash: string };

/** Hash routes keep deep links working on any static host, without rewrites. */
export function parseHash(hash: string): Route {
  const withoutMark = hash.replace(/^#/, '');
  const [pathPart, queryPart = ''] = withoutMark.split('?', 2) as [string, string?];
  const path = pathPart === '' ? '/' : pathPart;
  if (path === '/') return { page: 'catalog' };
  const toolMatch = /^\/tools\/([^/]+)\/?$/.exec(path);
  if (toolMatch) {
    let name: string;
    try {
      name = decodeURIComponent(toolMatch[1]!);
    } catch {
      return { page: 'not-found', hash };
    }
    const sharedArguments = new URLSearchParams(queryPart).get('args') ?? undefined;
    return sharedArguments ? { page: 'tool', name, sharedArguments } : { page: 'tool', name };
  }
  return { page: 'not-found', hash };
}

export function toolHref(name: string, sharedArguments?: string): string {
  const base = `#/tools/${encodeURIComponent(name)}`;
  return sharedArguments ? `${base}?args=${sharedArguments}` : base;
}

export const catalogHref = '#/';

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
