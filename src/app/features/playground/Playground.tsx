import { Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { JsonObject, ToolDefinition } from '../../../core/toolset/types';
import { CopyButton } from '../../components/CopyButton';
import { scrollBehavior } from '../../lib/motion';
import { formFieldIds, toErrorTree } from '../../components/schemaForm/errorSchema';
import type { JsonEditorHandle } from './JsonEditor';
import { EditorFrame, type EditorStatus } from './EditorFrame';
import type { Playground as PlaygroundModel } from './usePlayground';
import { ValidationPanel } from './ValidationPanel';
import { importHref } from '../../lib/hrefs';
import { MAX_SHARED_ARGUMENTS_BYTES } from '../../lib/shareLinkFormat';
import { usePage } from '../../lib/page';
import { createPlaygroundParts } from './playgroundParts';
import { createAllOfMerge } from '../../components/schemaForm/rjsf/allOfMerge';
import { PlainArguments } from './PlainArguments';
import { plainTextReason } from './plainArguments';

// Monaco's key for switching Tab between moving focus and indenting differs on Apple platforms.
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export interface PlaygroundProps {
  tool: ToolDefinition;
  playground: PlaygroundModel;
  /** Which panes to show (an embed can show one); both by default. */
  panes?: 'both' | 'form' | 'editor';
  /** In an embed the share link is left out: the embed has its own link to the site. */
  embedded?: boolean;
}

/** Form and JSON editor over the same arguments, validated live by the core validator. */
export function Playground({ tool, playground, panes = 'both', embedded = false }: PlaygroundProps) {
  const editorRef = useRef<JsonEditorHandle>(null);
  // Drawn at once when the page loaded their code before it was taken over, else through React.lazy.
  const page = usePage();
  const parts = page.part(createPlaygroundParts);
  const allOfMerge = page.part(createAllOfMerge);
  const [{ ArgumentsForm, JsonEditor }] = useState(parts.current);
  // The editor's frame is drawn here, so it is one element from the first paint on, while the editor's code loads.
  const [editorStatus, setEditorStatus] = useState<EditorStatus>('loading');
  const errors = useMemo(() => toErrorTree(playground.result?.errors ?? []), [playground.result]);
  // The form follows a keystroke in a render of its own, after the verdict is on screen (keystroke to
  // verdict within 16 ms). Measured in one run, keydown to the verdict's change, load average ~30: a keystroke that mends
  // the JSON takes 5–10 ms this way and 10–20 ms when every field of the form re-renders before the verdict shows.
  const formData = useDeferredValue(playground.formData);
  const formErrors = useDeferredValue(errors);
  const formReadonly = useDeferredValue(
    playground.restoring || (playground.formPaused !== null && !playground.checking),
  );

  // Arguments too large or too deep for the code editor are shown plain; worked out after the keystroke is drawn.
  const plainText = useDeferredValue(playground.text);
  const plainReason = useMemo(() => plainTextReason(plainText), [plainText]);
  const current = !playground.checking && playground.parseError === null && playground.formPaused === null;
  const { setFormData, formData: currentData } = playground;
  const editPart = useCallback(
    (name: string, value: JsonObject[string]) => setFormData({ ...currentData, [name]: value }, currentData),
    [setFormData, currentData],
  );

  const selectParameter = useCallback((parameter: string) => {
    for (const id of formFieldIds(parameter)) {
      const element = document.getElementById(id);
      if (
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      ) {
        element.focus();
        element.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
        return;
      }
    }
    editorRef.current?.revealParameter(parameter);
  }, []);

  const selectPosition = useCallback((line: number, column: number) => {
    editorRef.current?.revealPosition(line, column);
  }, []);

  return (
    <div className="playground">
      {playground.notice ? (
        <div className="notice" role="status" data-testid="playground-notice">
          <span id="playground-notice-text">{playground.notice}</span>
          <span className="notice-actions">
            {playground.swap ? (
              <button
                type="button"
                className="button button-small"
                onClick={playground.swapArguments}
                aria-describedby="playground-notice-text"
              >
                {playground.swap.kind === 'mine' ? 'Restore my previous arguments' : 'Back to the shared arguments'}
              </button>
            ) : null}
            <button
              type="button"
              className="button button-small"
              onClick={playground.dismissNotice}
              aria-label="Dismiss notice"
            >
              Dismiss
            </button>
          </span>
        </div>
      ) : null}
      {playground.storageProblem ? (
        <p className="notice notice-problem" role="alert" data-testid="playground-storage">
          {playground.storageProblem}
        </p>
      ) : null}
      {playground.restoring ? (
        <div className="notice" role="status" data-testid="playground-restoring">
          <span className="spinner" aria-hidden="true" /> Loading your saved arguments…
        </div>
      ) : null}
      <div className="playground-toolbar" role="toolbar" aria-label="Arguments">
        <button
          type="button"
          className="button"
          onClick={playground.resetToExample}
          disabled={tool.examples.length === 0}
        >
          Reset to example
        </button>
        <button type="button" className="button" onClick={playground.clear}>
          Clear
        </button>
        {playground.shareUrl && playground.shareTooLong === null && !embedded ? (
          <CopyButton text={playground.shareUrl} label="Copy share link" className="button-share">
            Copy share link
          </CopyButton>
        ) : null}
        <CopyButton text={playground.text} label="Copy JSON of the arguments">
          Copy JSON
        </CopyButton>
      </div>
      {playground.argumentsTooLargeToShare && !embedded ? (
        <p className="share-too-long" role="note">
          These arguments are larger than a share link carries ({MAX_SHARED_ARGUMENTS_BYTES / (1024 * 1024)} MB once
          unpacked): share them with Copy JSON, or as a file.
        </p>
      ) : null}
      {playground.shareTooLong !== null && !embedded ? (
        <p className="share-too-long" role="note">
          A link to this tool carries its whole imported toolset: {playground.shareTooLong.toLocaleString('en')}{' '}
          characters, more than links reliably survive. Share the toolset as a file instead:{' '}
          <a href={importHref}>Import tools</a> › Your imported toolsets › Download.
        </p>
      ) : null}
      <ValidationPanel
        result={playground.result}
        parseError={playground.parseError}
        pending={playground.checking}
        onSelectParameter={selectParameter}
        onSelectPosition={selectPosition}
      />
      <div className={`playground-panes${panes === 'both' ? '' : ' playground-panes-single'}`}>
        {panes !== 'editor' ? (
          <div className="pane">
            <h3 className="pane-title" id="form-pane-title">
              Form
            </h3>
            <div
              className="form-pane"
              aria-labelledby="form-pane-title"
              aria-describedby={playground.formPaused ? 'form-paused-note' : undefined}
              role="group"
              data-testid="arguments-form"
              data-paused={playground.formPaused ? 'true' : undefined}
            >
              {playground.formPaused ? (
                <p className="form-paused-note" id="form-paused-note" data-testid="form-paused">
                  <strong>Form paused.</strong> {playground.formPaused}
                </p>
              ) : null}
              <Suspense fallback={<p className="muted">Loading form…</p>}>
                <ArgumentsForm
                  schema={tool.inputSchema}
                  formData={formData}
                  errors={formErrors}
                  onChange={playground.setFormData}
                  readonly={formReadonly}
                  allOfMerge={allOfMerge}
                />
              </Suspense>
            </div>
          </div>
        ) : null}
        {panes !== 'form' ? (
          <div className="pane">
            <h3 className="pane-title" id="editor-pane-title">
              JSON
            </h3>
            {plainReason ? (
              <PlainArguments
                toolName={tool.name}
                text={plainText}
                reason={plainReason}
                value={current && plainText === playground.text ? playground.formData : null}
                onEditPart={editPart}
              />
            ) : (
              <EditorFrame status={editorStatus}>
                <Suspense fallback={null}>
                  <JsonEditor
                    onStatus={setEditorStatus}
                    ref={editorRef}
                    toolName={tool.name}
                    schema={tool.inputSchema}
                    value={playground.text}
                    revision={playground.revision}
                    onChange={playground.setTextFromEditor}
                    result={playground.result}
                    resultText={playground.checkedText}
                    markers={playground.markers}
                    readOnly={playground.restoring}
                    labelledBy="editor-pane-title"
                  />
                </Suspense>
              </EditorFrame>
            )}
            <p className="pane-hint muted" id="editor-keyboard-hint">
              <kbd>Ctrl</kbd>+<kbd>Space</kbd> suggests names and values · <kbd>Tab</kbd> moves on; <kbd>Ctrl</kbd>+
              {isMac ? (
                <>
                  <kbd>Shift</kbd>+
                </>
              ) : null}
              <kbd>M</kbd> makes it indent
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
