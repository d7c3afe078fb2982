import type { ReactNode } from 'react';

/** The answers to what a server asks: Decline (a no), Cancel (no answer, where the protocol has one), and the dialog's own yes. */
export function AskActions({
  waiting,
  onDecline,
  onCancel,
  children,
}: {
  waiting: string | null;
  onDecline: () => void;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="exec-modal-actions">
      {waiting ? <span className="muted small mcp-ask-waiting">{waiting}</span> : null}
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
