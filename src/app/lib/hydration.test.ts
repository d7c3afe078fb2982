// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyEarlyInput, createTakeover } from './hydration';

const takeover = createTakeover();
const takingOverPrerenderedPage = (): void => takeover.noteFields(document);
const replayEarlyInput = (root: HTMLElement | null): void => applyEarlyInput(takeover.takeEarlyInput(root));

describe('replayEarlyInput', () => {
  it('replays each prerendered field once, under whichever root takes it over first: the page, then the header', () => {
    document.body.innerHTML = `
      <div id="app"><header><select id="toolset"><option value="a" selected>a</option><option value="b">b</option></select></header>
      <main id="page"><input id="filter" value=""><input id="file" type="file"></main></div>`;
    const select = document.getElementById('toolset') as HTMLSelectElement;
    const filter = document.getElementById('filter') as HTMLInputElement;
    const seen: string[] = [];
    for (const element of [select, filter])
      for (const type of ['input', 'change']) element.addEventListener(type, () => seen.push(`${element.id}:${type}`));
    // Chosen and typed before the app took the page over.
    select.value = 'b';
    filter.value = 'read';
    takingOverPrerenderedPage();
    // The page's effect runs before the app's: the header's field is left to the app's root.
    replayEarlyInput(document.getElementById('page'));
    expect(seen).toEqual(['filter:input']);
    replayEarlyInput(document.getElementById('app'));
    expect(seen).toEqual(['filter:input', 'toolset:change']);
    // Once only: a later page (or a second call) replays nothing.
    replayEarlyInput(document.getElementById('app'));
    expect(seen).toHaveLength(2);
  });

  it('never touches a field the app drew itself', () => {
    document.body.innerHTML = '<main id="page"></main>';
    takingOverPrerenderedPage();
    const drawn = document.createElement('input');
    drawn.value = 'typed after';
    document.getElementById('page')!.append(drawn);
    let events = 0;
    drawn.addEventListener('input', () => (events += 1));
    replayEarlyInput(document.getElementById('page'));
    expect(events).toBe(0);
  });
});

describe('createTakeover', () => {
  it('keeps each page load its own: fields noted by one load are never taken by another', () => {
    document.body.innerHTML = '<main id="page"><input id="typed" value=""></main>';
    const first = createTakeover();
    const second = createTakeover();
    first.noteFields(document);
    (document.getElementById('typed') as HTMLInputElement).value = 'read';
    expect(second.takeEarlyInput(document.getElementById('page'))).toEqual([]);
    expect(first.takeEarlyInput(document.getElementById('page'))).toHaveLength(1);
  });
});

describe('a field that hydration sets back to the text of the markup', () => {
  it('still gives what was typed, as its input events said it', () => {
    document.body.innerHTML = '<main id="page"><textarea id="prompt">Default prompt.</textarea></main>';
    const takeover = createTakeover();
    const field = document.getElementById('prompt') as HTMLTextAreaElement;
    field.value = 'Typed before';
    takeover.noteFields(document);
    field.value = 'Typed before and during';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // What React's hydration of a textarea does: the value goes back to the markup's text.
    field.value = field.defaultValue;
    expect(takeover.takeEarlyInput(document.getElementById('page'))).toEqual([
      { element: field, typed: 'Typed before and during', caret: [23, 23, 'none'] },
    ]);
  });
});

describe('a textarea that hydration writes its markup text into', () => {
  const prerendered = () => {
    document.body.innerHTML = '<main id="page"><textarea id="prompt">Default prompt.</textarea></main>';
    const field = document.getElementById('prompt') as HTMLTextAreaElement;
    field.value = 'Typed before the takeover';
    field.setSelectionRange(5, 5);
    const takeover = createTakeover();
    takeover.noteFields(document);
    return { field, takeover };
  };
  // What React's hydration of a textarea does: the markup's text as its children, then as its value.
  const hydrate = (field: HTMLTextAreaElement) => {
    field.defaultValue = 'Default prompt.';
    field.value = field.defaultValue;
  };

  it('gets the typed text and the caret back before anything else can happen', async () => {
    const { field } = prerendered();
    hydrate(field);
    await Promise.resolve();
    expect(field.value).toBe('Typed before the takeover');
    expect([field.selectionStart, field.selectionEnd]).toEqual([5, 5]);
  });

  it('gets them back as it is taken, when the page takes it in the task that wrote it', () => {
    const { field, takeover } = prerendered();
    hydrate(field);
    expect(takeover.takeEarlyInput(document.getElementById('page'))).toEqual([
      { element: field, typed: 'Typed before the takeover', caret: [5, 5, 'none'] },
    ]);
    expect(field.value).toBe('Typed before the takeover');
    expect(field.selectionStart).toBe(5);
  });

  it('leaves a text the app writes once the field is taken', async () => {
    const { field, takeover } = prerendered();
    takeover.takeEarlyInput(document.getElementById('page'));
    hydrate(field);
    await Promise.resolve();
    expect(field.value).toBe('Default prompt.');
  });
});
