import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { usePage } from '../lib/page';

/** A moment the page's thread is free, or this long at the latest. */
const IDLE_TIMEOUT_MS = 1000;

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 50);
  return () => window.clearTimeout(handle);
}

/**
 * A part whose code loads once the page's editor is drawn, in the first idle moment after it: neither its fetch nor
 * its parse competes with the editor's. `placeholder` holds its room meanwhile and while its code arrives, so nothing
 * below it moves more than when it is drawn. A page that draws no editor as it opens draws the part in its first idle moment.
 */
export function AfterEditor({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const page = usePage();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    let cancelIdle: (() => void) | null = null;
    page.editor.after(() => {
      if (active) cancelIdle = whenIdle(() => setReady(true));
    });
    return () => {
      active = false;
      cancelIdle?.();
    };
  }, [page]);
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
