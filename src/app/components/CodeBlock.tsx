import { useEffect, useState, type ReactNode } from 'react';
import { highlightJson } from '../lib/highlight';
import { CopyButton } from './CopyButton';

interface CodeBlockProps {
  code: string;
  /** Accessible name of the block and its copy button. */
  label: string;
  actions?: ReactNode;
  maxHeight?: number;
}

/** JSON shown as plain text at once, then highlighted when shiki has loaded. */
export function CodeBlock({ code, label, actions, maxHeight }: CodeBlockProps) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    setHtml(null);
    highlightJson(code)
      .then((highlighted) => {
        if (!cancelled) setHtml(highlighted);
      })
      .catch(() => {
        // Highlighting is decoration: the plain text stays if shiki fails to load.
      });
    return () => {
      cancelled = true;
    };
  }, [code]);
  return (
    <figure className="code-block">
      <figcaption className="code-block-bar">
        <span className="code-block-label">{label}</span>
        <span className="code-block-actions">
          {actions}
          <CopyButton text={code} label={`Copy ${label}`} />
        </span>
      </figcaption>
      <div className="code-block-body" style={maxHeight ? { maxHeight } : undefined} tabIndex={0} role="region" aria-label={label}>
        {html ? (
          // shiki escapes the code it highlights; this is the one place HTML is injected.
          <div dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <pre className="shiki-fallback">
            <code>{code}</code>
          </pre>
        )}
      </div>
    </figure>
  );
}
