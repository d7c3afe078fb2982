/**
 * The dark theme for a page without JavaScript: boot.js sets `data-theme` on <html> before the first paint, so with
 * JavaScript off a page had the light theme whatever the system's. Each rule written for `:root[data-theme='dark']`
 * gets a twin for `:root:not([data-theme])` inside `@media (prefers-color-scheme: dark)`, right after it (the cascade
 * is the same), so the palette stays written once (styles.css). With JavaScript on, `data-theme` is always set and the
 * twins never apply.
 */
import postcss, { type Plugin } from 'postcss';

const DARK = /:root\[data-theme=(['"]?)dark\1\]/;
const NO_THEME = ':root:not([data-theme])';

export function systemDarkTheme(): Plugin {
  return {
    postcssPlugin: 'tool-playground-system-dark',
    OnceExit(root) {
      root.walkRules((rule) => {
        // A rule already inside a media query keeps to it: only the top level's are twinned.
        if (rule.parent?.type !== 'root') return;
        const dark = rule.selectors.filter((selector) => DARK.test(selector));
        if (dark.length === 0) return;
        const twin = rule.clone({ selectors: dark.map((selector) => selector.replace(DARK, NO_THEME)) });
        rule.after(postcss.atRule({ name: 'media', params: '(prefers-color-scheme: dark)', nodes: [twin] }));
      });
    },
  };
}
