/**
 * The playground's form and editor: their own chunks (rjsf, Monaco's component), loaded on demand. A page that opens
 * with a playground loads them before it is taken over (preloadPlaygroundParts), so they are drawn at once: a part drawn
 * through React.lazy shows its fallback first, and React holds back the content that replaces a fallback for up to
 * 300 ms after it was shown (in a trace of read_file the editor was created some 230 ms after its chunk was there,
 * the main thread idle meanwhile).
 */
import { lazy } from 'react';
import type { ArgumentsForm as ArgumentsFormComponent } from '../../components/schemaForm/ArgumentsForm';
import type { JsonEditor as JsonEditorComponent } from './JsonEditor';

// eslint-disable-next-line no-restricted-syntax -- the loaded components, drawn at once when their code is here; page.part would own them
let argumentsForm: typeof ArgumentsFormComponent | null = null;
// eslint-disable-next-line no-restricted-syntax -- the loaded components, drawn at once when their code is here; page.part would own them
let jsonEditor: typeof JsonEditorComponent | null = null;

const loadArgumentsForm = () =>
  import('../../components/schemaForm/ArgumentsForm').then((module) => {
    argumentsForm = module.ArgumentsForm;
    return module;
  });
export const loadJsonEditor = () =>
  import('./JsonEditor').then((module) => {
    jsonEditor = module.JsonEditor;
    return module;
  });

const LazyArgumentsForm = lazy(() => loadArgumentsForm().then((module) => ({ default: module.ArgumentsForm })));
const LazyJsonEditor = lazy(() => loadJsonEditor().then((module) => ({ default: module.JsonEditor })));

/** Both parts' code, for a page about to be taken over with a playground on it. */
export function preloadPlaygroundParts(): Promise<void> {
  return Promise.all([loadArgumentsForm(), loadJsonEditor()]).then(() => undefined);
}

/**
 * The components to draw: the loaded ones when their code is here, else lazy ones. Chosen once per playground (a
 * component whose type changed between renders would be drawn anew, the editor created twice).
 */
export function playgroundParts(): {
  ArgumentsForm: typeof ArgumentsFormComponent | typeof LazyArgumentsForm;
  JsonEditor: typeof JsonEditorComponent | typeof LazyJsonEditor;
} {
  return { ArgumentsForm: argumentsForm ?? LazyArgumentsForm, JsonEditor: jsonEditor ?? LazyJsonEditor };
}
