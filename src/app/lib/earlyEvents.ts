import { useEffect, type RefObject } from 'react';
import { applyEarlyInput, type EarlyEdit } from './hydration';
import { usePage } from './page';

/**
 * The clicks, form submissions, drops, pastes past a text area's limit or binary, Ctrl/Cmd+K, and the keys typed for the
 * search it or its button opened, made on a prerendered page before the app took it over: public/boot.js holds them (the
 * page had no handlers yet), and the app replays them on the same elements once it has taken over, in the order they
 * came, so the search opens with its query typed. An element the app did not keep (a page drawn anew) gets no click,
 * submission or drop; a key is the whole page's, so it goes to the document then. A text dropped where no drop
 * zone takes it lands in the text field it was dropped on (elsewhere nothing happens, as boot.js kept the browser from
 * opening it in place of the page).
 */
type HeldKey = {
  type: 'keydown';
  target: EventTarget;
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
};
type Held =
  | { type: 'click'; target: Element }
  | { type: 'submit'; target: Element }
  | { type: 'drop'; target: Element; files: File[]; text: string }
  | { type: 'paste'; target: Element; text: string }
  | HeldKey;

export function replayEarlyEvents(): void {
  const release = (window as unknown as { __releaseEarlyEvents?: (() => Held[]) | null }).__releaseEarlyEvents;
  if (typeof release !== 'function') return;
  for (const event of release()) {
    if (event.type === 'keydown') {
      const { target, type, ...init } = event;
      const on = target instanceof Node && target.isConnected ? target : document;
      on.dispatchEvent(new KeyboardEvent(type, { ...init, bubbles: true, cancelable: true, composed: true }));
      continue;
    }
    if (!event.target.isConnected) continue;
    if (event.type === 'click') (event.target as HTMLElement).click();
    else if (event.type === 'submit') (event.target as HTMLFormElement).requestSubmit();
    else if (event.type === 'paste') {
      // Held for being past the text area's limit: the app's paste handler measures it again and takes it whole.
      const transfer = new DataTransfer();
      transfer.setData('text/plain', event.text);
      event.target.dispatchEvent(
        new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: transfer }),
      );
    } else {
      const transfer = new DataTransfer();
      for (const file of event.files) transfer.items.add(file);
      if (event.files.length === 0 && event.text) transfer.setData('text/plain', event.text);
      const taken = !event.target.dispatchEvent(
        new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }),
      );
      // No drop zone took it: a text dropped on a text field lands in it, as the browser's own drop would have put it.
      const field = textFieldOf(event.target);
      if (!taken && event.files.length === 0 && event.text && field) dropInto(field, event.text);
    }
  }
}

/** The input types whose value is free text. */
const TEXT_INPUT = /^(?:text|search|url|email|tel|password)$/;

/** The element as a text field a drop can write in, or null. */
function textFieldOf(target: Element): HTMLInputElement | HTMLTextAreaElement | null {
  const field =
    target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && TEXT_INPUT.test(target.type))
      ? target
      : null;
  return field && !field.disabled && !field.readOnly ? field : null;
}

/**
 * The text put in the field at its selection (at its end when it was not being edited), as much as its `maxlength`
 * leaves room for, with the input event the app's handlers read (React's onChange among them).
 */
function dropInto(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const editing = document.activeElement === field;
  const start = editing ? (field.selectionStart ?? field.value.length) : field.value.length;
  const end = editing ? (field.selectionEnd ?? start) : start;
  const room = field.maxLength >= 0 ? Math.max(0, field.maxLength - field.value.length + (end - start)) : text.length;
  const inserted = text.slice(0, room);
  if (inserted === '') return;
  field.focus();
  field.setRangeText(inserted, start, end, 'end');
  field.dispatchEvent(
    typeof InputEvent === 'function'
      ? new InputEvent('input', { bubbles: true, inputType: 'insertFromDrop', data: inserted })
      : new Event('input', { bubbles: true }),
  );
}

/**
 * The field being edited and its selection, put back after the replay: a value set by script leaves the caret at its
 * end. When the field's own typed text is replayed, the caret goes where the person left it with that text, as the
 * takeover noted it at their last key: the field may hold something else when the replay starts (a render of the app
 * between their last key and the replay writes the app's older value into it), and a caret read from that would put
 * the next keys a few characters back. Otherwise the text is unchanged and the caret goes back where it was. An edit
 * replayed in another field can change this one (a provider chosen before the takeover puts its default base URL
 * in): someone who had selected the whole field to type over it then typed after the new value instead of replacing
 * it (the Models e2e read "https://api.anthropic.comhttp://…"), so a whole selection stays whole.
 */
function keepFocusedSelection(edits: readonly EarlyEdit[]): () => void {
  const field = document.activeElement;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return () => {};
  const own = edits.find((edit) => edit.element === field && 'typed' in edit);
  // Only when the field holds something else: a field still holding the typed text has the live caret, later than
  // the noted one by a move of the caret the browser has not reported yet.
  const noted =
    own && 'typed' in own && own.caret && field.value !== own.typed ? { text: own.typed, caret: own.caret } : null;
  let start: number | null;
  let end: number | null;
  try {
    start = field.selectionStart;
    end = field.selectionEnd;
  } catch {
    return () => {};
  }
  if (start === null || end === null) return () => {};
  const before = field.value;
  const whole = before.length > 0 && start === 0 && end === before.length;
  const direction = field.selectionDirection ?? 'none';
  return () => {
    if (document.activeElement !== field) return;
    if (noted && field.value === noted.text) {
      field.setSelectionRange(...noted.caret);
      return;
    }
    const length = field.value.length;
    if (field.value === before) field.setSelectionRange(start, end, direction);
    else if (whole) field.setSelectionRange(0, length);
    else field.setSelectionRange(Math.min(start, length), Math.min(end, length));
  };
}

/**
 * Called by every page the build prerenders, at its top. A page under a Suspense boundary is taken over after the
 * rest of the app (React hydrates each boundary in a pass of its own), so the page itself says when its elements
 * have their handlers: then what was typed, clicked, submitted or dropped on it meanwhile happens, once.
 */
export function useEarlyActions(root: RefObject<HTMLElement | null>): void {
  const { takeover } = usePage();
  useEffect(() => {
    // Noted now, told to the app once its effects are over: React renders nothing while they run, so edits replayed
    // in one of them each saw the state from before all of them, and a form kept only its last field (the Models
    // page lost the provider, base URL and model typed before the takeover). From a microtask, each replayed edit
    // is rendered before the next, and a held click that sends the form sees them all.
    const edits = takeover.takeEarlyInput(root.current);
    queueMicrotask(() => {
      const restoreSelection = keepFocusedSelection(edits);
      applyEarlyInput(edits);
      replayEarlyEvents();
      restoreSelection();
    });
  }, [root, takeover]);
}

/**
 * For a part of the app outside any page (the header's toolset switcher): what was chosen in its fields before the
 * takeover is told to the app once its effects are over, as useEarlyActions does for a page. Held clicks are left to
 * the page, which replays them once its own elements have their handlers.
 */
export function useEarlyInput(root: RefObject<HTMLElement | null>): void {
  const { takeover } = usePage();
  useEffect(() => {
    const edits = takeover.takeEarlyInput(root.current);
    if (edits.length > 0) queueMicrotask(() => applyEarlyInput(edits));
  }, [root, takeover]);
}
