/**
 * The playground's form and editor: their own chunks (rjsf, Monaco's component), loaded on demand. A page that opens
 * with a playground loads them before it is taken over (PlaygroundParts.preload), so they are drawn at once: a part drawn
 * through React.lazy shows its fallback first, and React holds back the content that replaces a fallback for up to
 * 300 ms after it was shown (in a trace of read_file the editor was created some 230 ms after its chunk was there,
 * the main thread idle meanwhile).
 */
import { lazy } from 'react';
import type { ArgumentsForm as ArgumentsFormComponent } from '../../components/schemaForm/ArgumentsForm';
import type { JsonEditor as JsonEditorComponent } from './JsonEditor';

const LazyArgumentsForm = lazy(() =>
  import('../../components/schemaForm/ArgumentsForm').then((module) => ({ default: module.ArgumentsForm })),
);
const LazyJsonEditor = lazy(() => import('./JsonEditor').then((module) => ({ default: module.JsonEditor })));

/** The page's playground parts: `page.part(createPlaygroundParts)`, holding the components once their code is here. */
export interface PlaygroundParts {
  /** Both parts' code, for a page about to be taken over with a playground on it. */
  preload(): Promise<void>;
  /** The editor's code alone, fetched while a tool page is taken over. */
  loadJsonEditor(): Promise<unknown>;
  /**
   * The components to draw: the loaded ones when their code is here, else lazy ones. Chosen once per playground (a
   * component whose type changed between renders would be drawn anew, the editor created twice).
   */
  current(): {
    ArgumentsForm: typeof ArgumentsFormComponent | typeof LazyArgumentsForm;
    JsonEditor: typeof JsonEditorComponent | typeof LazyJsonEditor;
  };
}

export function createPlaygroundParts(): PlaygroundParts {
  let argumentsForm: typeof ArgumentsFormComponent | null = null;
  let jsonEditor: typeof JsonEditorComponent | null = null;
  const loadArgumentsForm = () =>
    import('../../components/schemaForm/ArgumentsForm').then((module) => {
      argumentsForm = module.ArgumentsForm;
    });
  const loadJsonEditor = () =>
    import('./JsonEditor').then((module) => {
      jsonEditor = module.JsonEditor;
    });
  return {
    preload: () => Promise.all([loadArgumentsForm(), loadJsonEditor()]).then(() => undefined),
    loadJsonEditor,
    current: () => ({ ArgumentsForm: argumentsForm ?? LazyArgumentsForm, JsonEditor: jsonEditor ?? LazyJsonEditor }),
  };
}
