// @vitest-environment jsdom
import { act, Suspense, use } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createPage, PageContext } from '../../lib/page';
import { mountRootPerTest } from '../../lib/mountedRoot.test-support';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A stand-in for Monaco that records where editors are made: the module is the lazy chunk JsonEditor imports.
const created: HTMLElement[] = [];
let arrive: () => void = () => {};
const arrived = new Promise<void>((resolve) => (arrive = resolve));
vi.mock('./monaco/loadMonaco', async () => {
  await arrived;
  const model = {
    getLineCount: () => 1,
    getLineLength: () => 2,
    getValue: () => '{}',
    isDisposed: () => false,
    dispose: () => {},
    getFullModelRange: () => ({}),
  };
  const editor = {
    onDidChangeModelContent: () => ({ dispose: () => {} }),
    updateOptions: () => {},
    dispose: () => {},
    getModel: () => model,
    getValue: () => '{}',
  };
  const monaco = {
    Uri: { parse: (uri: string) => ({ toString: () => uri }) },
    editor: {
      defineTheme: () => {},
      getModel: () => null,
      createModel: () => model,
      create: (host: HTMLElement) => {
        created.push(host);
        return editor;
      },
      setModelMarkers: () => {},
      setTheme: () => {},
    },
  };
  return { monaco, jsonDefaults: { setDiagnosticsOptions: () => {} } };
});

const { JsonEditor } = await import('./JsonEditor');
const mounted = mountRootPerTest();

/** Suspends while `pending` is given: the page above the editor waiting for data again (a live toolset refreshed). */
function MaybeSuspend({ pending }: { pending: Promise<void> | null }) {
  if (pending) use(pending);
  return null;
}

const schema = { type: 'object' } as const;
/** An editor of an empty call to read_file, with nothing checked yet. */
const editorProps = {
  toolName: 'read_file',
  schema,
  value: '{}',
  revision: 0,
  onChange: () => {},
  result: null,
  resultText: '',
  markers: null,
  labelledBy: 'x',
};
const page = createPage();

const tree = (pending: Promise<void> | null) => (
  <PageContext value={page}>
    <Suspense fallback={<p>page loading</p>}>
      <MaybeSuspend pending={pending} />
      <JsonEditor {...editorProps} />
    </Suspense>
  </PageContext>
);

describe('JsonEditor', () => {
  it('is made once Monaco arrives, even when the page above suspended again in the meantime', async () => {
    await act(async () => mounted.root.render(tree(null)));
    const host = mounted.container.querySelector('.json-editor');
    expect(host?.getAttribute('data-status')).toBe('loading');

    // The page suspends again (its tree hidden, its refs let go) and Monaco arrives during that time.
    let resume: () => void = () => {};
    const pending = new Promise<void>((resolve) => (resume = resolve));
    await act(async () => mounted.root.render(tree(pending)));
    await act(async () => {
      arrive();
      await arrived;
    });
    expect(created).toHaveLength(0);

    // Shown again: the editor is made in its host, and no longer says it is loading.
    await act(async () => {
      resume();
      await pending;
    });
    await act(async () => mounted.root.render(tree(null)));
    expect(created).toHaveLength(1);
    expect(mounted.container.querySelector('.json-editor')?.getAttribute('data-status')).toBe('ready');
  });

  it('framed by its caller: draws only its host in that frame, and tells the caller each status', async () => {
    const statuses: string[] = [];
    const { EditorFrame } = await import('./EditorFrame');
    const framed = (status: 'loading' | 'ready' | 'failed') => (
      <PageContext value={page}>
        <EditorFrame status={status}>
          <JsonEditor {...editorProps} onStatus={(next) => statuses.push(next)} />
        </EditorFrame>
      </PageContext>
    );
    await act(async () => mounted.root.render(framed('loading')));
    const frame = mounted.container.querySelector('.json-editor');
    expect(mounted.container.querySelectorAll('.json-editor')).toHaveLength(1);
    await act(async () => {
      arrive();
      await arrived;
    });
    expect(statuses).toEqual(['loading', 'ready']);
    await act(async () => mounted.root.render(framed('ready')));
    expect(mounted.container.querySelector('.json-editor')).toBe(frame);
    expect(frame?.getAttribute('data-status')).toBe('ready');
    expect(frame?.querySelector('.json-editor-loading')).toBeNull();
  });
});
