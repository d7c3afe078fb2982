/**
 * The runtime worker's side of what the page serves it (./host-channel): the workspace snapshot, the site's own
 * static files, and a web tool's one request. The worker's own network and storage are closed by its frame's
 * policy and origin; these are the only ways out, each as narrow as its use.
 */
import { MAX_RESPONSE_BYTES } from '../../core/tools/prfactory/web/request';
import type { WorkspaceSnapshot } from '../../core/workspace/types';
import type { createHostCaller } from './host-channel';
import { isWorkspaceSnapshot, type SnapshotStore } from './snapshot-store';

type HostCaller = ReturnType<typeof createHostCaller>;

export function createRelayedSnapshotStore(host: HostCaller): SnapshotStore {
  return {
    async load() {
      const snapshot = await host.call('snapshot-load', null);
      return isWorkspaceSnapshot(snapshot) ? snapshot : null;
    },
    save: async (snapshot: WorkspaceSnapshot) => (await host.call('snapshot-save', snapshot)) ?? undefined,
    clear: async () => {
      await host.call('snapshot-clear', null);
    },
  };
}

const refuse = (url: string, why: string) =>
  Promise.reject(new TypeError(`No network from the workspace: ${url} was not fetched (${why})`));

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * The worker's `fetch`: GET of a file of the site itself (the interpreters' WebAssembly and libraries, the
 * grammars), path only, read by the page. Anything else is refused, whoever asks.
 */
export function createAssetFetch(host: HostCaller, siteOrigin: string): typeof fetch {
  return async (input, init) => {
    const text = urlOf(input);
    let url: URL;
    try {
      url = new URL(text, `${siteOrigin}/`);
    } catch {
      return refuse(text, 'not a URL');
    }
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method !== 'GET') return refuse(url.href, `${method} is not allowed`);
    if (url.origin !== siteOrigin) return refuse(url.href, 'only the site’s own files can be read');
    const asset = await host.call(
      'asset',
      { url: `${url.origin}${url.pathname}` },
      init?.signal ? { signal: init.signal } : {},
    );
    return new Response(asset.body, {
      status: asset.status,
      headers: asset.contentType ? { 'Content-Type': asset.contentType } : {},
    });
  };
}

/** A web tool's `fetch` for one call: the page sends it only if that call's arguments name the URL. */
export function createCallFetch(host: HostCaller, callId: string): typeof fetch {
  return async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const response = await host.call(
      'net',
      {
        callId,
        url: urlOf(input),
        method: (init?.method ?? 'GET').toUpperCase(),
        headers,
        ...(body !== undefined ? { body } : {}),
        maxBytes: MAX_RESPONSE_BYTES + 1,
      },
      init?.signal ? { signal: init.signal } : {},
    );
    // A redirect the browser did not follow: its target is hidden from the page too.
    if (response.status === 0) return new Response(null, { status: 302, statusText: 'Redirect not followed' });
    const nullBody = response.status === 204 || response.status === 205 || response.status === 304;
    return new Response(nullBody ? null : response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
