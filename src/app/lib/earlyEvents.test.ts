// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replayEarlyEvents } from './earlyEvents';

// The project's root is the working directory (jsdom gives this module an http: URL).
const bootScript = readFileSync(resolve('public/boot.js'), 'utf8');

/** A prerendered page as the build writes it, with public/boot.js run as the page's <head> runs it. */
function prerenderedPage(): { root: HTMLElement; reactSaw: string[] } {
  document.body.innerHTML = `
    <div id="root" data-route="{}">
      <button id="try" type="button">Try it</button>
      <button id="search" type="button" aria-keyshortcuts="Control+K">Search tools</button>
      <form id="fetch"><input name="url" /><button id="go" type="submit">Fetch</button></form>
      <div id="drop">Drop a file here</div>
      <a id="link" href="#elsewhere">Elsewhere</a>
      <textarea id="import" data-paste-limit="100"></textarea>
      <input id="name" type="text" value="My " />
      <input id="short" type="text" maxlength="5" value="ab" />
    </div>`;
  new Function(bootScript)();
  const root = document.getElementById('root')!;
  // Where React listens once it has the page: on the root.
  const reactSaw: string[] = [];
  for (const type of ['click', 'submit', 'drop'])
    root.addEventListener(type, (event) => reactSaw.push(`${type}:${(event.target as Element).id}`));
  return { root, reactSaw };
}

const release = () => (window as unknown as { __releaseEarlyEvents?: (() => unknown[]) | null }).__releaseEarlyEvents;

describe('public/boot.js and the replay of early events', () => {
  beforeEach(() => {
    delete (window as unknown as { __releaseEarlyEvents?: unknown }).__releaseEarlyEvents;
  });
  afterEach(() => {
    release()?.();
    document.body.innerHTML = '';
  });

  it('holds a button click made before the takeover, keeps it from the app, and replays it once', () => {
    const { reactSaw } = prerenderedPage();
    document.getElementById('try')!.click();
    expect(reactSaw).toEqual([]);
    replayEarlyEvents();
    expect(reactSaw).toEqual(['click:try']);
    // Released: a later click is the app's alone, and a second replay has nothing to give.
    document.getElementById('try')!.click();
    replayEarlyEvents();
    expect(reactSaw).toEqual(['click:try', 'click:try']);
    expect(release()).toBeNull();
  });

  it("holds a submit button's form submission, not its click as well, so the form is submitted once", () => {
    const { reactSaw } = prerenderedPage();
    document.getElementById('go')!.click();
    // The click goes on (it is what submits the form); the submission is held.
    expect(reactSaw).toEqual(['click:go']);
    replayEarlyEvents();
    expect(reactSaw.filter((seen) => seen.startsWith('submit'))).toEqual(['submit:fetch']);
  });

  it('keeps the browser from acting on a held submission or drop', () => {
    prerenderedPage();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.getElementById('fetch')!.dispatchEvent(submit);
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    document.getElementById('drop')!.dispatchEvent(drop);
    expect(submit.defaultPrevented).toBe(true);
    expect(drop.defaultPrevented).toBe(true);
  });

  it('holds a dropped file (the browser does not open it) and drops it again on the same element', () => {
    const { root, reactSaw } = prerenderedPage();
    const drop = document.getElementById('drop')!;
    const event = new Event('drop', { bubbles: true, cancelable: true }) as Event & { dataTransfer: unknown };
    const file = new File(['{}'], 'calls.jsonl');
    event.dataTransfer = { files: [file] };
    drop.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(reactSaw).toEqual([]);
    // jsdom has no DataTransfer: a stand-in that keeps the files, as the browser's does.
    const items: File[] = [];
    (globalThis as unknown as { DataTransfer: unknown }).DataTransfer = class {
      items = { add: (added: File) => items.push(added) };
      files = items;
    };
    (globalThis as unknown as { DragEvent: unknown }).DragEvent = class extends Event {
      dataTransfer: unknown;
      constructor(type: string, init: EventInit & { dataTransfer?: unknown }) {
        super(type, init);
        this.dataTransfer = init.dataTransfer;
      }
    };
    let received: File[] = [];
    root.addEventListener(
      'drop',
      (replayed) => (received = (replayed as unknown as { dataTransfer: { files: File[] } }).dataTransfer.files),
    );
    replayEarlyEvents();
    expect(reactSaw).toEqual(['drop:drop']);
    expect(received).toEqual([file]);
  });

  it('leaves links and clicks outside a prerendered page alone', () => {
    const { reactSaw } = prerenderedPage();
    document.getElementById('link')!.click();
    expect(reactSaw).toEqual(['click:link']);
    document.getElementById('root')!.removeAttribute('data-route');
    document.getElementById('try')!.click();
    expect(reactSaw).toEqual(['click:link', 'click:try']);
  });

  it("holds Ctrl+K and Cmd+K (the browser does nothing with them) and replays each once, for the app's listener", () => {
    prerenderedPage();
    const seen: string[] = [];
    const press = (init: KeyboardEventInit) => {
      const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
      document.body.dispatchEvent(event);
      return event;
    };
    expect(press({ key: 'k', ctrlKey: true }).defaultPrevented).toBe(true);
    expect(press({ key: 'K', metaKey: true, shiftKey: true }).defaultPrevented).toBe(true);
    // The app's search shortcut as App.tsx listens for it: on the window, before anything else.
    const listener = (event: KeyboardEvent) =>
      seen.push(
        `${event.key}:${event.ctrlKey}:${event.metaKey}:${event.shiftKey}:${(event.target as Element).tagName}`,
      );
    window.addEventListener('keydown', listener, { capture: true });
    try {
      replayEarlyEvents();
      expect(seen).toEqual(['k:true:false:false:BODY', 'K:false:true:true:BODY']);
      // Released: a later Ctrl+K is the app's alone.
      press({ key: 'k', ctrlKey: true });
      replayEarlyEvents();
      expect(seen).toHaveLength(3);
    } finally {
      window.removeEventListener('keydown', listener, { capture: true });
    }
  });

  it('lets other keys, Ctrl+Alt+K, a key the app took already, and keys on a page not prerendered go on', () => {
    prerenderedPage();
    const press = (init: KeyboardEventInit, taken = false) => {
      const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
      if (taken) event.preventDefault();
      const reached = { value: false };
      const after = () => (reached.value = true);
      document.body.addEventListener('keydown', after);
      document.body.dispatchEvent(event);
      document.body.removeEventListener('keydown', after);
      return reached.value && (taken || !event.defaultPrevented);
    };
    expect(press({ key: 'k' })).toBe(true);
    expect(press({ key: 'Enter', ctrlKey: true })).toBe(true);
    expect(press({ key: 'k', ctrlKey: true, altKey: true })).toBe(true);
    expect(press({ key: 'k', ctrlKey: true }, true)).toBe(true);
    document.getElementById('root')!.removeAttribute('data-route');
    expect(press({ key: 'k', ctrlKey: true })).toBe(true);
    expect(release()!()).toEqual([]);
  });

  it('replays a held Ctrl+K to the document when the focused element is gone', () => {
    prerenderedPage();
    const input = document.querySelector<HTMLInputElement>('input[name="url"]')!;
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }));
    input.remove();
    const targets: unknown[] = [];
    const listener = (event: Event) => targets.push(event.target);
    window.addEventListener('keydown', listener, { capture: true });
    try {
      replayEarlyEvents();
    } finally {
      window.removeEventListener('keydown', listener, { capture: true });
    }
    expect(targets).toEqual([document]);
  });

  /** A key pressed on `on` (the page itself unless named): whether it went on to the page's own handling. */
  const press = (init: KeyboardEventInit, on: Element = document.body) => {
    const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
    on.dispatchEvent(event);
    return !event.defaultPrevented;
  };

  /** The keys replayed, as the app's search listens for them (on the window, before anything else). */
  function replayedKeys(): string[] {
    const seen: string[] = [];
    const listener = (event: KeyboardEvent) =>
      seen.push(`${event.ctrlKey ? 'Ctrl+' : ''}${event.key}@${(event.target as Element).id || 'body'}`);
    window.addEventListener('keydown', listener, { capture: true });
    try {
      replayEarlyEvents();
    } finally {
      window.removeEventListener('keydown', listener, { capture: true });
    }
    return seen;
  }

  it("holds the keys typed after Ctrl+K, wherever the focus is, and replays them after it for the app's search", () => {
    prerenderedPage();
    const name = document.getElementById('name')!;
    // Before the search is opened, a key is the page's.
    expect(press({ key: 'g' }, name)).toBe(true);
    expect(press({ key: 'k', ctrlKey: true })).toBe(false);
    // The keys the search takes: characters, Backspace and Enter, in a text field too.
    expect(press({ key: 'r' })).toBe(false);
    expect(press({ key: ' ' })).toBe(false);
    expect(press({ key: 'e' }, name)).toBe(false);
    expect(press({ key: 'Backspace' })).toBe(false);
    expect(press({ key: 'Enter' })).toBe(false);
    // Not the search's: moving the focus, other shortcuts, a key composing a character.
    expect(press({ key: 'Tab' })).toBe(true);
    expect(press({ key: 'ArrowDown' })).toBe(true);
    expect(press({ key: 'a', ctrlKey: true })).toBe(true);
    expect(press({ key: 'x', altKey: true })).toBe(true);
    expect(press({ key: 'a', isComposing: true })).toBe(true);
    expect(replayedKeys()).toEqual(['Ctrl+k@body', 'r@body', ' @body', 'e@name', 'Backspace@body', 'Enter@body']);
  });

  it('holds the keys typed after a click on the search button, and none after an Escape closed the search', () => {
    const { reactSaw } = prerenderedPage();
    document.getElementById('try')!.click();
    expect(press({ key: 'a' })).toBe(true);
    document.getElementById('search')!.click();
    expect(press({ key: 'a' })).toBe(false);
    expect(press({ key: 'Escape' })).toBe(false);
    expect(press({ key: 'b' })).toBe(true);
    const keys = replayedKeys();
    expect(reactSaw).toEqual(['click:try', 'click:search']);
    expect(keys).toEqual(['a@body', 'Escape@body']);
  });

  it('holds a small binary paste into a text area with a limit, and replays it to the app, which leaves the text area as it was', () => {
    prerenderedPage();
    const area = document.getElementById('import') as HTMLTextAreaElement;
    const paste = (text: string) => {
      const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
      event.clipboardData = { getData: () => text };
      area.dispatchEvent(event);
      return event;
    };
    // Text goes on to the text area as the browser pastes it; binary (a NUL, or mostly control characters) is held.
    expect(paste('{"tools": []}').defaultPrevented).toBe(false);
    expect(paste('PK\u0003\u0004\u0000\u0000').defaultPrevented).toBe(true);
    expect(paste('\u0001\u0002\u0003ab').defaultPrevented).toBe(true);
    const seen: string[] = [];
    (globalThis as unknown as { DataTransfer: unknown }).DataTransfer = class {
      data = new Map<string, string>();
      setData(type: string, value: string) {
        this.data.set(type, value);
      }
      getData(type: string) {
        return this.data.get(type) ?? '';
      }
    };
    (globalThis as unknown as { ClipboardEvent: unknown }).ClipboardEvent = class extends Event {
      clipboardData: unknown;
      constructor(type: string, init: EventInit & { clipboardData?: unknown }) {
        super(type, init);
        this.clipboardData = init.clipboardData;
      }
    };
    // The app's paste handler: it refuses binary text and keeps the text area as it was.
    area.addEventListener('paste', (event) => {
      seen.push((event as unknown as { clipboardData: DataTransfer }).clipboardData.getData('text/plain'));
      event.preventDefault();
    });
    replayEarlyEvents();
    expect(seen).toEqual(['PK\u0003\u0004\u0000\u0000', '\u0001\u0002\u0003ab']);
    expect(area.value).toBe('');
  });

  it('puts a text dropped on a text field no drop zone takes into it, for the app to read; a drop zone keeps its own', () => {
    const { root, reactSaw } = prerenderedPage();
    const drop = (id: string, text: string) => {
      const event = new Event('drop', { bubbles: true, cancelable: true }) as Event & { dataTransfer: unknown };
      event.dataTransfer = { files: [], getData: () => text };
      document.getElementById(id)!.dispatchEvent(event);
      return event;
    };
    // Held, so the browser neither inserts it nor opens it yet.
    expect(drop('name', 'Tools').defaultPrevented).toBe(true);
    expect(drop('short', 'cdefgh').defaultPrevented).toBe(true);
    expect(drop('drop', 'a zone').defaultPrevented).toBe(true);
    expect(drop('link', 'elsewhere').defaultPrevented).toBe(true);
    const name = document.getElementById('name') as HTMLInputElement;
    expect(name.value).toBe('My ');
    (globalThis as unknown as { DataTransfer: unknown }).DataTransfer = class {
      items = { add: () => undefined };
      setData() {}
    };
    (globalThis as unknown as { DragEvent: unknown }).DragEvent = class extends Event {};
    // The zone takes its drop (the app's useFileDrop cancels it); nothing else does.
    document.getElementById('drop')!.addEventListener('drop', (event) => event.preventDefault());
    const inputs: string[] = [];
    root.addEventListener('input', (event) => inputs.push((event.target as HTMLInputElement).id));
    replayEarlyEvents();
    expect(reactSaw).toEqual(['drop:name', 'drop:short', 'drop:drop', 'drop:link']);
    expect(name.value).toBe('My Tools');
    expect(document.activeElement).toBe(document.getElementById('short'));
    // As much as the field's maxlength leaves room for.
    expect((document.getElementById('short') as HTMLInputElement).value).toBe('abcde');
    expect(inputs).toEqual(['name', 'short']);
    expect(document.getElementById('link')!.textContent).toBe('Elsewhere');
  });

  it('keeps the browser from opening a drop around the content of a prerendered page, and leaves other pages alone', () => {
    prerenderedPage();
    const drop = () => {
      const event = new Event('drop', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event;
    };
    expect(drop().defaultPrevented).toBe(true);
    document.getElementById('root')!.removeAttribute('data-route');
    expect(drop().defaultPrevented).toBe(false);
  });

  it('replays nothing on an element the app drew anew', () => {
    const { reactSaw } = prerenderedPage();
    document.getElementById('try')!.click();
    document.getElementById('try')!.remove();
    replayEarlyEvents();
    expect(reactSaw).toEqual([]);
  });
});
