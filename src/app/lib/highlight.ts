import type { HighlighterCore } from 'shiki/core';

/**
 * Shiki loads on first use, with only JSON and two themes, on the JavaScript regex engine (no WASM); a workspace
 * file's grammar loads when a file of that language is shown. `forgiving`: a grammar pattern the engine cannot run
 * leaves that token plain rather than failing the file.
 */
export function loadHighlighter(): Promise<HighlighterCore> {
  return (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    return createHighlighterCore({
      themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
      langs: [import('shiki/langs/json.mjs')],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
}

/*
 * When code blocks are highlighted. One near the viewport is highlighted at once; the others wait until the page
 * has settled (its editor ready), so shiki neither delays the docs and the editor nor leaves code plain for
 * someone who scrolls later.
 */
const SETTLE_DELAY_MS = 1000;

const whenIdle = (callback: () => void, timeout = 2000) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout });
  else window.setTimeout(callback, 50);
};

export interface Highlighting {
  /** HTML for JSON code, with both themes' colours as CSS variables; shiki escapes the code it is given. */
  json(code: string): Promise<string>;
  /** The page's one highlighter (for workspace files, whose grammars load as they are shown). */
  highlighter(): Promise<HighlighterCore>;
  /** Called once the page's own work is done: a moment later, in idle time, every code block may highlight. */
  everywhereSoon(): void;
  /** Whether every code block may highlight now. */
  settled(): boolean;
  subscribe(listener: () => void): () => void;
}

/** One page load's highlighting: shiki loaded once, and when blocks out of view may highlight. */
export function createHighlighting(): Highlighting {
  let highlighter: Promise<HighlighterCore> | null = null;
  let settled = false;
  let settling = false;
  const listeners = new Set<() => void>();
  return {
    highlighter: () => (highlighter ??= loadHighlighter()),
    async json(code) {
      const loaded = await (highlighter ??= loadHighlighter());
      return loaded.codeToHtml(code, {
        lang: 'json',
        themes: { light: 'github-light', dark: 'github-dark' },
        defaultColor: false,
        // The code block's scroll region is the one tab stop; shiki's own `tabindex` on <pre> would add a second.
        tabindex: false,
      });
    },
    everywhereSoon() {
      if (settled || settling) return;
      settling = true;
      window.setTimeout(
        () =>
          whenIdle(() => {
            settled = true;
            for (const listener of listeners) listener();
          }),
        SETTLE_DELAY_MS,
      );
    },
    settled: () => settled,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
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
