/**
 * The one builder of a site's pages, on a client build of a few files and a renderer that names the route: the
 * pages of the toolsets and of the guide, each painted at once, the sitemap, the text for agents and `_headers`,
 * and a policy without boot.js's hash refused.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collection } from '../../../core/toolset/bundle';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { scriptHash } from '../../../../scripts/paint-first';
import type { HostConfig } from '../../../../scripts/static-host';
import { writePages } from './write-pages';

const BOOT = 'document.documentElement.dataset.booted = "1";';
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Site." />
    <title>Tool Schema Playground</title>
    <script src="/docs/boot.js"></script>
    <script type="module" crossorigin src="/docs/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/docs/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

// One bundled toolset, cut to one tool and named apart, as a site of someone's own tools would have it.
const acode = collection.toolsets.find((candidate) => candidate.manifest.id === 'acode-core')!;
const toolset: ToolsetBundle = {
  manifest: { ...acode.manifest, id: 'weather', name: 'Weather' },
  tools: acode.tools.filter((tool) => tool.name === 'read_file'),
};
const readFile = toolset.tools[0]!;

const hostConfig = (hash: string): HostConfig => ({
  headers: [{ for: '/*', values: { 'Content-Security-Policy': `default-src 'self'; script-src 'self' ${hash}` } }],
  redirects: [],
});

describe('writePages', () => {
  let out: string;

  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'write-pages-'));
    mkdirSync(join(out, '.vite'));
    mkdirSync(join(out, 'assets'));
    writeFileSync(join(out, 'index.html'), TEMPLATE);
    writeFileSync(join(out, 'boot.js'), BOOT);
    writeFileSync(join(out, 'assets', 'index-1.css'), '.used{color:red}.unused-anywhere{color:blue}');
    writeFileSync(join(out, '.vite', 'manifest.json'), '{}');
  });
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  const render = (route: Parameters<Parameters<typeof writePages>[1]['renderPage']>[0]) =>
    Promise.resolve(`<main class="used">${route.page}</main>`);

  it("writes the toolsets' pages and the guide's, painted at once, with the sitemap, the text for agents and _headers", async () => {
    const pages = await writePages([toolset], {
      out,
      base: '/docs/',
      siteUrl: null,
      title: 'Forecasts',
      hostConfig: hostConfig(scriptHash(BOOT)),
      renderPage: render,
      guide: [{ slug: 'start', title: 'Start here', summary: 'How to begin.' }],
    });
    const files = pages.map((page) => page.file);
    expect(files).toEqual(expect.arrayContaining(['index.html', 'tools/read_file/index.html', '404.html']));
    expect(files.some((file) => file.includes('start'))).toBe(true);
    const tool = readFileSync(join(out, 'tools/read_file/index.html'), 'utf8');
    expect(tool).toContain('<title>read_file');
    expect(tool).toContain('Forecasts</title>');
    expect(tool).toContain('<meta property="og:site_name" content="Forecasts" />');
    // boot.js inline, the entry started after the paint, and only the rules the page uses inline.
    expect(tool).toContain(`<script>${BOOT}</script>`);
    expect(tool).toContain('<script type="text/plain" data-entry src="/docs/assets/index-1.js">');
    expect(tool).toContain('<style>.used{color:red}</style>');
    expect(tool).not.toContain('unused-anywhere');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>/docs/tools/read_file/</loc>');
    expect(readFileSync(join(out, 'tools/read_file/index.md'), 'utf8')).toContain(readFile.description.split('\n')[0]!);
    expect(readFileSync(join(out, 'llms.txt'), 'utf8')).toContain('(/docs/tools/read_file/index.md)');
    expect(readFileSync(join(out, '_headers'), 'utf8')).toBe(
      `/docs/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' ${scriptHash(BOOT)}\n`,
    );
    expect(existsSync(join(out, '.vite'))).toBe(false);
  });

  it('refuses a policy that does not allow boot.js, which every page carries inline', async () => {
    await expect(
      writePages([toolset], {
        out,
        base: '/docs/',
        siteUrl: null,
        title: 'Forecasts',
        hostConfig: hostConfig("'sha256-other'"),
        renderPage: render,
      }),
    ).rejects.toThrow(/lacks 'sha256-.*the hash of boot\.js/);
  });
});
