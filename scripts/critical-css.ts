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
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { JSDOM as Jsdom } from 'jsdom';
import type { DefaultTreeAdapterMap } from 'parse5';

// jsdom (a dependency of the package, for `site build`) is loaded when a page is matched, not with this module: the
// CLI's other commands start without it.
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
  return {
    classes: [...bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!),
    ids: [...bare.matchAll(/#(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!),
  };
}

/** What depends on an element's siblings or its text, which the page's outline (below) does not keep. */
const STRUCTURAL =
  /:(?:first|last|only)-(?:child|of-type)\b|:nth-(?:last-)?(?:child|of-type)\([^()]*\)|:empty\b|:has\([^()]*\)/g;

/**
 * A selector that holds wherever `selector` does, with no sibling combinator and no structural pseudo-class, or null
 * when it cannot be made so (nested parentheses): the outline then answers it. Each such part is dropped: `A + B`
 * becomes `B` (a sibling has the same ancestors), `tr:last-child` becomes `tr`, an emptied `:not()` goes.
 */
export function outlineSelector(selector: string): string | null {
  const attributes: string[] = [];
  // Attribute values may hold any character: set aside while the selector is read.
  let text = selector.replace(/\[[^\]]*\]/g, (attribute) => `[${attributes.push(attribute) - 1}]`);
  text = text.replace(STRUCTURAL, '').replace(/:(?:not|is|where)\(\s*\)/g, '');
  if (/:(?:first|last|only|nth)-|:empty|:has\(/.test(text)) return null;
  if (/\(\s*,|,\s*,|,\s*\)/.test(text)) return null;
  if (/[+~]/.test(text)) {
    if (/\([^)]*[\s>+~][^)]*\)/.test(text)) return null;
    let before;
    do {
      before = text;
      text = text.replace(/(^|[\s>])[^\s>+~]*\s*[+~]\s*/, '$1');
    } while (text !== before);
  }
  text = text.trim().replace(/[\s>]+$/, (tail) => `${tail}*`);
  return (text === '' ? '*' : text).replace(/\[(\d+)\]/g, (_whole, index: string) => attributes[Number(index)]!);
}

type Parse5Parent = DefaultTreeAdapterMap['document'] | DefaultTreeAdapterMap['element'];

interface OutlineElement {
  namespace: string;
  tag: string;
  attributes: { name: string; value: string; namespace?: string }[];
  children: OutlineElement[];
}

/**
 * The page's outline: its elements with each set of same-named siblings of the same attributes merged into one,
 * recursively, and no text. An element of the page has an element of the outline with the same attributes and the
 * same chain of ancestors, and the other way round, so a selector of compounds joined by descendant and child
 * combinators matches the page exactly when it matches the outline. Measured on a 1,000-tool site: a tool page of
 * ~3,000 elements (one row per parameter and per finding) has an outline of a few hundred, and querying the outline
 * instead of the page took the critical CSS from about 100 ms a page to a few.
 */
function outlineOf(html: string, valueOf: (name: string, value: string) => string | null): OutlineElement {
  const { parse } = requireFromJsdom('parse5') as {
    parse: (html: string, options: { scriptingEnabled: boolean }) => Parse5Parent;
  };
  const merge = (parents: readonly Parse5Parent[]): OutlineElement[] => {
    const groups = new Map<string, { element: OutlineElement; sources: Parse5Parent[] }>();
    for (const parent of parents) {
      for (const child of parent.childNodes) {
        if (!('tagName' in child)) continue;
        const attributes: OutlineElement['attributes'] = [];
        for (const attribute of child.attrs) {
          const value = valueOf(attribute.name, attribute.value);
          if (value !== null)
            attributes.push({
              name: attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name,
              value,
              ...(attribute.namespace ? { namespace: attribute.namespace } : {}),
            });
        }
        const key = `${child.namespaceURI} ${child.tagName} ${JSON.stringify(attributes)}`;
        const group = groups.get(key) ?? {
          element: { namespace: child.namespaceURI, tag: child.tagName, attributes, children: [] },
          sources: [],
        };
        group.sources.push(child);
        groups.set(key, group);
      }
    }
    return [...groups.values()].map(({ element, sources }) => ({ ...element, children: merge(sources) }));
  };
  // As jsdom parses a page (no scripting): what a <noscript> holds is elements.
  const document = parse(html, { scriptingEnabled: false });
  const root = merge([document]).find((element) => element.tag === 'html');
  if (root === undefined) throw new Error('The page has no <html> element to match selectors against.');
  return root;
}

const requireFromJsdom = (name: string): unknown => createRequire(requireHere.resolve('jsdom'))(name);

/** One document for every page's outline, in turn: a window is costly to make, and pages are matched one at a time. */
let sharedDocument: Document | undefined;

function documentFor(outline: OutlineElement): { document: Document; root: HTMLElement } {
  if (sharedDocument === undefined) {
    const { JSDOM } = requireHere('jsdom') as { JSDOM: typeof Jsdom };
    sharedDocument = new JSDOM('<!doctype html><html></html>').window.document;
  }
  const document = sharedDocument;
  const build = (element: OutlineElement): Element => {
    const made = document.createElementNS(element.namespace, element.tag);
    for (const attribute of element.attributes) {
      try {
        if (attribute.namespace) made.setAttributeNS(attribute.namespace, attribute.name, attribute.value);
        else made.setAttribute(attribute.name, attribute.value);
      } catch {
        // A name the parser accepts and the DOM refuses (`"`, `<`): no selector can name it either.
      }
    }
    for (const child of element.children) made.append(build(child));
    return made;
  };
  return { document, root: build(outline) as HTMLElement };
}

/** Attributes that pseudo-classes read (`:disabled`, `:link`, `:lang()`, `:in-range`…): an outline keeps them. */
const READ_BY_PSEUDO_CLASSES = new Set([
  'href',
  'disabled',
  'required',
  'readonly',
  'contenteditable',
  'selected',
  'checked',
  'lang',
  'dir',
  'type',
  'multiple',
  'open',
  'hidden',
  'value',
  'min',
  'max',
  'step',
  'placeholder',
  'pattern',
]);
/** Of those, the ones whose value they read. */
const VALUE_READ_BY_PSEUDO_CLASSES = new Set(['lang', 'dir', 'type', 'value', 'min', 'max', 'step', 'contenteditable']);
const ATTRIBUTE_NAME = /\[\s*(?:[\w*-]*\|)?(-?[_a-zA-Z][\w:-]*)/g;
const ID_NAME = /#(-?[_a-zA-Z][\w-]*)/g;

/** The attribute names and the ids that selectors can test. */
export interface TestedNames {
  attributes: ReadonlySet<string>;
  ids: ReadonlySet<string>;
}

/** The attribute names and ids the selectors of `css` test, read generously (a name too many only keeps a value). */
export function testedNames(css: string): { attributes: Set<string>; ids: Set<string> } {
  return {
    attributes: new Set([...css.matchAll(ATTRIBUTE_NAME)].map((match) => match[1]!.toLowerCase())),
    ids: new Set([...css.matchAll(ID_NAME)].map((match) => match[1]!)),
  };
}

/**
 * A matcher over the page's markup, as painted in the light theme and in the dark one. A selector naming a class or
 * an id the page does not have is answered without querying: measured, querying every selector of every page made the
 * prerender of 60 pages take minutes on a busy machine. The others are queried on the page's outline (outlineOf).
 *
 * `tested`, the attribute names and ids the stylesheets can test (testedNames), lets the outline leave out the other
 * attributes and the values no selector reads (a parameter's name, a link's address, an id no rule names), which would
 * keep apart rows, and pages, that match the same selectors. A selector naming an attribute or an id outside them is
 * then kept unread.
 */
export function pageMatcher(html: string, tested?: TestedNames): PageMatcher {
  const valueOf = (name: string, value: string): string | null => {
    if (tested === undefined || name === 'class') return value;
    const lower = name.toLowerCase();
    if (lower === 'id') return tested.ids.has(value) ? value : '';
    if (tested.attributes.has(lower) || VALUE_READ_BY_PSEUDO_CLASSES.has(lower)) return value;
    return READ_BY_PSEUDO_CLASSES.has(lower) ? '' : null;
  };
  const outline = outlineOf(html, valueOf);
  const known = answersFor(
    createHash('sha256')
      .update(
        JSON.stringify([
          outline,
          tested === undefined ? null : [[...tested.attributes].sort(), [...tested.ids].sort()],
        ]),
      )
      .digest('base64'),
  );
  if (known.classes === undefined) {
    const classes = new Set<string>();
    const ids = new Set<string>();
    const walk = (element: OutlineElement) => {
      for (const attribute of element.attributes) {
        if (attribute.name === 'class')
          for (const name of attribute.value.split(/\s+/)) if (name !== '') classes.add(name);
        if (attribute.name === 'id' && attribute.value !== '') ids.add(attribute.value);
      }
      element.children.forEach(walk);
    };
    walk(outline);
    Object.assign(known, { classes, ids });
  }
  const { classes, ids, answers } = known as Required<KnownOutline>;
  // The outline in a document only once a selector has to be queried: a page with a known outline needs none.
  let built: { document: Document; root: HTMLElement } | undefined;
  const query = (selector: string): boolean => {
    built ??= documentFor(outline);
    const { document, root } = built;
    if (document.documentElement !== root) document.replaceChild(root, document.documentElement);
    // Only a selector that names the theme can match in one theme and not the other, or with none (JavaScript off).
    const themes = selector.includes('data-theme') ? ['light', 'dark', null] : ['light'];
    for (const theme of themes) {
      if (theme === null) delete root.dataset.theme;
      else root.dataset.theme = theme;
      root.style.colorScheme = theme ?? '';
      try {
        if (document.querySelector(selector) !== null) return true;
      } catch {
        return true;
      }
    }
    return false;
  };
  const answer = (selector: string): boolean => {
    const outlined = outlineSelector(staticSelector(selector));
    if (outlined === null) return true;
    if (tested !== undefined) {
      const bare = outlined.replace(/\[[^\]]*\]/g, (attribute) => attribute.replace(/#/g, ''));
      if (
        [...outlined.matchAll(ATTRIBUTE_NAME)].some((match) => valueOf(match[1]!, '') === null) ||
        [...bare.matchAll(ID_NAME)].some((match) => !tested.ids.has(match[1]!))
      )
        return true;
    }
    const names = requiredNames(outlined);
    if (
      names !== null &&
      (names.classes.some((name) => !classes.has(name)) || names.ids.some((name) => !ids.has(name)))
    )
      return false;
    return query(outlined);
  };
  const matches = (selector: string): boolean => {
    let found = answers.get(selector);
    if (found === undefined) answers.set(selector, (found = answer(selector)));
    return found;
  };
  return { matches, close: () => undefined };
}

interface KnownOutline {
  classes?: Set<string>;
  ids?: Set<string>;
  answers: Map<string, boolean>;
}

/**
 * The answers by outline, across pages: two pages of one outline match the same selectors. Measured on a 1,000-tool
 * site, most tool pages share an outline with another (the rows merged, the same sections), and a page whose outline
 * is known queries nothing. Outlines are kept by their hash, the latest few thousand: a site's tools come round again
 * after more than a few dozen (a 1,000-tool site built of 147 real tools over and over kept 64 and found none).
 */
const knownOutlines = new Map<string, KnownOutline>();
const KNOWN_OUTLINES = 4096;

function answersFor(key: string): KnownOutline {
  let known = knownOutlines.get(key);
  if (known === undefined) {
    known = { answers: new Map() };
    if (knownOutlines.size >= KNOWN_OUTLINES) knownOutlines.delete(knownOutlines.keys().next().value!);
  } else knownOutlines.delete(key);
  knownOutlines.set(key, known);
  return known;
}

/** The rules `keepIfUsed` walks, in its order, whether read from the parsed sheet or from a copy of it. */
function rulesOf(container: Container<ChildNode>, rules: Rule[] = []): Rule[] {
  for (const node of container.nodes ?? []) {
    if (node.type === 'rule') rules.push(node as Rule);
    else if (
      node.type === 'atrule' &&
      GROUPS.has((node as AtRule).name.toLowerCase()) &&
      (node as AtRule).nodes !== undefined
    )
      rulesOf(node as AtRule, rules);
  }
  return rules;
}

function keepIfUsed(container: Container<ChildNode>, used: (rule: Rule) => boolean): void {
  for (const node of [...(container.nodes ?? [])]) {
    if (node.type === 'rule') {
      if (!used(node as Rule)) node.remove();
    } else if (node.type === 'atrule') {
      const atRule = node as AtRule;
      if (!GROUPS.has(atRule.name.toLowerCase()) || atRule.nodes === undefined) continue;
      keepIfUsed(atRule, used);
      if (atRule.nodes.length === 0) atRule.remove();
    } else if (node.type === 'comment') node.remove();
  }
}

/**
 * Each stylesheet parsed once, and its critical CSS by the rules kept: a site's pages share a few stylesheets, and most
 * of its pages keep the same rules of them (measured, a 1,000-tool site: parsing each sheet for each page was a tenth
 * of the critical CSS's time).
 */
const sheets = new Map<string, { selectors: string[][]; byKept: Map<string, string> }>();

/** The rules of `css` that can apply to the page `matcher` was made from, as CSS text. */
export function criticalCss(css: string, matcher: Pick<PageMatcher, 'matches'>): string {
  let sheet = sheets.get(css);
  if (sheet === undefined) {
    sheet = { selectors: rulesOf(postcss.parse(css)).map((rule) => rule.selectors), byKept: new Map() };
    sheets.set(css, sheet);
  }
  const kept = sheet.selectors.map((selectors) => (selectors.some(matcher.matches) ? '1' : '0')).join('');
  const known = sheet.byKept.get(kept);
  if (known !== undefined) return known;
  const root = postcss.parse(css);
  const rules = rulesOf(root);
  const keep = new Set(rules.filter((_rule, index) => kept[index] === '1'));
  keepIfUsed(root, (rule) => keep.has(rule));
  const text = root.toString().trim();
  sheet.byKept.set(kept, text);
  return text;
}
