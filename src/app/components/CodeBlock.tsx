import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { highlightWhenIdle } from '../lib/highlight';
import { usePage } from '../lib/page';
import { CopyButton } from './CopyButton';

interface CodeBlockProps {
  code: string;
  /** Accessible name of the block and its copy button. */
  label: string;
  actions?: ReactNode;
  maxHeight?: number;
}

/** How far outside the viewport a block starts highlighting, so scrolling finds it done. */
export const NEAR_VIEWPORT = '300px 0px';

/** True once the element has come near the viewport (at once where IntersectionObserver is missing). */
export function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * JSON shown as plain text at once, then highlighted by shiki (same font and line height, so nothing moves):
 * when the block comes near the viewport, or once the page has settled.
 */
export function CodeBlock({ code, label, actions, maxHeight }: CodeBlockProps) {
  const [highlighted, setHighlighted] = useState<{ code: string; html: string } | null>(null);
  const figureRef = useRef<HTMLElement>(null);
  const near = useNearViewport(figureRef);
  const { highlighting } = usePage();
  const settled = useSyncExternalStore(highlighting.subscribe, highlighting.settled, () => false);

  useEffect(() => {
    if (!near && !settled) return;
    let cancelled = false;
    const run = () => {
      highlighting
        .json(code)
        .then((html) => {
          if (!cancelled) setHighlighted({ code, html });
        })
        .catch(() => {
          // Highlighting is decoration: the plain text stays if shiki fails to load.
        });
    };
    if (near) {
      run();
      return () => {
        cancelled = true;
      };
    }
    const cancelIdle = highlightWhenIdle(run);
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [highlighting, code, near, settled]);

  const html = highlighted?.code === code ? highlighted.html : null;
  return (
    <figure className="code-block" ref={figureRef} data-highlighted={html ? 'true' : undefined}>
      <figcaption className="code-block-bar">
        <span className="code-block-label">{label}</span>
        <span className="code-block-actions">
          {actions}
          <CopyButton text={code} label={`Copy ${label}`} />
        </span>
      </figcaption>
      <div
        className="code-block-body"
        style={maxHeight ? { maxHeight } : undefined}
        tabIndex={0}
        role="region"
        aria-label={label}
      >
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
