import { useMemo, useState } from 'react';
import { downloadFile } from '../lib/download';
import { describeHidden, OUTPUT_WINDOW, SHOW_MORE_STEP, windowText } from '../lib/textWindow';
import './bounded-text.css';

interface BoundedTextProps {
  text: string;
  /** Accessible name of the text, and its test id. */
  label: string;
  /** The name a download of the whole text gets. */
  fileName: string;
  /** The class of each <pre> (the panel's own look). */
  className: string;
  /** Offer the whole text as a download (false where the page offers it already). */
  download?: boolean;
}

/** Characters as decimal megabytes or kilobytes (as much as an ASCII download holds). */
const sizeOf = (chars: number) =>
  chars >= 1_000_000 ? `${(chars / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(chars / 1000))} KB`;

/**
 * A text laid out only as far as a page can afford: a long one shows its first and last lines, says how many are
 * not shown, and offers more of them on request or the whole text as a download.
 */
export function BoundedText({ text, label, fileName, className, download = true }: BoundedTextProps) {
  // How many "show more" steps were taken, for this text only: another text starts from the first window.
  const [more, setMore] = useState<{ text: string; steps: number }>({ text, steps: 0 });
  const steps = more.text === text ? more.steps : 0;
  const window = useMemo(
    () =>
      windowText(text, {
        head: {
          lines: OUTPUT_WINDOW.head.lines + steps * SHOW_MORE_STEP.lines,
          chars: OUTPUT_WINDOW.head.chars + steps * SHOW_MORE_STEP.chars,
        },
        tail: OUTPUT_WINDOW.tail,
      }),
    [text, steps],
  );
  if (window.whole) {
    return (
      <pre className={className} tabIndex={0} aria-label={label} data-testid={label}>
        {text}
      </pre>
    );
  }
  const hidden = describeHidden(window);
  return (
    <div className="bounded-text" data-testid={label} role="group" aria-label={label}>
      <pre className={`${className} bounded-text-head`} tabIndex={0} aria-label={`${label}: first lines`}>
        {window.head}
      </pre>
      <div className="bounded-text-gap">
        <span className="bounded-text-hidden" data-testid="hidden-lines">
          … {hidden}
        </span>
        <button type="button" className="button button-small" onClick={() => setMore({ text, steps: steps + 1 })}>
          {window.hiddenLines > 0
            ? `Show ${Math.min(window.hiddenLines, SHOW_MORE_STEP.lines).toLocaleString('en-US')} more lines`
            : 'Show more'}
        </button>
        {download ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => downloadFile(fileName, text, 'text/plain;charset=utf-8')}
          >
            Download all ({sizeOf(text.length)})
          </button>
        ) : null}
      </div>
      <pre className={`${className} bounded-text-tail`} tabIndex={0} aria-label={`${label}: last lines`}>
        {window.tail}
      </pre>
    </div>
  );
}
