// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useEffect, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useEarlyActions } from './earlyEvents';
import { createPage, PageContext, type Page } from './page';

const bootScript = readFileSync(resolve('public/boot.js'), 'utf8');

interface Settings {
  provider: string;
  baseUrl: string;
  model: string;
  remember: boolean;
  mode: 'judge' | 'agent';
}
const DEFAULTS: Settings = {
  provider: 'openai',
  baseUrl: 'https://example.invalid/v1',
  model: '',
  remember: false,
  mode: 'judge',
};

/**
 * A form written as the Models page's is: each field's handler spreads the settings of its render, a later effect
 * updates them too, and the Send button reads them.
 */
function Form({ sent }: { sent: Settings[] }) {
  const root = useRef<HTMLFormElement>(null);
  useEarlyActions(root);
  const [settings, setSettings] = useState(DEFAULTS);
  useEffect(() => setSettings((current) => ({ ...current })), []);
  return (
    <form ref={root}>
      <select
        aria-label="Provider"
        value={settings.provider}
        onChange={(event) => setSettings({ ...settings, provider: event.target.value })}
      >
        <option value="openai">OpenAI</option>
        <option value="anthropic">Anthropic</option>
      </select>
      <input
        aria-label="Base URL"
        value={settings.baseUrl}
        onChange={(event) => setSettings({ ...settings, baseUrl: event.target.value })}
      />
      <input
        aria-label="Model"
        value={settings.model}
        onChange={(event) => setSettings({ ...settings, model: event.target.value })}
      />
      <input
        type="checkbox"
        aria-label="Remember"
        checked={settings.remember}
        onChange={(event) => setSettings({ ...settings, remember: event.target.checked })}
      />
      <input
        type="radio"
        name="mode"
        aria-label="Judge"
        checked={settings.mode === 'judge'}
        onChange={() => setSettings({ ...settings, mode: 'judge' })}
      />
      <input
        type="radio"
        name="mode"
        aria-label="Agent"
        checked={settings.mode === 'agent'}
        onChange={() => setSettings({ ...settings, mode: 'agent' })}
      />
      <button id="send" type="button" onClick={() => sent.push(settings)}>
        Send
      </button>
    </form>
  );
}

let root: Root | null = null;
const timers: ReturnType<typeof setTimeout>[] = [];
/** Whether the current test's page is still there: boot.js may ask for a timer from a frame callback after it is gone. */
let pageAlive = { value: false };

/** The form as the build draws it, with boot.js holding what is done to it. */
function prerendered(): { sent: Settings[]; container: HTMLDivElement } {
  const sent: Settings[] = [];
  const container = document.createElement('div');
  container.id = 'root';
  container.dataset.route = '{}';
  container.innerHTML = renderToString(
    <PageContext value={createPage()}>
      <Form sent={sent} />
    </PageContext>,
  );
  document.body.append(container);
  // Its timers are this test's: one left running, or asked for once the page is gone, would fire after the test.
  const alive = (pageAlive = { value: true });
  new Function('setTimeout', bootScript)((task: () => void, ms: number) => {
    if (alive.value) timers.push(setTimeout(task, ms));
  });
  return { sent, container };
}

/** The app takes the form over; the held Send comes once it has. */
async function takeOver(container: HTMLDivElement, sent: Settings[]): Promise<void> {
  const page: Page = createPage();
  page.takeover.noteFields(document);
  root = hydrateRoot(
    container,
    <PageContext value={page}>
      <Form sent={sent} />
    </PageContext>,
  );
  for (let turn = 0; turn < 50 && sent.length === 0; turn += 1) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('useEarlyActions on a page taken over with hydrateRoot', () => {
  afterEach(() => {
    root?.unmount();
    root = null;
    (window as unknown as { __releaseEarlyEvents?: (() => unknown) | null }).__releaseEarlyEvents?.();
    document.body.innerHTML = '';
    pageAlive.value = false;
    for (const timer of timers.splice(0)) clearTimeout(timer);
  });

  it('tells the app every field edited before the takeover, then the held click sees them all', async () => {
    const { sent, container } = prerendered();
    // The reader, before the app has the page: a provider, a base URL, a model, and Send.
    container.querySelector('select')!.value = 'anthropic';
    container.querySelector<HTMLInputElement>('[aria-label="Base URL"]')!.value = 'http://127.0.0.1:9/';
    container.querySelector<HTMLInputElement>('[aria-label="Model"]')!.value = 'large';
    container.querySelector<HTMLButtonElement>('#send')!.click();
    expect(sent).toEqual([]);

    await takeOver(container, sent);
    expect(sent).toEqual([
      { provider: 'anthropic', baseUrl: 'http://127.0.0.1:9/', model: 'large', remember: false, mode: 'judge' },
    ]);
    expect(container.querySelector('select')!.value).toBe('anthropic');
  });

  it('tells the app a box ticked and a choice made before the takeover', async () => {
    const { sent, container } = prerendered();
    container.querySelector<HTMLInputElement>('[aria-label="Remember"]')!.click();
    container.querySelector<HTMLInputElement>('[aria-label="Agent"]')!.click();
    container.querySelector<HTMLButtonElement>('#send')!.click();

    await takeOver(container, sent);
    expect(sent).toEqual([{ ...DEFAULTS, remember: true, mode: 'agent' }]);
    expect(container.querySelector<HTMLInputElement>('[aria-label="Remember"]')!.checked).toBe(true);
    expect(container.querySelector<HTMLInputElement>('[aria-label="Agent"]')!.checked).toBe(true);
    expect(container.querySelector<HTMLInputElement>('[aria-label="Judge"]')!.checked).toBe(false);
  });

  it('puts the caret where the person left it when the field holds an older text as the replay starts', async () => {
    const { sent, container } = prerendered();
    const model = container.querySelector<HTMLInputElement>('[aria-label="Model"]')!;
    model.focus();
    const page: Page = createPage();
    page.takeover.noteFields(document);
    // Typed key by key while the app loads: the takeover notes the text and the caret at each.
    for (const text of ['l', 'la', 'lar', 'larg', 'large', 'large-', 'large-m']) {
      model.value = text;
      model.setSelectionRange(text.length, text.length);
      model.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // Something writes an older text into the field before the replay (as a render of the app with its older value
    // does), which leaves the caret at the end of that text.
    model.value = 'large';
    container.querySelector<HTMLButtonElement>('#send')!.click();
    root = hydrateRoot(
      container,
      <PageContext value={page}>
        <Form sent={sent} />
      </PageContext>,
    );
    for (let turn = 0; turn < 50 && sent.length === 0; turn += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));

    expect(sent).toEqual([{ ...DEFAULTS, model: 'large-m' }]);
    expect(model.value).toBe('large-m');
    expect(document.activeElement).toBe(model);
    expect([model.selectionStart, model.selectionEnd]).toEqual([7, 7]);
  });
});
