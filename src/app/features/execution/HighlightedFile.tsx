import { useEffect, useRef, useState } from 'react';
import { usePage } from '../../lib/page';
import { highlightCode, languageForPath } from './highlightFile';

interface HighlightedFileProps {
  path: string;
  content: string;
  /** Number of the first line shown (a read_file range may start later). */
  startLine?: number;
  /** Line to scroll to and mark. */
  focusLine?: number;
  maxHeight?: number;
}

/** A file's text with line numbers: plain at once, highlighted when shiki and the grammar have loaded. */
export function HighlightedFile({
  path,
  content: text,
  startLine = 1,
  focusLine,
  maxHeight = 480,
}: HighlightedFileProps) {
  // A line break ends the line before it: the text after the last one is no line of its own (five lines read, five drawn).
  const content = text.replace(/\r?\n$/, '');
  const [html, setHtml] = useState<string | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const language = languageForPath(path);
  const { highlighting } = usePage();

  useEffect(() => {
    let cancelled = false;
    setHtml(null);
    highlightCode(highlighting.highlighter(), content, language)
      .then((highlighted) => {
        if (!cancelled) setHtml(highlighted);
      })
      .catch(() => {
        // Highlighting is decoration: the plain text stays.
      });
    return () => {
      cancelled = true;
    };
  }, [content, language, highlighting]);

  useEffect(() => {
    if (!focusLine || !bodyRef.current) return;
    const lines = bodyRef.current.querySelectorAll<HTMLElement>('.line');
    const target = lines[focusLine - startLine];
    if (!target) return;
    for (const line of lines) line.classList.remove('line-focus');
    target.classList.add('line-focus');
    target.scrollIntoView({ block: 'center' });
  }, [focusLine, startLine, html]);

  const plainLines = html ? [] : content.split('\n');
  return (
    <div
      ref={bodyRef}
      className="exec-file"
      style={{ maxHeight, ['--first-line' as string]: String(startLine - 1) }}
      tabIndex={0}
      role="region"
      aria-label={`Contents of ${path}`}
      data-language={language}
    >
      {html ? (
        // shiki escapes the file text; this is shiki's own markup.
        <div dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <pre className="shiki-fallback">
          <code>
            {plainLines.map((line, index) => (
              <span className="line" key={index}>
                {line}
                {index < plainLines.length - 1 ? '\n' : ''}
              </span>
            ))}
          </code>
        </pre>
      )}
    </div>
  );
}
