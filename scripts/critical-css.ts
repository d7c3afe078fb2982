/**
 * The critical CSS of a prerendered page: the rules of a stylesheet that can apply to the markup the build
 * wrote, in their order, so the page paints with them inline and loads the whole stylesheet once it is painted.
 *
 * Conservative: a rule is dropped only when none of its selectors matches any element of the page, in either theme
 * (boot.js sets data-theme on <html> before the first paint) or with none (JavaScript off), with states the page cannot have at load (hover,
 * focus, open popovers…) and pseudo-elements set aside. A selector the matcher cannot read is kept. At-rules other
 * than conditional groups (@font-face, @keyframes, @property, @layer statements) are kept whole, and the rules nested
 * in a kept rule go with it. Measured on the read_file page: 45 KB of stylesheets, of which the docs use about a third.
 */
import { createRequire } from 'node:module';
import type { JSDOM as Jsdom } from 'jsdom';

// jsdom is loaded when a page is matched, not with this module: the installed CLI (`site build`) has no jsdom and
// paints its pages with whole stylesheets instead (paint-first.ts, paintWithoutCritical).
const requireHere = createRequire(import.meta.url);
import postcss, { type AtRule, type ChildNode, type Container, type Rule } from 'postcss';

/** Pseudo-elements (`::before`, `:after`…): they belong to their element, which is what is matched. */
const PSEUDO_ELEMENT = /::[\w-]+(?:\([^()]*\))?|:(?:before|after|first-line|first-letter)\b/gi;
/** States a page has not at load but may have at any moment: their rules stay when their element is there. */
const STATE =
  /:(?:hover|focus|focus-visible|focus-within|active|visited|target|target-within|placeholder-shown|autofill|-webkit-autofill|popover-open|modal|open|fullscreen|user-invalid|user-valid|invalid|valid|indeterminate|checked)\b(?!-)/gi;
/** Conditional group rules: their rules are filtered like the top level's. */
const GROUPS = new Set(['media', 'supports', 'container', 'layer', 'scope', 'document']);

/** The selector as matched against the page: states and pseudo-elements set aside. */
export function staticSelector(selector: string): string {
  const stripped = selector.replace(PSEUDO_ELEMENT, '').replace(STATE, '').trim();
  // Nothing left but combinators (`::selection`, `:hover > x` is not): any element.
  if (stripped === '') return '*';
  // A compound that was only a state (`.a :hover`) now ends in a space or a combinator: it means any element there.
  return stripped.replace(/([\s>+~(,])$/, '$1*');
}

export interface PageMatcher {
  /** Whether a selector can match an element of the page (true when it cannot be read). */
  matches: (selector: string) => boolean;
  close: () => void;
}

/** The classes and ids a selector requires, when it can be read without a parser (no parentheses, no escapes). */
function requiredNames(selector: string): { classes: string[]; ids: string[] } | null {
  if (/[()\\]/.test(selector)) return null;
  // Attribute values are no names: [href$=".pdf"] requires no class pdf.
  const bare = selector.replace(/\[[^\]]*\]/g, '[]');
  return { classes: [...bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!), ids: [...bare.matchAll(/#(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!) };
}

/**
 * A matcher over the page's markup, as painted in the light theme and in the dark one. A selector naming a class or
 * an id the page does not have is answered without querying: measured, querying every selector of every page made the
 * prerender of 60 pages take minutes on a busy machine.
 */
export function pageMatcher(html: string): PageMatcher {
  const { JSDOM } = requireHere('jsdom') as { JSDOM: typeof Jsdom };
  const dom = new JSDOM(html);
  const document = dom.window.document;
  const classes = new Set<string>();
  const ids = new Set<string>();
  for (const element of document.querySelectorAll('*')) {
    for (const name of element.classList) classes.add(name);
    if (element.id !== '') ids.add(element.id);
  }
  const cache = new Map<string, boolean>();
  const matches = (selector: string): boolean => {
    const cached = cache.get(selector);
    if (cached !== undefined) return cached;
    let found = false;
    const query = staticSelector(selector);
    const names = requiredNames(query);
    if (names !== null && (names.classes.some((name) => !classes.has(name)) || names.ids.some((name) => !ids.has(name)))) {
      cache.set(selector, false);
      return false;
    }
    // Only a selector that names the theme can match in one theme and not the other, or with none (JavaScript off).
    const themes = query.includes('data-theme') ? ['light', 'dark', null] : ['light'];
    for (const theme of themes) {
      if (theme === null) delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = theme;
      document.documentElement.style.colorScheme = theme ?? '';
      try {
        found = document.querySelector(query) !== null;
      } catch {
        found = true;
      }
      if (found) break;
    }
    cache.set(selector, found);
    return found;
  };
  return { matches, close: () => dom.window.close() };
}

function keepIfUsed(container: Container<ChildNode>, matches: (selector: string) => boolean): void {
  for (const node of [...(container.nodes ?? [])]) {
    if (node.type === 'rule') {
      const rule = node as Rule;
      if (!rule.selectors.some(matches)) rule.remove();
    } else if (node.type === 'atrule') {
      const atRule = node as AtRule;
      if (!GROUPS.has(atRule.name.toLowerCase()) || atRule.nodes === undefined) continue;
      keepIfUsed(atRule, matches);
      if (atRule.nodes.length === 0) atRule.remove();
    } else if (node.type === 'comment') node.remove();
  }
}

/** The rules of `css` that can apply to the page `matcher` was made from, as CSS text. */
export function criticalCss(css: string, matcher: Pick<PageMatcher, 'matches'>): string {
  const root = postcss.parse(css);
  keepIfUsed(root, matcher.matches);
  return root.toString().trim();
}
