import { describe, expect, it } from 'vitest';
import { collection } from '../src/core/toolset/bundle';
import { pageAssets, pageDocument, sitemap, staticPages } from './prerender';
import { renderPage } from '../src/app/ssr';

const acode = collection.toolsets.find((toolset) => toolset.manifest.id === 'acode-core')!;
const readFile = acode.tools.find((tool) => tool.name === 'read_file')!;
const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Site." />
    <title>Tool Schema Playground</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/styles-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('the prerendered pages', () => {
  const pages = staticPages(collection.toolsets);
  const byFile = new Map(pages.map((page) => [page.file, page]));

  it('cover every catalog, every bundled tool, import, check and the 404 page, at their real addresses', () => {
    expect(byFile.get('index.html')?.route).toEqual({ page: 'catalog', toolset: 'acode-core' });
    expect(byFile.get('toolsets/prfactory-agent-tools/index.html')?.route).toEqual({
      page: 'catalog',
      toolset: 'prfactory-agent-tools',
    });
    expect(byFile.get('tools/read_file/index.html')?.route).toEqual({
      page: 'tool',
      toolset: 'acode-core',
      name: 'read_file',
    });
    expect(byFile.get('toolsets/prfactory-agent-tools/tools/ReadFile/index.html')?.path).toBe(
      'toolsets/prfactory-agent-tools/tools/ReadFile/',
    );
    expect(byFile.get('import/index.html')?.route).toEqual({ page: 'import' });
    expect(byFile.get('check/index.html')?.route).toEqual({ page: 'check' });
    expect(byFile.get('404.html')?.noindex).toBe(true);
    const toolCount = collection.toolsets.reduce((sum, toolset) => sum + toolset.tools.length, 0);
    expect(pages.filter((page) => page.route.page === 'tool')).toHaveLength(toolCount);
  });

  it('carry their own title, description, canonical URL and Open Graph tags, and say which page they hold', () => {
    const page = byFile.get('tools/read_file/index.html')!;
    const html = pageDocument(template, page, '<main>docs</main>', 'https://tools.example/');
    expect(html).toContain('<title>read_file · Acode core tools · Tool Schema Playground</title>');
    expect(html).toContain('<meta name="description" content="Read the contents of a file from the file system." />');
    expect(html).toContain('<link rel="canonical" href="https://tools.example/tools/read_file/" />');
    expect(html).toContain('<meta property="og:url" content="https://tools.example/tools/read_file/" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(
      '<div id="root" data-route="{&quot;page&quot;:&quot;tool&quot;,&quot;toolset&quot;:&quot;acode-core&quot;,&quot;name&quot;:&quot;read_file&quot;}"><main>docs</main></div>',
    );
    expect(pageDocument(template, page, '', null)).toContain('<link rel="canonical" href="/tools/read_file/" />');
    expect(pageDocument(template, page, '', null, '/docs/')).toContain(
      '<link rel="canonical" href="/docs/tools/read_file/" />',
    );
    expect(() => pageDocument(pageDocument(template, page, '', null), page, '', null)).toThrow(
      /no empty <div id="root"><\/div>/,
    );
  });

  it('link the stylesheets of the page’s own chunk, so it is drawn right before any script runs', () => {
    const manifest = {
      'src/app/routes/tool/ToolRoute.tsx': {
        file: 'assets/ToolRoute-1.js',
        css: ['assets/tool-1.css'],
        imports: ['_shared.js'],
      },
      '_shared.js': {
        file: 'assets/shared-1.js',
        css: ['assets/styles-1.css'],
        imports: ['src/app/routes/tool/ToolRoute.tsx'],
      },
    };
    const assets = pageAssets(manifest, 'tool');
    expect(assets).toEqual({
      css: ['assets/tool-1.css', 'assets/styles-1.css'],
      js: ['assets/ToolRoute-1.js', 'assets/shared-1.js'],
      opening: [],
      openingMedia: {},
    });
    expect(pageAssets(manifest, 'catalog')).toEqual({ css: [], js: [], opening: [], openingMedia: {} });
    // A tool page opens with its editor: Monaco's chunks are named too (after the page's own), their stylesheets not.
    const withEditor = {
      ...manifest,
      'src/app/features/playground/JsonEditor.tsx': { file: 'assets/JsonEditor-1.js', imports: ['_shared.js'] },
      'src/app/features/playground/monaco/loadMonaco.ts': {
        file: 'assets/loadMonaco-1.js',
        css: ['assets/loadMonaco-1.css'],
      },
    };
    const withMonaco = pageAssets(withEditor, 'tool');
    expect(withMonaco).toEqual({
      css: ['assets/tool-1.css', 'assets/styles-1.css'],
      js: ['assets/ToolRoute-1.js', 'assets/shared-1.js'],
      opening: ['assets/JsonEditor-1.js', 'assets/loadMonaco-1.js'],
      // Monaco only where the editor sits beside the form, on the first screen.
      openingMedia: { 'assets/loadMonaco-1.js': '(min-width: 901px)' },
    });
    expect(pageAssets(withEditor, 'import').opening).toEqual([]);
    // Named before the entry, so boot.js starts them first.
    const opened = pageDocument(template, byFile.get('tools/read_file/index.html')!, '', null, '/', withMonaco);
    expect(opened.indexOf('href="/assets/loadMonaco-1.js"')).toBeLessThan(opened.indexOf('<script type="module"'));
    expect(opened.indexOf('<script type="module"')).toBeLessThan(opened.indexOf('href="/assets/ToolRoute-1.js"'));
    expect(opened).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/loadMonaco-1.js" media="(min-width: 901px)">',
    );
    expect(opened).toContain('<link rel="modulepreload" crossorigin href="/assets/JsonEditor-1.js">');
    const html = pageDocument(template, byFile.get('tools/read_file/index.html')!, '', null, '/', assets);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/tool-1.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ToolRoute-1.js">');
    // Already in the template: not twice.
    expect(html.match(/styles-1\.css/g)).toHaveLength(1);
  });

  it('give the 404 page its own policy, first in the head, and keep it out of the sitemap', () => {
    const notFound = { ...byFile.get('404.html')!, policy: "default-src 'self'; script-src 'self'" };
    const html = pageDocument(template, notFound, '', null);
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain('<meta name="robots" content="noindex" />');
    const map = sitemap(pages, 'https://tools.example/');
    expect(map).toContain('<loc>https://tools.example/tools/read_file/</loc>');
    expect(map).toContain('<loc>https://tools.example/</loc>');
    expect(map).not.toContain('404');
  });

  it('escape what a definition says, in the head and the body', async () => {
    const hostile = {
      ...byFile.get('tools/read_file/index.html')!,
      title: 'x"><script>alert(1)</script>',
      description: '<img src=x onerror=alert(1)> Reads.',
    };
    const html = pageDocument(template, hostile, '', null);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('a tool page rendered by the app for the build', () => {
  it('holds the title, description, parameter table, examples and schema, with no script of its own', async () => {
    const html = await renderPage({ page: 'tool', toolset: 'acode-core', name: 'read_file' });
    expect(html).toContain('<code class="tool-name">read_file</code>');
    expect(html).toContain(readFile.description.slice(0, 60));
    expect(html).toContain('data-testid="parameter-table"');
    for (const parameter of Object.keys((readFile.inputSchema as { properties: object }).properties))
      expect(html).toContain(`>${parameter}<`);
    for (const example of readFile.examples) expect(html).toContain(example.title.replace(/&/g, '&amp;'));
    expect(html).toContain('&quot;maxLength&quot;: 4096');
    // Every part complete and in place: a part sent later would need an inline script, which the policy forbids.
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--$?-->');
  });

  it('renders the catalog with every tool, and an unknown tool as not found', async () => {
    const catalog = await renderPage({ page: 'catalog', toolset: 'acode-core' });
    for (const tool of acode.tools) expect(catalog).toContain(`>${tool.name}<`);
    const missing = await renderPage({ page: 'tool', toolset: 'acode-core', name: 'no_such_tool' });
    expect(missing).toContain('There is no tool named “no_such_tool” in Acode core tools.');
  });
});
