/**
 * Monaco, with only what a JSON editor needs. This module is only reached through a dynamic
 * import, so the editor and its workers are a lazy chunk that the catalog never downloads.
 */
import * as monaco from 'monaco-editor/editor/editor.api.js';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution.js';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching.js';
import 'monaco-editor/editor/contrib/folding/browser/folding.js';
import 'monaco-editor/editor/contrib/format/browser/formatActions.js';
import 'monaco-editor/editor/contrib/find/browser/findController.js';
import 'monaco-editor/editor/contrib/comment/browser/comment.js';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter.js';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError.js';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations.js';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard.js';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu.js';
import 'monaco-editor/editor/browser/coreCommands.js';
import 'monaco-codicon.css';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register.js';
// The JSON mode's worker client pulls in further editor contributions (code lens, drop-into-editor…).
// Loaded on demand, they would register after the editor services start, and every later editor
// would fail to create them ("depends on UNKNOWN service"): load it with the editor instead.
import 'monaco-editor/languages/features/json/jsonMode.js';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

export { monaco, jsonDefaults };
export type Monaco = typeof monaco;
