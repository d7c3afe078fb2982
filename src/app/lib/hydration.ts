/**
 * The fields of the prerendered page, noted as the app takes it over: hydration keeps these elements, so each page
 * (and the header, through the app's root) replays what was done in its own fields, once, whichever takes over first.
 * One per page load (the Page value holds it).
 */
export interface Takeover {
  /** Said by the entry point when it hydrates a prerendered page (rather than drawing one). */
  noteFields(document: Document): void;
  /** The fields below `root` edited before the takeover, each field once (see takeEarlyInput). */
  takeEarlyInput(root: HTMLElement | null): EarlyEdit[];
}

/**
 * React's hydration of a textarea sets its value back to the markup's text (the value the page was drawn with), so
 * what was typed before the page's part was taken over is read from the field's own input events, not from the field.
 */
type TypedText = WeakMap<Element, string>;

type TextField = HTMLInputElement | HTMLTextAreaElement;
const isTextField = (target: EventTarget | null): target is TextField =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

/** A field's selection as the person left it: start, end and direction. */
type Caret = [number, number, 'forward' | 'backward' | 'none'];

function caretOf(field: TextField): Caret | null {
  try {
    const { selectionStart, selectionEnd, selectionDirection } = field;
    return selectionStart === null || selectionEnd === null
      ? null
      : [selectionStart, selectionEnd, selectionDirection ?? 'none'];
  } catch {
    // A field with no selection (a number field).
    return null;
  }
}

/** The field's text set as the person's, past React's value tracking (the app is told through applyEarlyInput). */
function setOwnText(field: TextField, text: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
}

export function createTakeover(): Takeover {
  const prerenderedFields = new Set<Element>();
  const typed: TypedText = new WeakMap();
  const carets = new WeakMap<Element, Caret>();
  const markupText = new WeakMap<Element, string>();
  /**
   * React's hydration of a textarea writes the markup's text into it and moves the caret to its end (once per attempt:
   * a hydration interrupted by a keystroke starts again). What was typed and the caret go back before the task ends,
   * so the person never sees the field change and no key typed meanwhile lands in the markup's text.
   */
  const keepTyped = (field: Element) => {
    const text = typed.get(field);
    if (!(field instanceof HTMLTextAreaElement) || text === undefined || field.value === text) return;
    if (field.value !== markupText.get(field)) return;
    setOwnText(field, text);
    const caret = carets.get(field);
    if (caret) field.setSelectionRange(...caret);
  };
  return {
    noteFields(document) {
      for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
        'input, textarea, select',
      )) {
        prerenderedFields.add(field);
        if (field instanceof HTMLSelectElement) continue;
        if (field.value !== field.defaultValue) typed.set(field, field.value);
        if (field instanceof HTMLTextAreaElement) markupText.set(field, field.defaultValue);
        const caret = caretOf(field);
        if (caret) carets.set(field, caret);
      }
      // Every keystroke and every move of the caret in a field still to be taken over is noted as it lands, until the
      // field is taken: the caret too at each keystroke, since the browser reports the move after the input.
      const onInput = (event: Event) => {
        const field = event.target;
        if (isTextField(field) && prerenderedFields.has(field)) {
          typed.set(field, field.value);
          const caret = caretOf(field);
          if (caret) carets.set(field, caret);
        }
        if (prerenderedFields.size === 0) stop();
      };
      const onSelection = (event: Event) => {
        const field = event.target;
        const caret = isTextField(field) && prerenderedFields.has(field) ? caretOf(field) : null;
        if (caret) carets.set(field as TextField, caret);
      };
      // The hydration's write is a mutation of the textarea's children, seen before the task that made it ends.
      const keeper = new MutationObserver((records) => {
        for (const { target } of records) {
          const field = target instanceof Element ? target : target.parentElement;
          if (field && prerenderedFields.has(field)) keepTyped(field);
        }
        if (prerenderedFields.size === 0) stop();
      });
      for (const field of document.querySelectorAll('textarea'))
        keeper.observe(field, { childList: true, characterData: true, subtree: true });
      const stop = () => {
        document.removeEventListener('input', onInput, true);
        document.removeEventListener('selectionchange', onSelection, true);
        keeper.disconnect();
      };
      document.addEventListener('input', onInput, true);
      document.addEventListener('selectionchange', onSelection, true);
    },
    // A hydration that commits and runs its effects in the task that wrote the field takes it before the mutation is
    // seen: the typed text is put back as it is taken.
    takeEarlyInput: (root) => takeEarlyInput(prerenderedFields, typed, carets, root, keepTyped),
  };
}

/** A field edited before the app took the page over, and what it held then. */
export type EarlyEdit =
  | { element: HTMLSelectElement; selected: boolean[] }
  | { element: HTMLInputElement; file: true }
  | { element: HTMLInputElement; checked: boolean }
  | { element: HTMLInputElement | HTMLTextAreaElement; typed: string; caret: Caret | null };

/**
 * What someone typed or chose in a prerendered page's fields before the app took it over: the browser kept it in
 * the field, but the app's state is still the page's default. Noted once the fields below `root` are the app's
 * (fields React drew itself are never taken), each field once; applyEarlyInput tells it to the app.
 */
function takeEarlyInput(
  prerenderedFields: Set<Element>,
  typed: TypedText,
  carets: WeakMap<Element, Caret>,
  root: HTMLElement | null,
  keepTyped: (field: Element) => void,
): EarlyEdit[] {
  const edits: EarlyEdit[] = [];
  if (!root || prerenderedFields.size === 0) return edits;
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  )) {
    if (!prerenderedFields.has(element)) continue;
    keepTyped(element);
    prerenderedFields.delete(element);
    if (element instanceof HTMLSelectElement) {
      const selected = [...element.options].map((option) => option.selected);
      if ([...element.options].some((option) => option.selected !== option.defaultSelected))
        edits.push({ element, selected });
      continue;
    }
    if (element instanceof HTMLInputElement && element.type === 'file') {
      if (element.files && element.files.length > 0) edits.push({ element, file: true });
      continue;
    }
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      // A box ticked or cleared, or a choice made (a radio is told by the one chosen).
      if (element.checked !== element.defaultChecked && (element.type === 'checkbox' || element.checked))
        edits.push({ element, checked: element.checked });
      continue;
    }
    const text = typed.get(element) ?? element.value;
    if (text !== element.defaultValue) edits.push({ element, typed: text, caret: carets.get(element) ?? null });
  }
  return edits;
}

/**
 * The edits told to the app as the edits they were, in order, so a filter typed at once filters, a file chosen at
 * once is read, and nothing is lost. A render of the app in between may have put its state back in the fields.
 */
export function applyEarlyInput(edits: EarlyEdit[]): void {
  for (const edit of edits) {
    const { element } = edit;
    if (!element.isConnected) continue;
    if ('selected' in edit) {
      const options = [...(element as HTMLSelectElement).options];
      edit.selected.forEach((selected, index) => {
        if (options[index]) options[index].selected = selected;
      });
      element.dispatchEvent(new Event('change', { bubbles: true }));
    } else if ('file' in edit) element.dispatchEvent(new Event('change', { bubbles: true }));
    else if ('checked' in edit) {
      // React hears a box through its click: the box as React drew it, then the reader's click.
      const box = element as HTMLInputElement;
      box.checked = !edit.checked;
      box.click();
    } else {
      // React notices an edit by comparing the field with the value it last saw: show it the default first
      // (through the element, which React watches), then the typed text (past it), then the input event.
      const field = element as TextField;
      field.value = field.defaultValue;
      setOwnText(field, edit.typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
