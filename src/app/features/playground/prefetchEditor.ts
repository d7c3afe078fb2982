import type { EditorGate } from '../../lib/editorSettled';
import { loadJsonEditor } from './playgroundParts';

/**
 * Starts fetching the editor's chunks (its component and Monaco); the editor then finds them loaded or on their way.
 * The page's other heavy work (the runtime worker) waits for the editor meanwhile (editorSettled.ts).
 */
export function prefetchEditor(editor: EditorGate): void {
  editor.expect();
  void loadJsonEditor()
    .then((module) => module.loadMonaco())
    .catch(() => undefined);
}
