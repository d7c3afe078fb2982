/**
 * What must finish before the page shows another page: a part of the page that has to say goodbye to something
 * still running in it (an MCP App told it closes, in a browser that cannot move its frame out of the page running)
 * holds leaving until it has, or until LEAVE_LIMIT_MS. The address changes at once (a followed link, the back or
 * forward button); the page shown stays (`source.held`) until then, and shows the newest address after. With nothing
 * held, the page changes at once.
 */
import type { RouteSource } from './routeSource';
import { announceRouteChange, currentRoute, pageKey, type Route } from './router';

/** Longest a change of page waits for what holds it; each hold has its own, shorter limit. */
export const LEAVE_LIMIT_MS = 1_000;

/** Holds every change of page until `hold` settles (or LEAVE_LIMIT_MS passes); returns the release. */
export function holdLeaving(source: RouteSource, hold: () => Promise<unknown>): () => void {
  source.beforeChange ??= guard(source);
  source.holds.add(hold);
  return () => void source.holds.delete(hold);
}

/** Settles when every hold has, whether it failed or not, or at the limit. */
export async function settleHolds(source: RouteSource, limitMs = LEAVE_LIMIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  const all = Promise.all(
    [...source.holds].map((hold) =>
      Promise.resolve()
        .then(hold)
        .catch(() => undefined),
    ),
  );
  try {
    await Promise.race([all, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the route's listeners run on each change of address, before they read the route (router.ts): it keeps the
 * page shown while what holds leaving settles. Made with the page's first hold, and kept: with nothing held it only
 * notes the page shown.
 */
function guard(source: RouteSource): () => void {
  let shown: Route = currentRoute();
  return () => {
    if (source.held) return;
    const next = currentRoute();
    if (source.holds.size === 0 || pageKey(next) === pageKey(shown)) {
      shown = next;
      return;
    }
    source.held = shown;
    void settleHolds(source).then(() => {
      source.held = null;
      shown = currentRoute();
      announceRouteChange();
    });
  };
}
