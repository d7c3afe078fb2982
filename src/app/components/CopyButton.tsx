import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard';

interface CopyButtonProps {
  /** The text, or what makes it when pressed (it may load code first). */
  text: string | (() => string | Promise<string>);
  /** What is copied, for the accessible name: "Copy JSON Schema". */
  label: string;
  children?: string;
  className?: string;
}

export function CopyButton({ text, label, children = 'Copy', className }: CopyButtonProps) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (status === 'idle') return;
    const timer = window.setTimeout(() => setStatus('idle'), 1800);
    return () => window.clearTimeout(timer);
  }, [status]);
  return (
    <button
      type="button"
      className={`button button-small ${className ?? ''}`}
      aria-label={label}
      onClick={async () =>
        setStatus((await copyText(typeof text === 'function' ? await text() : text)) ? 'copied' : 'failed')
      }
    >
      <span aria-live="polite">
        {status === 'copied' ? '✓ Copied' : status === 'failed' ? 'Copy failed' : children}
      </span>
    </button>
  );
}
