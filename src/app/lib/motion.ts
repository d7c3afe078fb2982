/** Smooth scrolling, unless the user asked the system for reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  const reduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? 'auto' : 'smooth';
}

const USER_SCROLL_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** How long the layout must stay still, and how long at most, before a scrolled-to element is let go. */
const SETTLED_MS = 800;
const LONGEST_MS = 6000;

export interface Scroller {
  /**
   * Scrolls an element to the top of the screen and keeps it there while the sections above it load and grow
   * (highlighting, token counts, lazy sections), which would otherwise push it out of view during or after the
   * scroll; a scroll of the reader's own (wheel, touch, keys, a click) lets go at once. A later scroll lets go of
   * the element an earlier one held.
   */
  scrollTo(target: Element, behavior?: ScrollBehavior): void;
}

/** One page load's scroller (what it still holds in view is its own). */
export function createScroller(): Scroller {
  let letGoOfPrevious: (() => void) | null = null;
  function scrollToElement(target: Element, behavior: ScrollBehavior = scrollBehavior()): void {
    letGoOfPrevious?.();
    target.scrollIntoView({ behavior, block: 'start' });
    if (typeof ResizeObserver !== 'function') return;
    const offset = () => target.getBoundingClientRect().top + window.scrollY;
    let expected = offset();
    let settledTimer = 0;
    const letGo = () => {
      observer.disconnect();
      window.clearTimeout(settledTimer);
      window.clearTimeout(longestTimer);
      for (const type of USER_SCROLL_INPUT) window.removeEventListener(type, letGo, { capture: true });
      if (letGoOfPrevious === letGo) letGoOfPrevious = null;
    };
    const settleLater = () => {
      window.clearTimeout(settledTimer);
      settledTimer = window.setTimeout(letGo, SETTLED_MS);
    };
    const observer = new ResizeObserver(() => {
      const now = offset();
      if (Math.abs(now - expected) < 1) return;
      expected = now;
      // Aimed again at where it is now: a smooth scroll under way changes course rather than starting over.
      target.scrollIntoView({ behavior, block: 'start' });
      settleLater();
    });
    observer.observe(document.body);
    const longestTimer = window.setTimeout(letGo, LONGEST_MS);
    for (const type of USER_SCROLL_INPUT) window.addEventListener(type, letGo, { capture: true, passive: true });
    settleLater();
    letGoOfPrevious = letGo;
  }
  return { scrollTo: scrollToElement };
}
