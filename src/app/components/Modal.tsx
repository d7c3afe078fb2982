import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './modal.css';

interface ModalProps {
  title: string;
  /** Esc and the backdrop mean this (deny, dismiss). */
  onCancel: () => void;
  children: ReactNode;
  /** Extra class for the dialog (e.g. a warning tone). */
  className?: string;
  /** CSS colour of the top border (the risk colour). */
  accent?: string;
  /** Selector of the element to focus first inside the dialog. */
  initialFocus?: string;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal on the native <dialog>: the rest of the page is inert while it is open, Esc cancels,
 * Tab cycles inside it, and focus returns where it was when it closes.
 */
export function Modal({ title, onCancel, children, className, accent, initialFocus }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      (initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null) ??
      dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const onNativeCancel = (event: Event) => {
      event.preventDefault();
      cancelRef.current();
    };
    dialog.addEventListener('cancel', onNativeCancel);
    return () => {
      dialog.removeEventListener('cancel', onNativeCancel);
      if (dialog.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancelRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className={`exec-modal ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      style={accent ? { borderTopColor: accent } : undefined}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialogRef.current) cancelRef.current();
      }}
    >
      <div className="exec-modal-body">
        <h2 id={titleId} className="exec-modal-title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
