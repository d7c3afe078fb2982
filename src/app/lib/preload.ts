import { createElement, use, type ComponentType } from 'react';

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * The promise, marked as it settles the way React's `use` reads it, so a settled one is read without suspending
 * (React.lazy does not read a promise's `status`). `onRejected` lets the caller forget it, so the next asks again.
 */
export function tracked<T>(promise: Promise<T>, onRejected?: () => void): Promise<T> {
  const marked = promise as Tracked<T>;
  marked.status = 'pending';
  marked.then(
    (value) => {
      marked.status = 'fulfilled';
      marked.value = value;
    },
    (reason: unknown) => {
      marked.status = 'rejected';
      marked.reason = reason;
      onRejected?.();
    },
  );
  return marked;
}

/** A promise already settled with `value`: `use` reads it at once. */
export function settledWith<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

/**
 * A page that loads as a chunk of its own, like React.lazy, but whose loading can be started (and awaited) ahead
 * of rendering: the browser loads a prerendered page's chunk before taking the page over, and then renders it at
 * once, with nothing left to suspend on (React reads a promise's `status`, which lazy does not).
 */
export function preloadable<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loading: Promise<M> | null = null;
  const start = (): Promise<M> => {
    if (loading) return loading;
    // A chunk that failed to arrive (offline for a moment) is asked for again the next time.
    const promise = tracked(load(), () => {
      if (loading === promise) loading = null;
    });
    loading = promise;
    return promise;
  };
  function Page(props: P) {
    return createElement(pick(use(start())), props);
  }
  return { load: start, Page };
}
