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
 * `load` started on the first call and shared by the next ones, its promise tracked for `use`; a load that failed (a
 * chunk that did not arrive, offline for a moment) is started again the next time.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (loading) return loading;
    const promise = tracked(load(), () => {
      if (loading === promise) loading = null;
    });
    loading = promise;
    return promise;
  };
}

/**
 * A page that loads as a chunk of its own, like React.lazy, but whose loading can be started (and awaited) ahead
 * of rendering: the browser loads a prerendered page's chunk before taking the page over, and then renders it at
 * once, with nothing left to suspend on (React reads a promise's `status`, which lazy does not).
 */
export function preloadable<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  const start = loadOnce(load);
  function Page(props: P) {
    return createElement(pick(use(start())), props);
  }
  return { load: start, Page };
}
