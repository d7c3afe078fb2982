import type { Page } from '../../lib/page';
import { createPlaygroundParts } from './playgroundParts';

/**
 * Starts fetching the editor's component; Monaco itself loads when the editor's place comes near the screen
 * (JsonEditor.tsx). The page's other heavy work (the runtime worker) waits for the editor meanwhile, for a few seconds
 * at most (editorSettled.ts).
 */
export function prefetchEditor(page: Page): void {
  page.editor.expect();
  void page
    .part(createPlaygroundParts)
    .loadJsonEditor()
    .catch(() => undefined);
}
