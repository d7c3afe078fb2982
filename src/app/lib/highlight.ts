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
