import type { Page } from '../../lib/page';
import { createPlaygroundParts } from './playgroundParts';
import { PANES_SIDE_BY_SIDE } from './panesSideBySide';
/** How far below the screen the editor's place may start and still count as on it (JsonEditor's `useNearViewport`). */
const NEAR_PX = 300;

/**
 * Whether the prerendered page's editor sits on its first screen: the playground near the screen, with the editor
 * beside the form rather than under it (a phone's first screen is Execute and the form).
 */
function editorOnFirstScreen(): boolean {
  const playground = document.getElementById('playground');
  if (!playground || !window.matchMedia(PANES_SIDE_BY_SIDE).matches) return false;
  return playground.getBoundingClientRect().top < window.innerHeight + NEAR_PX;
}

/**
 * Starts fetching the editor's component, and where the editor is on the first screen, Monaco itself: it is then
 * evaluated while the page is taken over rather than once the editor is mounted and seen. Elsewhere Monaco loads when
 * the editor's place comes near the screen (JsonEditor.tsx). The page's other heavy work (the runtime worker) waits for
 * the editor meanwhile, for a few seconds at most (editorSettled.ts). Says whether the editor is on the first screen.
 */
export function prefetchEditor(page: Page): boolean {
  page.editor.expect();
  const withMonaco = editorOnFirstScreen();
  void page
    .part(createPlaygroundParts)
    .loadJsonEditor()
    .then(() => (withMonaco ? import('./monaco/loadMonaco') : undefined))
    .catch(() => undefined);
  return withMonaco;
}
