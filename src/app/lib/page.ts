/**
 * What one page load goes through, as a value: the editor it may wait for, when its code blocks highlight, what its
 * scroller holds in view. Made by each entry point (main.tsx, embed.tsx, ssr.tsx) and handed down through
 * PageContext, as the validator is through ValidatorContext; no module keeps any of it.
 */
import { createContext, useContext } from 'react';
import { createEditorGate, type EditorGate } from './editorSettled';
import { createHighlighting, type Highlighting } from './highlight';
import { createScroller, type Scroller } from './motion';

export interface Page {
  /** Work put off until the page's editor is drawn. */
  editor: EditorGate;
  highlighting: Highlighting;
  scroller: Scroller;
}

export function createPage(): Page {
  return { editor: createEditorGate(), highlighting: createHighlighting(), scroller: createScroller() };
}

export const PageContext = createContext<Page | null>(null);

export function usePage(): Page {
  const page = useContext(PageContext);
  if (page === null) throw new Error('usePage: no page was provided; wrap the tree in <PageContext value={createPage()}> at the entry point.');
  return page;
}
