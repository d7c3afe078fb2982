/**
 * The JSON editor's frame: the element that holds the editor and says how far it is (`data-status`), with the line
 * that says so until it is ready. It is drawn with the playground, before the editor's code is here, and stays the
 * same element while that code arrives and Monaco is made inside it: the place a person (or a test) scrolled to is
 * not drawn anew under them.
 */
import type { ReactNode } from 'react';

export type EditorStatus = 'loading' | 'ready' | 'failed';

export function EditorFrame({ status, children }: { status: EditorStatus; children?: ReactNode }) {
  return (
    <div className="json-editor" data-status={status}>
      {status !== 'ready' ? (
        <div className="json-editor-loading" role="status">
          {status === 'loading' ? (
            <>
              <span className="spinner" aria-hidden="true" /> Loading editor…
            </>
          ) : (
            'The editor could not load; the form still edits the arguments.'
          )}
        </div>
      ) : null}
      {children}
    </div>
  );
}
