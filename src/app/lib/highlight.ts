import type { HighlighterCore } from 'shiki/core';

let highlighter: Promise<HighlighterCore> | null = null;

/** Shiki loads on first use, with only JSON and two themes, on the JavaScript regex engine (no WASM). */
function loadHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    return createHighlighterCore({
      themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
      langs: [import('shiki/langs/json.mjs')],
      engine: createJavaScriptRegexEngine(),
    });
  })();
  return highlighter;
}

/** HTML for JSON code, with both themes' colours as CSS variables; shiki escapes the code it is given. */
export async function highlightJson(code: string): Promise<string> {
  const loaded = await loadHighlighter();
  return loaded.codeToHtml(code, {
    lang: 'json',
    themes: { light: 'github-light', dark: 'github-dark' },
    defaultColor: false,
    // The code block's scroll region is the one tab stop; shiki's own `tabindex` on <pre> would add a second.
    tabindex: false,
  });
}

/*
 * When code blocks are highlighted. One near the viewport is highlighted at once; the others wait until the page
 * has settled (its editor ready), so shiki neither delays the docs and the editor nor leaves code plain for
 * someone who scrolls later.
 */
const SETTLE_DELAY_MS = 1000;
let settled = false;
let settling = false;
const settledListeners = new Set<() => void>();

const whenIdle = (callback: () => void, timeout = 2000) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout });
  else window.setTimeout(callback, 50);
};

/** Called once the page's own work is done: a moment later, in idle time, every code block may highlight. */
export function highlightEverywhereSoon(): void {
  if (settled || settling) return;
  settling = true;
  window.setTimeout(
    () =>
      whenIdle(() => {
        settled = true;
        for (const listener of settledListeners) listener();
      }),
    SETTLE_DELAY_MS,
  );
}

export const highlightSettled = (): boolean => settled;

export function subscribeHighlightSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

/** Runs highlighting work for a block out of view in idle time, one block per idle period. */
export function highlightWhenIdle(callback: () => void): () => void {
  let cancelled = false;
  whenIdle(() => {
    if (!cancelled) callback();
  });
  return () => {
    cancelled = true;
  };
}
