import { createElement, useEffect, useId, useState } from 'react';
import type { ToolDefinition } from '../../../core/toolset/types';
import { homeToolsetId } from '../../../core/toolset/collection';
import { CopyButton } from '../../components/CopyButton';
import { SITE_BASE } from '../../lib/hrefs';
import { EMBED_THEMES, EMBED_VIEWS, type EmbedTheme, type EmbedView } from './protocol';

const VIEW_LABELS: Record<EmbedView, string> = {
  docs: 'Docs: description, parameters, examples',
  form: 'Form',
  editor: 'JSON editor',
  playground: 'Form and JSON editor',
  execute: 'Form, JSON editor and Execute',
};

/** The site's root (where embed.js and embed.html are), from the page's own address. */
function siteRoot(): URL {
  return new URL(SITE_BASE, window.location.href);
}

/** The two lines a page needs; attribute values are escaped so a tool name can never break out of its quotes. */
export function embedSnippet(
  root: URL,
  toolsetId: string,
  toolName: string,
  view: EmbedView,
  theme: EmbedTheme,
): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const attributes = [
    toolsetId === homeToolsetId() ? null : `toolset="${escape(toolsetId)}"`,
    `tool="${escape(toolName)}"`,
    `view="${view}"`,
    `theme="${theme}"`,
  ].filter(Boolean);
  return `<script type="module" src="${escape(new URL('embed.js', root).href)}"></script>\n<tool-playground ${attributes.join(' ')}></tool-playground>`;
}

/** The preview uses the very embed.js a host page loads (the browser loads a module once, however often asked). */
const loadElement = (root: URL): Promise<unknown> => import(/* @vite-ignore */ new URL('embed.js', root).href);

/** "Embed this tool": the snippet to copy, with the view and theme to choose, previewed live below. */
export function EmbedSnippet({ toolsetId, tool }: { toolsetId: string; tool: ToolDefinition }) {
  const [view, setView] = useState<EmbedView>('playground');
  const [theme, setTheme] = useState<EmbedTheme>('auto');
  const [loadError, setLoadError] = useState<string | null>(null);
  const root = siteRoot();
  const snippet = embedSnippet(root, toolsetId, tool.name, view, theme);
  const id = useId();

  const rootHref = root.href;
  useEffect(() => {
    loadElement(new URL(rootHref)).then(
      () => setLoadError(null),
      () => setLoadError('The preview could not load embed.js from this site.'),
    );
  }, [rootHref]);

  return (
    <div className="embed-snippet">
      <div className="embed-snippet-options">
        <label htmlFor={`${id}-view`}>View</label>
        <select id={`${id}-view`} value={view} onChange={(event) => setView(event.target.value as EmbedView)}>
          {EMBED_VIEWS.map((option) => (
            <option key={option} value={option}>
              {VIEW_LABELS[option]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-theme`}>Theme</label>
        <select id={`${id}-theme`} value={theme} onChange={(event) => setTheme(event.target.value as EmbedTheme)}>
          {EMBED_THEMES.map((option) => (
            <option key={option} value={option}>
              {option === 'auto' ? 'Auto (follows the reader’s system)' : option === 'light' ? 'Light' : 'Dark'}
            </option>
          ))}
        </select>
      </div>
      <figure className="code-block">
        <figcaption className="code-block-bar">
          <span className="code-block-label">Embed snippet</span>
          <span className="code-block-actions">
            <CopyButton text={snippet} label="Copy embed snippet" />
          </span>
        </figcaption>
        <div className="code-block-body" tabIndex={0} role="region" aria-label="Embed snippet">
          <pre className="shiki-fallback" data-testid="embed-snippet">
            <code>{snippet}</code>
          </pre>
        </div>
      </figure>
      <h3 className="embed-preview-title">Preview</h3>
      {loadError ? (
        <p className="muted" role="status">
          {loadError}
        </p>
      ) : (
        <div className="embed-preview" data-testid="embed-preview">
          {createElement('tool-playground', {
            key: `${view}/${theme}`,
            ...(toolsetId === homeToolsetId() ? {} : { toolset: toolsetId }),
            tool: tool.name,
            view,
            theme,
          })}
        </div>
      )}
    </div>
  );
}
