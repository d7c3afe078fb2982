/**
 * Stands in for markdown-to-jsx in the page's build (vite.config.ts aliases `markdown-to-jsx/react` here). rjsf
 * renders Markdown only where a uiSchema enables it, which this site never does: descriptions, imported ones
 * above all, are shown as text. The real renderer cost the tool page about 31 KB gzip for nothing.
 */
import { createElement, type ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }): ReactNode {
  return createElement('span', null, children);
}
