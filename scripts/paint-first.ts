import { createHash } from 'node:crypto';
import { criticalCss, pageMatcher, testedNames, type TestedNames } from './critical-css';

/**
 * A prerendered page made to paint at once: its stylesheets and boot.js inline, its entry and module
 * preloads inert until boot.js starts them once the page is painted.
 *
 * Measured on the built read_file page against a one-heading page from the same server (`npm run bench -- page`,
 * interleaved cold loads, 25 turns each, 2 cores at a load average of 25-30): as built, 3.6× its first contentful
 * paint; stylesheets inline alone did not move it measurably; without the ~25 `<link rel="modulepreload">` as well
 * (fetched and compiled while the page should be painting), 2.5×; with boot.js inline too (one blocking request
 * less), 2.0×. The page's chunks are fetched together once the page is painted (entryAfterPaint,
 * modulePreloadsAfterPaint).
 */

/** A stylesheet link as Vite and scripts/prerender.ts write them. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g;

/**
 * Each of the page's stylesheet links becomes its rules in a `<style>` (the policy's style-src allows inline styles),
 * followed by the same link `disabled`: a disabled stylesheet is neither fetched nor applied, but the bundler's loader
 * sees it is there and does not fetch it again when the page's chunk is imported.
 * `read` gives a stylesheet's text from its path below the base.
 */
export function inlineStylesheets(
  html: string,
  base: string,
  read: (file: string) => string,
  critical?: (css: string) => string,
): string {
  return html.replace(STYLESHEET, (_link, href: string) => {
    if (!href.startsWith(base))
      throw new Error(`The stylesheet ${href} is not below the site's base ${base}, so it cannot be inlined.`);
    const whole = read(href.slice(base.length)).trim();
    // A stylesheet cannot end the element that holds it (the bundler's CSS never has this text; a hand-written one might).
    if (/<\/style/i.test(whole)) throw new Error(`The stylesheet ${href} contains "</style", so it cannot be inlined.`);
    if (critical === undefined) return `<style>${whole}</style><link rel="stylesheet" disabled href="${href}">`;
    // Only the rules the page uses inline; the whole stylesheet is enabled once the page is painted (afterPaintStylesheets).
    const rules = critical(whole);
    return `${rules === '' ? '' : `<style>${rules}</style>`}<link rel="stylesheet" disabled data-after-paint href="${href}">`;
  });
}

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The page's module script made inert (`type="text/plain"`, neither fetched nor run) and marked `data-entry`: boot.js
 * starts it once the page is painted. Measured on the read_file page against a one-heading page (interleaved cold
 * loads, quiet 2-core machine): with the entry fetched at once its chunks were parsed in the background while the page
 * was laid out and rastered, and the paint came 20-40 ms later.
 */
export function entryAfterPaint(html: string): string {
  const match = ENTRY.exec(html);
  if (match === null) throw new Error('The page names no module script to start after its first paint.');
  return html.replace(ENTRY, (_tag, src: string) => `<script type="text/plain" data-entry src="${src}"></script>`);
}

const MODULE_PRELOAD_HREF = /<link rel="modulepreload" crossorigin href="([^"]+)"( media="[^"]+")?>/g;

/**
 * The page's module preloads made inert (`data-preload-after-paint`, no `rel`: neither fetched nor parsed) for boot.js
 * to start with the entry once the page is painted: the page's chunks are then fetched side by side with the entry,
 * not once it has been evaluated. Measured (read_file, cold loads): the editor's chunk asked for at about 380 ms, after
 * the entry and the editor's component, when the page was painted at about 180 ms. A preload's media condition is kept:
 * boot.js starts it only where it matches.
 */
export function modulePreloadsAfterPaint(html: string): string {
  return html.replace(
    MODULE_PRELOAD_HREF,
    (_link, href: string, media: string | undefined) => `<link data-preload-after-paint href="${href}"${media ?? ''}>`,
  );
}

/** The policy source that allows a script of exactly this text inline (`script-src`). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * boot.js (the theme before the first paint, the early clicks and drops) inline: the page no longer waits for it
 * before drawing. Its hash must be in the page's `script-src` (netlify.toml); the site's builder checks that it is (writePages).
 */
export function inlineBootScript(html: string, base: string, boot: string): string {
  const tag = `<script src="${base}boot.js"></script>`;
  if (!html.includes(tag)) throw new Error(`The page names no ${tag} to inline.`);
  if (/<\/script/i.test(boot)) throw new Error('boot.js contains "</script", so it cannot be inlined.');
  return html.replace(tag, () => `<script>${boot}</script>`);
}

const namesBySheet = new Map<string, TestedNames>();

/** The attribute names and ids a stylesheet's selectors test, read once a stylesheet. */
function namesOf(css: string): TestedNames {
  let names = namesBySheet.get(css);
  if (names === undefined) namesBySheet.set(css, (names = testedNames(css)));
  return names;
}

/**
 * All three, with only the critical CSS inline (scripts/critical-css.ts): what the site's builder writes for every
 * page. `read` gives a built file's text from its path below the base.
 */
export function paintFirst(html: string, base: string, read: (file: string) => string): string {
  const tested = { attributes: new Set<string>(), ids: new Set<string>() };
  for (const [, href] of html.matchAll(STYLESHEET)) {
    if (!href!.startsWith(base)) continue;
    const names = namesOf(read(href!.slice(base.length)));
    for (const name of names.attributes) tested.attributes.add(name);
    for (const id of names.ids) tested.ids.add(id);
  }
  const matcher = pageMatcher(html, tested);
  try {
    return inlineBootScript(
      entryAfterPaint(
        modulePreloadsAfterPaint(inlineStylesheets(html, base, read, (css) => criticalCss(css, matcher))),
      ),
      base,
      read('boot.js'),
    );
  } finally {
    matcher.close();
  }
}
