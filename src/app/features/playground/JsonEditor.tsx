import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { JsonSchema } from '../../../core/toolset/types';
import type { ValidationResult } from '../../../core/validation/types';
import { usePage } from '../../lib/page';
import { useResolvedTheme } from '../../lib/theme';
import type { Monaco } from './monaco/loadMonaco';
import { useNearViewport } from '../../components/CodeBlock';
import { markersFor, type EditorMarker } from './monaco/markers';
import { locateParameter, offsetToLineColumn } from '../../lib/jsonLocator';
import { EditorFrame, type EditorStatus } from './EditorFrame';

type Editor = ReturnType<Monaco['editor']['create']>;

export interface JsonEditorHandle {
  /** Moves the cursor to a parameter in the text and focuses the editor; false if the editor is not ready. */
  revealParameter: (parameter: string) => boolean;
  revealPosition: (line: number, column: number) => boolean;
}

interface JsonEditorProps {
  toolName: string;
  schema: JsonSchema;
  value: string;
  /** Changes when `value` comes from outside the editor (the form, a reset, a link): only then does the editor take it. */
  revision: number;
  onChange: (text: string) => void;
  result: ValidationResult | null;
  /** The text `result` is of; markers are shown only while the editor holds exactly that text. */
  resultText: string;
  /** The markers for `resultText` when already worked out (large texts, off the page's thread). */
  markers: EditorMarker[] | null;
  /** Takes no edits (the saved text is still being read back). */
  readOnly?: boolean;
  labelledBy: string;
  /**
   * Told each status the editor reaches, by a caller that draws the editor's frame itself (EditorFrame), which then
   * stays while the editor's code loads; without it, the editor draws its own frame.
   */
  onStatus?: (status: EditorStatus) => void;
}

/** Strips what would make Monaco's JSON service fetch a meta-schema or misread the id. */
function schemaForEditor(schema: JsonSchema): JsonSchema {
  const { $schema: _ignoredSchema, $id: _ignoredId, ...rest } = schema;
  return rest;
}

/**
 * Past this many characters on one line the editor stops wrapping lines: re-wrapping a megabyte line (a pasted file
 * in a JSON string) costs the page hundreds of milliseconds on every key. Unwrapped, such a line scrolls sideways.
 */
const LONG_LINE_CHARS = 20_000;

function longLineIn(model: ReturnType<Monaco['editor']['createModel']>, fromLine: number, toLine: number): boolean {
  for (let line = fromLine; line <= toLine; line += 1) if (model.getLineLength(line) > LONG_LINE_CHARS) return true;
  return false;
}

const editorTheme = (theme: 'light' | 'dark') => (theme === 'dark' ? 'playground-dark' : 'playground-light');

/** Monaco's own themes, with the page's surface colours so the editor sits in the page. */
function defineThemes(monaco: Monaco): void {
  monaco.editor.defineTheme('playground-light', {
    base: 'vs',
    inherit: true,
    rules: [],
    colors: {
      'editor.background': '#ffffff',
      'editorGutter.background': '#ffffff',
      'editorLineNumber.foreground': '#8a93a0',
    },
  });
  monaco.editor.defineTheme('playground-dark', {
    base: 'vs-dark',
    inherit: true,
    rules: [],
    colors: {
      'editor.background': '#161b22',
      'editorGutter.background': '#161b22',
      'editorLineNumber.foreground': '#6b7482',
    },
  });
}

// The module system loads it once; every later call gets the same module.
export const loadMonaco = () => import('./monaco/loadMonaco');

/** The Monaco JSON editor, loaded on first show; the tool's schema drives completion and hovers, the core validator the markers. */
export const JsonEditor = forwardRef<JsonEditorHandle, JsonEditorProps>(function JsonEditor(
  { toolName, schema, value, revision, onChange, result, resultText, markers, readOnly = false, labelledBy, onStatus },
  handle,
) {
  const page = usePage();
  // The host element as state, not a ref read once: a Suspense boundary above that suspends again hides this tree and
  // detaches its refs, and Monaco arriving in that moment once found no host and left the editor loading for good.
  // As state, the editor is made whenever both Monaco and a host are there, and made again when the host comes back.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const hostRef = useCallback((element: HTMLDivElement | null) => {
    containerRef.current = element;
    setContainer(element);
  }, []);
  const [loaded, setLoaded] = useState<Awaited<ReturnType<typeof loadMonaco>> | null>(null);
  const editorRef = useRef<Editor | null>(null);
  const monacoRef = useRef<Monaco | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [status, setStatus] = useState<EditorStatus>('loading');
  useEffect(() => {
    onStatus?.(status);
  }, [onStatus, status]);
  const theme = useResolvedTheme();
  // The latest text and revision, for an editor created later (Monaco loads lazily) to start from.
  const latest = useRef({ value, revision, readOnly });
  latest.current = { value, revision, readOnly };
  const appliedRevision = useRef(revision);
  // True while the editor takes text from outside (a React effect), where its change must not render at once.
  const takingOutsideText = useRef(false);

  // Monaco (the page's largest script: some 1.4 s of a phone's main thread) is evaluated once the editor's place comes
  // near the screen. On a phone it sits below the form, so the first screen (Execute, the form) is not held up by it.
  const near = useNearViewport(containerRef);

  useEffect(() => {
    if (!near) return;
    let disposed = false;
    loadMonaco()
      .then((module) => {
        if (!disposed) setLoaded(module);
      })
      .catch(() => {
        page.highlighting.everywhereSoon();
        page.editor.settled();
        if (!disposed) setStatus('failed');
      });
    return () => {
      disposed = true;
    };
  }, [page, near]);

  useEffect(() => {
    if (!loaded || !container) return;
    const { monaco, jsonDefaults } = loaded;
    monacoRef.current = monaco;
    defineThemes(monaco);
    const modelUri = monaco.Uri.parse(`inmemory://tool-arguments/${encodeURIComponent(toolName)}.json`);
    monaco.editor.getModel(modelUri)?.dispose();
    appliedRevision.current = latest.current.revision;
    const model = monaco.editor.createModel(latest.current.value, 'json', modelUri);
    jsonDefaults.setDiagnosticsOptions({
      validate: true,
      allowComments: false,
      trailingCommas: 'error',
      // Schema errors come from the core validator (one validator everywhere); the schema here drives completion and hovers.
      schemaValidation: 'ignore',
      enableSchemaRequest: false,
      schemas: [
        {
          uri: `inmemory://tool-schemas/${encodeURIComponent(toolName)}.schema.json`,
          fileMatch: [modelUri.toString()],
          schema: schemaForEditor(schema),
        },
      ],
    });
    const editor = monaco.editor.create(container, {
      model,
      theme: editorTheme(document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      lineNumbersMinChars: 3,
      scrollBeyondLastLine: false,
      tabSize: 2,
      wordWrap: 'on',
      renderLineHighlight: 'line',
      fixedOverflowWidgets: true,
      ariaLabel: `Arguments for ${toolName}, JSON`,
      accessibilitySupport: 'auto',
      // Tab leaves the editor, so keyboard users are never trapped in it; Ctrl+M switches Tab to indenting.
      tabFocusMode: true,
      readOnly: latest.current.readOnly,
    });
    editorRef.current = editor;
    // Wrapping goes off as soon as an edit makes a long line, and back on once no line is long (checked after a pause).
    let wrapping = !longLineIn(model, 1, model.getLineCount());
    if (!wrapping) editor.updateOptions({ wordWrap: 'off' });
    let rescan = 0;
    const subscription = editor.onDidChangeModelContent((event) => {
      if (wrapping) {
        const lastLine = Math.min(
          model.getLineCount(),
          Math.max(...event.changes.map((change) => change.range.startLineNumber + change.text.split('\n').length - 1)),
        );
        const firstLine = Math.min(lastLine, ...event.changes.map((change) => change.range.startLineNumber));
        if (longLineIn(model, firstLine, lastLine)) {
          wrapping = false;
          editor.updateOptions({ wordWrap: 'off' });
        }
      } else {
        window.clearTimeout(rescan);
        rescan = window.setTimeout(() => {
          if (!model.isDisposed() && !longLineIn(model, 1, model.getLineCount())) {
            wrapping = true;
            editor.updateOptions({ wordWrap: 'on' });
          }
        }, 500);
      }
      const text = editor.getValue();
      // A character typed reaches Monaco through the EditContext, an event React does not know, so the render it
      // asks for waited behind Monaco's own frame: 25–33 ms keydown to verdict, against ~10 ms for a Backspace
      // (a keydown, which React renders at once). Rendered at once, as a Backspace is.
      if (takingOutsideText.current) onChangeRef.current(text);
      else flushSync(() => onChangeRef.current(text));
    });
    setStatus('ready');
    return () => {
      editorRef.current = null;
      window.clearTimeout(rescan);
      subscription.dispose();
      editor.dispose();
      model.dispose();
    };
  }, [loaded, container, page, toolName, schema]);

  // The editor was the page's last heavy part: once it is drawn ready (not before: the work it releases, the runtime's
  // start among it, would ask for its code while the editor is still being drawn), code blocks out of view may be
  // highlighted and the runtime start.
  useEffect(() => {
    if (status !== 'ready') return;
    page.highlighting.everywhereSoon();
    page.editor.settled();
  }, [page, status]);

  // Text from the form (or a reset) replaces the editor's, as one undoable edit. Anything else in `value` is the
  // editor's own text coming back, possibly older than what it holds now (keys typed before React rendered):
  // the editor is the source of truth for it and is never overwritten with it.
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || appliedRevision.current === revision) return;
    appliedRevision.current = revision;
    if (model.getValue() === value) return;
    editor.pushUndoStop();
    takingOutsideText.current = true;
    try {
      editor.executeEdits('playground', [{ range: model.getFullModelRange(), text: value }]);
    } finally {
      takingOutsideText.current = false;
    }
    editor.pushUndoStop();
  }, [value, revision, status]);

  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model) return;
    const text = model.getValue();
    monaco.editor.setModelMarkers(
      model,
      'validator',
      result && text === resultText ? (markers ?? markersFor(text, result)) : [],
    );
  }, [result, resultText, markers, status]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly });
  }, [readOnly, status]);

  useEffect(() => {
    monacoRef.current?.editor.setTheme(editorTheme(theme));
  }, [theme, status]);

  useImperativeHandle(handle, () => {
    const revealPosition = (line: number, column: number): boolean => {
      const editor = editorRef.current;
      if (!editor) return false;
      editor.setPosition({ lineNumber: line, column });
      editor.revealPositionInCenterIfOutsideViewport({ lineNumber: line, column });
      editor.focus();
      return true;
    };
    const revealParameter = (parameter: string): boolean => {
      const text = editorRef.current?.getValue();
      if (text === undefined) return false;
      const located = locateParameter(text, parameter);
      const position = offsetToLineColumn(text, located?.range.start ?? 0);
      return revealPosition(position.line, position.column);
    };
    return { revealPosition, revealParameter };
  }, []);

  const host = (
    <div ref={hostRef} className="json-editor-host" aria-labelledby={labelledBy} data-testid="json-editor" />
  );
  return onStatus ? host : <EditorFrame status={status}>{host}</EditorFrame>;
});
