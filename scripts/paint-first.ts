import { createHash } from 'node:crypto';
import { criticalCss, pageMatcher } from './critical-css';

/**
 * A prerendered page made to paint at once (issue 19): its stylesheets and boot.js inline, its module preloads gone.
 *
 * Measured on the built read_file page against a one-heading page from the same server (`npm run bench -- page`,
 * interleaved cold loads, 25 turns each, 2 cores at a load average of 25-30): as built, 3.6× its first contentful
 * paint; stylesheets inline alone did not move it measurably; without the ~25 `<link rel="modulepreload">` as well
 * (fetched and compiled while the page should be painting), 2.5×; with boot.js inline too (one blocking request
 * less), 2.0×. The page's chunks are still fetched together, once the page is painted: the entry asks for the page's
 * chunk (src/app/main.tsx) and the bundler's loader preloads its imports side by side.
 */

/** A stylesheet link as Vite and scripts/prerender.ts write them. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g;
const MODULE_PRELOAD = /\n?[ \t]*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * Each of the page's stylesheet links becomes its rules in a `<style>` (the policy's style-src allows inline styles),
 * followed by the same link `disabled`: a disabled stylesheet is neither fetched nor applied, but the bundler's loader
 * sees it is there and does not fetch it again when the page's chunk is imported.
 * `read` gives a stylesheet's text from its path below the base.
 */
export function inlineStylesheets(html: string, base: string, read: (file: string) => string, critical?: (css: string) => string): string {
  return html.replace(STYLESHEET, (_link, href: string) => {
    if (!href.startsWith(base)) throw new Error(`The stylesheet ${href} is not below the site's base ${base}, so it cannot be inlined.`);
    const whole = read(href.slice(base.length)).trim();
    // A stylesheet cannot end the element that holds it (the bundler's CSS never has this text; a hand-written one might).
    if (/<\/style/i.test(whole)) throw new Error(`The stylesheet ${href} contains "</style", so it cannot be inlined.`);
    if (critical === undefined) return `<style>${whole}</style><link rel="stylesheet" disabled href="${href}">`;
    // Only the rules the page uses inline; the whole stylesheet is enabled once the page is painted (afterPaintStylesheets).
    const rules = critical(whole);
    return `${rules === '' ? '' : `<style>${rules}</style>`}<link rel="stylesheet" disabled data-after-paint href="${href}">`;
  });
}

/** The page without its `<link rel="modulepreload">` lines (the module script itself stays). */
export function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '');
}

/** The policy source that allows a script of exactly this text inline (`script-src`). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * boot.js (the theme before the first paint, the early clicks and drops) inline: the page no longer waits for it
 * before drawing. Its hash must be in the page's `script-src` (netlify.toml); scripts/prerender.ts checks that it is.
 */
export function inlineBootScript(html: string, base: string, boot: string): string {
  const tag = `<script src="${base}boot.js"></script>`;
  if (!html.includes(tag)) throw new Error(`The page names no ${tag} to inline.`);
  if (/<\/script/i.test(boot)) throw new Error('boot.js contains "</script", so it cannot be inlined.');
  return html.replace(tag, () => `<script>${boot}</script>`);
}

/**
 * All three, with only the critical CSS inline (scripts/critical-css.ts): what scripts/prerender.ts writes for every
 * page. `read` gives a built file's text from its path below the base.
 */
export function paintFirst(html: string, base: string, read: (file: string) => string): string {
  const matcher = pageMatcher(html);
  try {
    return inlineBootScript(withoutModulePreloads(inlineStylesheets(html, base, read, (css) => criticalCss(css, matcher))), base, read('boot.js'));
  } finally {
    matcher.close();
  }
}
