import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  entryAfterPaint,
  inlineBootScript,
  inlineStylesheets,
  modulePreloadsAfterPaint,
  paintFirst,
  scriptHash,
} from './paint-first';
import { headersFor, loadHostConfig } from './static-host';

const page = `<head>
    <script src="/boot.js"></script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/styles-1.css">
    <link rel="stylesheet" crossorigin href="/assets/tool-1.css">
    <link rel="modulepreload" crossorigin href="/assets/ExecutionToolPage-1.js">
</head>`;
const sheets: Record<string, string> = {
  'assets/styles-1.css': ':root{--bg:#fff}\n',
  'assets/tool-1.css': '.tool{color:red}',
  'boot.js': 'document.documentElement.dataset.theme = "dark";\n',
};
const read = (file: string) => {
  const text = sheets[file];
  if (text === undefined) throw new Error(`no ${file}`);
  return text;
};

describe('a page made to paint first', () => {
  it('holds its stylesheets inline, in their order, each followed by its link disabled so it is not fetched again', () => {
    const html = inlineStylesheets(page, '/', read);
    expect(html).toContain(
      '<style>:root{--bg:#fff}</style><link rel="stylesheet" disabled href="/assets/styles-1.css">',
    );
    expect(html.indexOf('--bg')).toBeLessThan(html.indexOf('.tool{color:red}'));
    expect(html).not.toContain('<link rel="stylesheet" crossorigin');
  });

  it('reads stylesheets below the base the site is served from', () => {
    const below = page.replace(/"\/assets\//g, '"/docs/assets/');
    expect(inlineStylesheets(below, '/docs/', read)).toContain(
      '<link rel="stylesheet" disabled href="/docs/assets/tool-1.css">',
    );
    expect(() => inlineStylesheets(page, '/docs/', read)).toThrow(
      /\/assets\/styles-1\.css is not below the site's base \/docs\//,
    );
  });

  it('refuses a stylesheet that would close its <style> element', () => {
    expect(() =>
      inlineStylesheets(page, '/', (file) =>
        file.endsWith('tool-1.css') ? '.a::after{content:"</style><script>"}' : '',
      ),
    ).toThrow(/tool-1\.css contains "<\/style"/);
  });

  it('names its module preloads inert, in their order, for boot.js to start once the page is painted', () => {
    const html = modulePreloadsAfterPaint(page);
    expect(html).not.toContain('modulepreload');
    expect(html.indexOf('<link data-preload-after-paint href="/assets/react-1.js">')).toBeLessThan(
      html.indexOf('<link data-preload-after-paint href="/assets/ExecutionToolPage-1.js">'),
    );
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<script src="/boot.js"></script>');
  });

  it("keeps a module preload's media query for boot.js to test", () => {
    const html = modulePreloadsAfterPaint(
      '<link rel="modulepreload" crossorigin href="/assets/editor-1.js" media="(min-width: 901px)">',
    );
    expect(html).toBe('<link data-preload-after-paint href="/assets/editor-1.js" media="(min-width: 901px)">');
  });

  it('names its module script inert, for boot.js to start once the page is painted', () => {
    const html = entryAfterPaint(page);
    expect(html).toContain('<script type="text/plain" data-entry src="/assets/index-1.js"></script>');
    expect(html).not.toContain('type="module"');
    expect(() => entryAfterPaint(html)).toThrow(/names no module script/);
    expect(paintFirst(`${page}<body></body>`, '/', read)).toContain(
      '<script type="text/plain" data-entry src="/assets/index-1.js"></script>',
    );
  });

  it('holds boot.js inline, exactly as the file says, and refuses a page without it', () => {
    const html = inlineBootScript(page, '/', sheets['boot.js']!);
    expect(html).toContain('<script>document.documentElement.dataset.theme = "dark";\n</script>');
    expect(html).not.toContain('src="/boot.js"');
    expect(() => inlineBootScript(html, '/', sheets['boot.js']!)).toThrow(
      /names no <script src="\/boot\.js"><\/script>/,
    );
    expect(() => inlineBootScript(page, '/', 'x("</script>")')).toThrow(/boot\.js contains "<\/script"/);
    const both = paintFirst(`${page}<body><div class="tool">x</div></body>`, '/', (file) =>
      file.endsWith('tool-1.css') ? '.tool{color:red}.absent{color:blue}' : read(file),
    );
    expect(both).not.toContain('modulepreload');
    // Only the rules the page uses inline; the whole stylesheet waits for the paint.
    expect(both).toContain(
      '<style>.tool{color:red}</style><link rel="stylesheet" disabled data-after-paint href="/assets/tool-1.css">',
    );
    expect(both).toContain('<script>document.documentElement');
  });

  it("is allowed by every prerendered page's policy: netlify.toml names the hash of public/boot.js", () => {
    const hash = scriptHash(readFileSync(new URL('../public/boot.js', import.meta.url), 'utf8'));
    expect(hash).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    const config = loadHostConfig(new URL('..', import.meta.url).pathname);
    for (const path of [
      '/',
      '/index.html',
      '/404.html',
      '/tools/read_file/',
      '/toolsets/prfactory-agent-tools/',
      '/toolsets/prfactory-agent-tools/tools/ReadFile/',
      '/import/',
      '/check/',
      '/models/',
      '/connect/',
      '/evals/',
    ]) {
      const policy = headersFor(config, path)['Content-Security-Policy'] ?? '';
      expect(policy, path).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hash};`);
      expect(policy, path).not.toContain("'unsafe-eval'");
    }
  });
});
