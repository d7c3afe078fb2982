import { Suspense, use, useEffect, useRef, type ReactNode } from 'react';
import { useHydrated } from '../lib/hydrated';
import { place, type NearPlaces } from '../lib/nearPlaces';
import { usePage } from '../lib/page';
// As far outside the viewport as code highlighting starts, so scrolling finds the part there.
import { NEAR_VIEWPORT } from './CodeBlock';

/**
 * Resolves the anchor's wait once `element` comes near the screen (at once where nothing can tell). Each element is
 * watched: the one found may be the page being left, which never comes near.
 */
function watch(near: NearPlaces, anchorId: string, element: Element): void {
  const known = place(near, anchorId);
  if (near.watched.has(element)) return;
  near.watched.add(element);
  if (typeof IntersectionObserver !== 'function') return known.resolve();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      known.resolve();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  observer.observe(element);
}

/**
 * Clicks on a part's prerendered markup before it is taken over: React stops a click on markup it has not taken over
 * yet (its listener on the root, in the capture phase), so they are held here first, at the document (as
 * public/boot.js holds those made before the whole page is), and made again once it is.
 */
function holdClicks({ held }: NearPlaces, anchorId: string, anchor: HTMLElement): void {
  if (held.has(anchorId)) return;
  held.set(anchorId, []);
  const onClick = (event: MouseEvent) => {
    const clicks = held.get(anchorId);
    if (!clicks) return document.removeEventListener('click', onClick, true);
    const target = (event.target as Element | null)?.closest?.<HTMLElement>(
      'button, summary, label, input, select, a[href]',
    );
    if (!target || !anchor.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    clicks.push(target);
  };
  document.addEventListener('click', onClick, true);
}

/** Mounted once the part is taken over: the clicks held meanwhile happen now, in order. */
function ReleaseClicks({ anchorId }: { anchorId: string }) {
  const { held } = usePage().near;
  useEffect(() => {
    const clicks = held.get(anchorId);
    held.delete(anchorId);
    for (const target of clicks ?? []) if (target.isConnected) target.click();
  }, [anchorId, held]);
  return null;
}

/** Suspends until the anchor's place has come near the screen once; the build (no window) renders at once. */
function Wait({ anchorId, children }: { anchorId: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const { near } = usePage();
  if (typeof window === 'undefined') return children;
  const known = place(near, anchorId);
  // Taking a prerendered page over: the build's markup is in the document, under the anchor, to be watched.
  const anchor = hydrated ? null : document.getElementById(anchorId);
  if (anchor) {
    watch(near, anchorId, anchor);
    holdClicks(near, anchorId, anchor);
  }
  use(known.promise);
  return (
    <>
      {children}
      <ReleaseClicks anchorId={anchorId} />
    </>
  );
}

/** A page drawn in this browser: the room kept, and watched. */
function Placeholder({ anchorId, height }: { anchorId: string; height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const { near } = usePage();
  useEffect(() => {
    if (ref.current) watch(near, anchorId, ref.current);
  }, [anchorId, near]);
  return <div ref={ref} className="section-pending" style={{ minHeight: height }} aria-busy="true" />;
}

/**
 * A prerendered part whose code loads only as its place (the element `anchorId`, outside this part) comes near the
 * screen, so a page does not ship what sits far below its first screen (a tool page's JavaScript is held to 200 KB gzip). Taking a prerendered page over
 * keeps the build's markup for the part, as it is, until then: its boundary stays dehydrated while this waits, so
 * nothing moves or blinks. A page drawn in this browser keeps the part's room meanwhile. Once near, the code loads
 * once, for every later page.
 */
export function HydrateNear({ anchorId, height, children }: { anchorId: string; height: number; children: ReactNode }) {
  return (
    <Suspense fallback={<Placeholder anchorId={anchorId} height={height} />}>
      <Wait anchorId={anchorId}>{children}</Wait>
    </Suspense>
  );
}
