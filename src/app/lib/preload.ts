import { createElement, use, type ComponentType } from 'react';

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * A page that loads as a chunk of its own, like React.lazy, but whose loading can be started (and awaited) ahead
 * of rendering: the browser loads a prerendered page's chunk before taking the page over, and then renders it at
 * once, with nothing left to suspend on (React reads a promise's `status`, which lazy does not).
 */
export function preloadable<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loading: Tracked<M> | null = null;
  const start = (): Tracked<M> => {
    if (loading) return loading;
    const promise: Tracked<M> = load();
    promise.status = 'pending';
    promise.then(
      (value) => {
        promise.status = 'fulfilled';
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = 'rejected';
        promise.reason = reason;
        // A chunk that failed to arrive (offline for a moment) is asked for again the next time.
        if (loading === promise) loading = null;
      },
    );
    loading = promise;
    return promise;
  };
  function Page(props: P) {
    return createElement(pick(use(start() as Promise<M>)), props);
  }
  return { load: start, Page };
}
