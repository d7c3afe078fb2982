import type { MouseEvent } from 'react';
import type { Scroller } from '../../lib/motion';

/**
 * The local nav's sections, every one at its own address (`#audit`). A sticky nav over one long page rather than tabs:
 * each section stays prerendered and in the page's text (find in page, a deep link, the axe check see them all), and
 * a tab would have to hydrate and draw its panel on click, where a scroll only moves.
 */
export const LOCAL_SECTIONS: readonly (readonly [string, string])[] = [
  ['playground', 'Playground'],
  ['description', 'Description'],
  ['parameters', 'Parameters'],
  ['examples', 'Examples'],
  ['schema', 'Schema'],
  ['audit', 'Audit'],
  ['formats', 'Provider formats'],
  ['compatibility', 'Compatibility'],
  ['tokens', 'Token cost'],
  ['versions', 'Versions'],
  ['embed', 'Embed'],
];

/** In-page links would change the hash route, so they scroll instead. */
export function scrollToSection(scroller: Scroller, event: MouseEvent<HTMLAnchorElement>, id: string) {
  event.preventDefault();
  const target = document.getElementById(id);
  if (!target) return;
  scroller.scrollTo(target);
  target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}
