import { describe, expect, it } from 'vitest';
import { criticalCss, outlineSelector, pageMatcher, staticSelector, testedNames } from './critical-css';

const html = `<!doctype html><html><head></head><body><div id="root"><header class="site"><a class="brand" href="/">Home</a><a href="#main">Skip</a><a href="/x.pdf">PDF</a></header>
<main class="docs"><h1>read_file</h1><table class="params"><tr><td><code>path</code></td></tr></table><button class="copy">Copy</button></main></div></body></html>`;

function critical(css: string): string {
  const matcher = pageMatcher(html);
  try {
    return criticalCss(css, matcher);
  } finally {
    matcher.close();
  }
}

describe('the critical CSS of a prerendered page', () => {
  it('keeps the rules whose selectors match an element of the page, in their order, and drops the others', () => {
    const css =
      ':root{--bg:#fff}.docs h1{font-size:2rem}.dialog{position:fixed}.params td,.absent{padding:4px}.editor .monaco{height:100%}';
    expect(critical(css)).toBe(':root{--bg:#fff}.docs h1{font-size:2rem}.params td,.absent{padding:4px}');
  });

  it('keeps the rules of either theme, which boot.js picks before the first paint', () => {
    const css =
      ':root[data-theme="dark"]{--bg:#111}[data-theme=light] .docs{color:#000}[data-theme=sepia] .docs{color:brown}';
    expect(critical(css)).toBe(':root[data-theme="dark"]{--bg:#111}[data-theme=light] .docs{color:#000}');
  });

  it('keeps the rules for a page with no theme set (JavaScript off), as the system dark theme writes them', () => {
    const css =
      '@media (prefers-color-scheme:dark){:root:not([data-theme]){--bg:#111}:root:not([data-theme]) .absent{color:red}}';
    expect(critical(css)).toBe('@media (prefers-color-scheme:dark){:root:not([data-theme]){--bg:#111}}');
  });

  it('keeps the states and pseudo-elements of elements that are there, not of those that are not', () => {
    const css =
      '.copy:hover{color:red}.copy:focus-visible{outline:2px solid}.brand::after{content:""}.menu:hover{color:blue}::selection{background:yellow}';
    expect(critical(css)).toBe(
      '.copy:hover{color:red}.copy:focus-visible{outline:2px solid}.brand::after{content:""}::selection{background:yellow}',
    );
  });

  it('filters the rules inside media and supports queries, dropping a query left empty, and keeps font faces and keyframes whole', () => {
    const css =
      '@media (max-width:600px){.docs{padding:0}.sidebar{display:none}}@media print{.toolbar{display:none}}@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{to{transform:rotate(1turn)}}';
    expect(critical(css)).toBe(
      '@media (max-width:600px){.docs{padding:0}}@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it('reads no class or id into an attribute value', () => {
    expect(critical('a[href$=".pdf"]{color:red}a[href="#main"]{color:blue}')).toBe(
      'a[href$=".pdf"]{color:red}a[href="#main"]{color:blue}',
    );
  });

  it('keeps a rule whose selector it cannot read rather than guess', () => {
    expect(critical('.copy:not(:hover){opacity:.8}.copy:unknown-state(1){color:red}')).toBe(
      '.copy:not(:hover){opacity:.8}.copy:unknown-state(1){color:red}',
    );
  });

  it('matches a selector with its states and pseudo-elements set aside', () => {
    expect(staticSelector('.a:hover .b::before')).toBe('.a .b');
    expect(staticSelector('::selection')).toBe('*');
    expect(staticSelector('.a > :focus-visible')).toBe('.a >*');
    expect(staticSelector('.a:focus-within')).toBe('.a');
    expect(staticSelector('input:checked + label')).toBe('input + label');
  });

  it('reads a sibling or structural selector as one that holds wherever it does', () => {
    expect(outlineSelector('.form .kv-row+p')).toBe('.form p');
    expect(outlineSelector('.side-by-side td + td')).toBe('.side-by-side td');
    expect(outlineSelector('tbody tr:last-child>*')).toBe('tbody tr>*');
    expect(outlineSelector('.plain td:not(:first-child):not(:nth-child(3))')).toBe('.plain td');
    expect(outlineSelector('li:has(input[type=checkbox])')).toBe('li');
    expect(outlineSelector('[class~="a"] b')).toBe('[class~="a"] b');
    expect(outlineSelector('.a:not(:is(:first-child, .b))')).toBeNull();
  });

  it('keeps a sibling or structural rule whose elements are there, and drops one whose elements are not', () => {
    const css =
      '.params tr:last-child td{border:0}.params td+td{padding:0}.absent tr:first-child{color:red}.params tr~.absent{color:blue}';
    expect(critical(css)).toBe('.params tr:last-child td{border:0}.params td+td{padding:0}');
  });

  it('matches the same with the names its stylesheets test, leaving out the values no selector reads', () => {
    const rows = Array.from(
      { length: 50 },
      (_, index) =>
        `<tr data-parameter="p${index}" id="row-${index}"><td data-label="Name"><a href="#p${index}">p${index}</a></td></tr>`,
    ).join('');
    const page = `<!doctype html><html><body><table class="params"><tbody>${rows}</tbody></table><input type="search"></body></html>`;
    const css =
      '.params td[data-label=Name] a{color:red}.params td[data-label=Type]{color:blue}#row-3{color:green}#row-99{color:gray}input[type=search]{width:1px}input[type=text]{width:2px}a:link{color:navy}';
    const tested = testedNames(css);
    expect(tested.attributes).toEqual(new Set(['data-label', 'type']));
    const matcher = pageMatcher(page, tested);
    expect(criticalCss(css, matcher)).toBe(
      '.params td[data-label=Name] a{color:red}#row-3{color:green}input[type=search]{width:1px}a:link{color:navy}',
    );
    // An attribute or an id outside the tested names is not in the outline: its rule is kept, not guessed.
    expect(matcher.matches('[data-parameter=p7]')).toBe(true);
    expect(matcher.matches('#row-4')).toBe(true);
  });

  it('gives two pages of one outline the same answers, and pages of different outlines their own', () => {
    const page = (cells: string) =>
      `<!doctype html><html><body><table class="params"><tbody><tr>${cells}</tr></tbody></table></body></html>`;
    const css = '.params td code{font-family:monospace}.params td em{font-style:normal}';
    const tested = testedNames(css);
    expect(criticalCss(css, pageMatcher(page('<td><code>a</code></td>'), tested))).toBe(
      '.params td code{font-family:monospace}',
    );
    expect(criticalCss(css, pageMatcher(page('<td><code>b</code></td><td><code>c</code></td>'), tested))).toBe(
      '.params td code{font-family:monospace}',
    );
    expect(criticalCss(css, pageMatcher(page('<td><em>d</em></td>'), tested))).toBe('.params td em{font-style:normal}');
  });
});
