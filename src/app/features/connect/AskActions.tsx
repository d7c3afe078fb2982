import type { ReactNode } from 'react';

/**
 * The answers to what a server asks: Decline (a no), Cancel (no answer, where the protocol has one), and the dialog's
 * own yes; and, where the request belongs to a call, Stop the call (the rest of the page is inert behind the dialog).
 */
export function AskActions({
  waiting,
  onDecline,
  onCancel,
  onStop,
  children,
}: {
  waiting: string | null;
  onDecline: () => void;
  onCancel?: () => void;
  onStop?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <div className="exec-modal-actions">
      {waiting ? <span className="muted small mcp-ask-waiting">{waiting}</span> : null}
      {onStop ? (
        <button type="button" className="button button-danger mcp-ask-stop" onClick={onStop}>
          Stop the call
        </button>
      ) : null}
      <button type="button" className="button mcp-ask-decline" onClick={onDecline}>
        Decline
      </button>
      {onCancel ? (
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
      {children}
    </div>
  );
}
