/** The guide as pages: rendered without raw HTML, headings with anchors, and every link between pages leading to one. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { guideHref } from '../src/app/lib/hrefs';
import { createGuideRenderer, guidePath, renderGuide, rewriteHref } from './guide-render';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docs = join(root, 'docs');
const { render } = createGuideRenderer('/');

describe('a guide page', () => {
  it('shows HTML written in the text as text', () => {
    const page = render('# T\n\nA <script>alert(1)</script> and <img src=x onerror=alert(1)>.\n', 'x.md');
    expect(page.html).not.toContain('<script>');
    expect(page.html).not.toContain('<img');
    expect(page.html).toContain('&lt;script&gt;');
  });

  it('gives each heading the anchor GitHub gives it, a repeated one numbered, and a link to it', () => {
    const page = render('# The title\n\n## Without a key: the emulator\n\n## Notes\n\n## Notes\n', 'x.md');
    expect(page.title).toBe('The title');
    expect(page.headings.map((heading) => heading.id)).toEqual([
      'the-title',
      'without-a-key-the-emulator',
      'notes',
      'notes-1',
    ]);
    expect(page.html).toContain(
      '<h2 id="without-a-key-the-emulator"><a class="guide-anchor" href="#without-a-key-the-emulator"',
    );
  });

  it("leads links between the guide's files to their pages, and images to the site's root", () => {
    expect(rewriteHref('cli.md', '/')).toBe('/guide/cli/');
    expect(rewriteHref('glossary.md#verdicts-on-a-call', '/docs/')).toBe('/docs/guide/glossary/#verdicts-on-a-call');
    expect(rewriteHref('../README.md', '/')).toBe('/');
    expect(rewriteHref('README.md', '/')).toBe('/guide/');
    expect(rewriteHref('#here', '/')).toBe('#here');
    expect(rewriteHref('https://example.org/a.md', '/')).toBe('https://example.org/a.md');
    expect(rewriteHref('../public/readme/models.png', '/')).toBe('/readme/models.png');
    const page = render('# T\n\nSee [the CLI](cli.md#commands) and ![shot](../public/readme/models.png).\n', 'x.md');
    expect(page.html).toContain('href="/guide/cli/#commands"');
    expect(page.html).toContain('src="/readme/models.png"');
  });
});

describe('the whole guide', () => {
  const pages = renderGuide(docs, '/');
  const anchors = new Map(
    pages.map((page) => [`/${guidePath(page.slug)}`, new Set(page.headings.map((heading) => heading.id))]),
  );
  /** Where an address of the site leads: a guide page and its anchor, a file of public/, or nothing. */
  const broken = (href: string): string | null => {
    const [path = '', anchor] = href.split('#', 2);
    if (path.startsWith('/guide/')) {
      const ids = anchors.get(path);
      if (!ids) return `${href}: no such guide page`;
      return anchor !== undefined && !ids.has(anchor) ? `${href}: no such heading` : null;
    }
    return existsSync(join(root, 'public', path)) ? null : `${href}: no such file`;
  };

  it('has a page for every file of docs/, the index first', () => {
    expect(pages.map((page) => page.file)).toEqual([
      'README.md',
      ...readdirSync(docs)
        .filter((name) => name.endsWith('.md') && name !== 'README.md')
        .sort(),
    ]);
    expect(pages[0]!.slug).toBe('');
  });

  it('has no dead link: every link and image of the site it holds leads to a page, a heading or a file', () => {
    const dead: string[] = [];
    for (const page of pages) {
      for (const match of page.html.matchAll(/(?:href|src)="(\/[^"]*)"/g)) {
        const problem = broken(match[1]!.replace(/&amp;/g, '&'));
        if (problem) dead.push(`${page.file}: ${problem}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it("has every page and heading the site's own guide links name", () => {
    const sources = [
      'src/app/App.tsx',
      'src/app/components/Header.tsx',
      'src/app/features/catalog/HomeIntro.tsx',
      'src/app/features/models/sample/ModelSample.tsx',
      'src/app/features/evals/sample/EvalSample.tsx',
    ];
    const dead: string[] = [];
    let count = 0;
    for (const source of sources) {
      for (const match of readFileSync(join(root, source), 'utf8').matchAll(
        /guideHref\((?:'([^']*)')?\)(?:\}#([a-z0-9-]+))?/g,
      )) {
        count += 1;
        const href = `${guideHref(match[1] ?? undefined, '/')}${match[2] !== undefined ? `#${match[2]}` : ''}`;
        const problem = broken(href);
        if (problem) dead.push(`${source}: ${problem}`);
      }
    }
    expect(count).toBeGreaterThan(10);
    expect(dead).toEqual([]);
  });
});
