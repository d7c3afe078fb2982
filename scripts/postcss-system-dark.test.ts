import { readFileSync } from 'node:fs';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { systemDarkTheme } from './postcss-system-dark';

const run = (css: string) => postcss([systemDarkTheme()]).process(css, { from: undefined }).css;

describe('the dark theme without JavaScript', () => {
  it("twins each dark rule for a page with no theme set, under the system's dark preference, right after it", () => {
    const out = run(`:root { --bg: white; }
:root[data-theme='dark'] { --bg: black; }
.badge { color: red; }
:root[data-theme="dark"] .badge, .other { color: pink; }
.later { color: blue; }`);
    expect(out.replace(/\s+/g, ' ')).toBe(
      ":root { --bg: white; } :root[data-theme='dark'] { --bg: black; } @media (prefers-color-scheme: dark) { :root:not([data-theme]) { --bg: black; } } .badge { color: red; } " +
        ':root[data-theme="dark"] .badge, .other { color: pink; } @media (prefers-color-scheme: dark) { :root:not([data-theme]) .badge { color: pink; } } .later { color: blue; }',
    );
  });

  it('leaves light rules, rules already in a media query and other attributes alone', () => {
    const css =
      ":root[data-theme='light'] { --bg: white; } @media (min-width: 600px) { :root[data-theme='dark'] .x { color: red; } } [data-theme-x='dark'] { color: red; }";
    expect(run(css)).toBe(css);
  });

  it("gives every dark rule of the site's stylesheet its twin", () => {
    const source = readFileSync(new URL('../src/app/styles.css', import.meta.url), 'utf8');
    const out = postcss.parse(run(source));
    const dark: string[] = [];
    const twins: string[] = [];
    out.walkRules((rule) => {
      const text = `${rule.selector} {${rule.nodes.map(String).join(';')}}`;
      if (rule.parent?.type === 'root' && rule.selector.includes("[data-theme='dark']"))
        dark.push(text.replaceAll(":root[data-theme='dark']", ':root:not([data-theme])'));
      if (rule.parent?.type === 'atrule' && rule.selector.includes(':root:not([data-theme])')) twins.push(text);
    });
    expect(dark.length).toBeGreaterThanOrEqual(3);
    expect(twins).toEqual(dark);
  });
});
