/**
 * The guide (docs/*.md) as pages of the site: each file rendered to HTML by markdown-it with raw HTML off (a `<tag>`
 * in the text is shown as text), headings with anchors as GitHub writes them, links between the guide's files
 * rewritten to the pages' addresses (`cli.md#x` → `<base>guide/cli/#x`), and images from `public/` at the site's root.
 * The Vite plugin (vite-guide.ts) serves the result in dev and in the build alike.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';

export interface GuideHeading {
  level: number;
  id: string;
  text: string;
}

export interface GuidePage {
  /** '' for the guide's index (README.md), else the file's name without `.md`. */
  slug: string;
  /** The Markdown file it is rendered from, beside the page as `guide/<file>`. */
  file: string;
  /** The first heading's text. */
  title: string;
  html: string;
  headings: GuideHeading[];
}

export const slugOfFile = (file: string): string => (file === 'README.md' ? '' : file.replace(/\.md$/, ''));

/** A page's address below the site's base. */
export const guidePath = (slug: string): string => (slug === '' ? 'guide/' : `guide/${slug}/`);

/** A heading's anchor, as GitHub writes it: lower case, punctuation dropped, spaces as hyphens. */
export const headingAnchor = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Where a link of a guide file leads on the site; other links (https, mail) are kept as written. */
export function rewriteHref(href: string, base: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return href;
  const [path = '', anchor] = href.split('#', 2);
  const hash = anchor !== undefined ? `#${anchor}` : '';
  // The project's README is the site's home on the site (what it is, where to start); the guide's own index is guide/.
  if (path === '../README.md') return `${base}${hash}`;
  if (path === 'README.md') return `${base}guide/${hash}`;
  const doc = /^(?:\.\/)?([a-z0-9-]+)\.md$/i.exec(path);
  if (doc) return `${base}${guidePath(slugOfFile(`${doc[1]!}.md`))}${hash}`;
  const asset = /^\.\.\/public\/(.+)$/.exec(path);
  if (asset) return `${base}${asset[1]!}${hash}`;
  return href;
}

export function createGuideRenderer(base: string) {
  const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
  const render = (text: string, file: string): GuidePage => {
    const tokens = markdown.parse(text, {});
    const headings: GuideHeading[] = [];
    const seen = new Map<string, number>();
    tokens.forEach((token, index) => {
      if (token.type === 'heading_open') {
        const content =
          tokens[index + 1]?.children
            ?.filter((child) => child.type === 'text' || child.type === 'code_inline')
            .map((child) => child.content)
            .join('') ?? '';
        const anchor = headingAnchor(content);
        const count = seen.get(anchor) ?? 0;
        seen.set(anchor, count + 1);
        const id = count === 0 ? anchor : `${anchor}-${count}`;
        token.attrSet('id', id);
        headings.push({ level: Number(token.tag.slice(1)), id, text: content });
      }
      for (const child of token.children ?? []) {
        if (child.type === 'link_open') child.attrSet('href', rewriteHref(String(child.attrGet('href') ?? ''), base));
        if (child.type === 'image') child.attrSet('src', rewriteHref(String(child.attrGet('src') ?? ''), base));
      }
    });
    const html = markdown.renderer
      .render(tokens, markdown.options, {})
      .replace(/<h([1-6]) id="([^"]+)">/g, (whole, level: string, id: string) =>
        // The anchor after the heading's text would move its words in a screen reader's list; before it, it reads as "#".
        level === '1'
          ? whole
          : `<h${level} id="${id}"><a class="guide-anchor" href="#${id}" aria-label="Link to this section">#</a>`,
      );
    return {
      slug: slugOfFile(file),
      file,
      title: headings.find((heading) => heading.level === 1)?.text ?? file,
      html,
      headings,
    };
  };
  return { render };
}

/** Every file of the guide, the index first, then by name. */
export function guideFiles(docsDirectory: string): string[] {
  const files = readdirSync(docsDirectory).filter((name) => name.endsWith('.md'));
  return files.sort((left, right) =>
    left === 'README.md' ? -1 : right === 'README.md' ? 1 : left.localeCompare(right),
  );
}

/** Every page of the guide, rendered. */
export function renderGuide(docsDirectory: string, base: string): GuidePage[] {
  const renderer = createGuideRenderer(base);
  return guideFiles(docsDirectory).map((file) =>
    renderer.render(readFileSync(join(docsDirectory, file), 'utf8'), file),
  );
}
