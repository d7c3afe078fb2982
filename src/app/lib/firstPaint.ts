/**
 * What waits for a prerendered page's first paint (issue 19): the page's scripts, so they do not compete with it on
 * a busy machine, and the editor's chunks, fetched while the docs are taken over rather than once the editor mounts.
 */

/** Longest wait for a frame: a page opened in a background tab gets no frames until it is shown. */
const FRAME_WAIT_MS = 100;

/**
 * Runs `task` once the page has been painted: after the next frame (a task queued from a frame callback runs after
 * that frame is drawn), at once in a hidden page, and after FRAME_WAIT_MS at the latest.
 */
export function afterFirstPaint(task: () => void, scope: Pick<typeof globalThis, 'requestAnimationFrame' | 'setTimeout'> & { document?: { visibilityState?: string } } = globalThis): void {
  let done = false;
  const runOnce = () => {
    if (done) return;
    done = true;
    task();
  };
  if (scope.document?.visibilityState === 'hidden' || typeof scope.requestAnimationFrame !== 'function') {
    runOnce();
    return;
  }
  scope.requestAnimationFrame(() => scope.setTimeout(runOnce, 0));
  scope.setTimeout(runOnce, FRAME_WAIT_MS);
}
