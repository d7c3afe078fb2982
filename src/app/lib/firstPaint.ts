/**
 * What waits for a prerendered page's first paint: the page's scripts, so they do not compete with it on
 * a busy machine, and the editor's chunks, fetched while the docs are taken over rather than once the editor mounts.
 */

/** Longest wait for a frame: a page opened in a background tab gets no frames until it is shown. */
const FRAME_WAIT_MS = 100;

/**
 * Runs `task` once the page has been painted: after the next frame (a task queued from a frame callback runs after
 * that frame is drawn), at once in a hidden page, and after FRAME_WAIT_MS at the latest.
 */
export function afterFirstPaint(
  task: () => void,
  scope: Pick<typeof globalThis, 'requestAnimationFrame' | 'setTimeout'> & {
    document?: { visibilityState?: string };
    __paintedFirst?: boolean;
  } = globalThis,
): void {
  let done = false;
  const runOnce = () => {
    if (done) return;
    done = true;
    task();
  };
  // boot.js starts a prerendered page's entry only once it is painted, and says so.
  if (
    scope.__paintedFirst === true ||
    scope.document?.visibilityState === 'hidden' ||
    typeof scope.requestAnimationFrame !== 'function'
  ) {
    runOnce();
    return;
  }
  scope.requestAnimationFrame(() => scope.setTimeout(runOnce, 0));
  scope.setTimeout(runOnce, FRAME_WAIT_MS);
}

/** Longest wait for the whole stylesheets: a stylesheet that never answers must not keep the page from working. */
const STYLESHEET_WAIT_MS = 10_000;

/**
 * The page's whole stylesheets, enabled (so fetched) once it is painted with only its critical CSS inline
 * (scripts/critical-css.ts): resolves when each has loaded or failed. The app draws nothing the build did not until
 * then, so nothing it adds is ever shown unstyled.
 */
export function afterPaintStylesheets(
  document: Pick<Document, 'querySelectorAll'>,
  wait: (task: () => void, ms: number) => unknown = setTimeout,
): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-after-paint]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const done = () => {
            link.removeAttribute('data-after-paint');
            resolve();
          };
          if (!link.hasAttribute('disabled')) return done();
          link.addEventListener('load', done, { once: true });
          link.addEventListener('error', done, { once: true });
          wait(done, STYLESHEET_WAIT_MS);
          link.removeAttribute('disabled');
        }),
    ),
  ).then(() => undefined);
}
