import { describe, expect, it } from 'vitest';
import { criticalCss, pageMatcher, staticSelector } from './critical-css';

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
    const css = ':root{--bg:#fff}.docs h1{font-size:2rem}.dialog{position:fixed}.params td,.absent{padding:4px}.editor .monaco{height:100%}';
    expect(critical(css)).toBe(':root{--bg:#fff}.docs h1{font-size:2rem}.params td,.absent{padding:4px}');
  });

  it('keeps the rules of either theme, which boot.js picks before the first paint', () => {
    const css = ':root[data-theme="dark"]{--bg:#111}[data-theme=light] .docs{color:#000}[data-theme=sepia] .docs{color:brown}';
    expect(critical(css)).toBe(':root[data-theme="dark"]{--bg:#111}[data-theme=light] .docs{color:#000}');
  });

  it('keeps the rules for a page with no theme set (JavaScript off), as the system dark theme writes them', () => {
    const css = '@media (prefers-color-scheme:dark){:root:not([data-theme]){--bg:#111}:root:not([data-theme]) .absent{color:red}}';
    expect(critical(css)).toBe('@media (prefers-color-scheme:dark){:root:not([data-theme]){--bg:#111}}');
  });

  it('keeps the states and pseudo-elements of elements that are there, not of those that are not', () => {
    const css = '.copy:hover{color:red}.copy:focus-visible{outline:2px solid}.brand::after{content:""}.menu:hover{color:blue}::selection{background:yellow}';
    expect(critical(css)).toBe('.copy:hover{color:red}.copy:focus-visible{outline:2px solid}.brand::after{content:""}::selection{background:yellow}');
  });

  it('filters the rules inside media and supports queries, dropping a query left empty, and keeps font faces and keyframes whole', () => {
    const css = '@media (max-width:600px){.docs{padding:0}.sidebar{display:none}}@media print{.toolbar{display:none}}@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{to{transform:rotate(1turn)}}';
    expect(critical(css)).toBe('@media (max-width:600px){.docs{padding:0}}@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{to{transform:rotate(1turn)}}');
  });

  it('reads no class or id into an attribute value', () => {
    expect(critical('a[href$=".pdf"]{color:red}a[href="#main"]{color:blue}')).toBe('a[href$=".pdf"]{color:red}a[href="#main"]{color:blue}');
  });

  it('keeps a rule whose selector it cannot read rather than guess', () => {
    expect(critical('.copy:not(:hover){opacity:.8}.copy:unknown-state(1){color:red}')).toBe('.copy:not(:hover){opacity:.8}.copy:unknown-state(1){color:red}');
  });

  it('matches a selector with its states and pseudo-elements set aside', () => {
    expect(staticSelector('.a:hover .b::before')).toBe('.a .b');
    expect(staticSelector('::selection')).toBe('*');
    expect(staticSelector('.a > :focus-visible')).toBe('.a >*');
    expect(staticSelector('.a:focus-within')).toBe('.a');
    expect(staticSelector('input:checked + label')).toBe('input + label');
  });
});
