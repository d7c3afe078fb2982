/** The README and the guide in docs/: a README that stays short, links that lead somewhere, words a user has. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_RULES } from '../src/core/audit';
import { TOOLSET_RULES } from '../src/core/audit/toolset';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docsDirectory = join(root, 'docs');
const documents = [
  join(root, 'README.md'),
  ...readdirSync(docsDirectory)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(docsDirectory, name)),
];
const text = (file: string) => readFileSync(file, 'utf8');
const name = (file: string) => relative(root, file);

/** Issue numbers, requirement ids and seed names: a guide names the rule itself instead. */
const HISTORY_WORDS = /issue \d+|NFR-|FR-0|seed 00/gi;

/** Markdown links and images outside code: `[text](target)`, with the target's path and anchor. */
function links(markdown: string): { target: string; path: string; anchor?: string }[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => {
    const target = match[1]!;
    const [path = '', anchor] = target.split('#');
    return { target, path, ...(anchor !== undefined ? { anchor } : {}) };
  });
}

/** The anchors a Markdown file's headings get, as GitHub writes them. */
function anchors(markdown: string): Set<string> {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set(
    [...prose.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) =>
      match[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

describe('the README', () => {
  it('is a README: at most 200 lines', () => {
    expect(text(join(root, 'README.md')).split('\n').length).toBeLessThanOrEqual(200);
  });
  it('keeps the two quick-start commands', () => {
    const readme = text(join(root, 'README.md'));
    expect(readme).toContain('```sh\nnpm start\n```');
    expect(readme).toContain('```sh\nnpm test\n```');
  });
});

describe('the README and docs/', () => {
  it.each(documents.map((file) => [name(file), file]))(
    '%s: every relative link leads to an existing file and heading',
    (_, file) => {
      const broken: string[] = [];
      for (const link of links(text(file))) {
        if (/^[a-z]+:/i.test(link.target)) continue;
        const target = link.path === '' ? file : resolve(dirname(file), decodeURIComponent(link.path));
        if (!existsSync(target)) {
          broken.push(`${link.target}: no such file`);
          continue;
        }
        if (link.anchor !== undefined && target.endsWith('.md') && !anchors(text(target)).has(link.anchor))
          broken.push(`${link.target}: no such heading`);
      }
      expect(broken).toEqual([]);
    },
  );

  it.each(documents.map((file) => [name(file), file]))(
    '%s: speaks of the product, not of issues, requirement ids or seeds',
    (_, file) => {
      const found = text(file).match(HISTORY_WORDS) ?? [];
      expect(found).toEqual([]);
    },
  );

  it('the code, its tests and scripts speak of the product too', () => {
    const self = fileURLToPath(import.meta.url);
    const sources = ['src', 'e2e', 'scripts']
      .flatMap((folder) =>
        readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).map((entry) =>
          join(root, folder, entry),
        ),
      )
      .filter((file) => /\.(ts|tsx|mjs|js|css|html)$/.test(file) && !file.includes(`${join('src', 'generated')}`))
      .filter((file) => file !== self);
    expect(sources.length).toBeGreaterThan(100);
    const found = sources.flatMap((file) =>
      (text(file).match(HISTORY_WORDS) ?? []).map((word) => `${name(file)}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it('the audit rules page names every rule', () => {
    const page = text(join(docsDirectory, 'audit-rules.md'));
    const missing = [...AUDIT_RULES, ...TOOLSET_RULES]
      .map((rule) => rule.id)
      .filter((id) => !page.includes(`\`${id}\``));
    expect(missing).toEqual([]);
  });

  it('finds a broken link, a missing heading and a requirement id (the checks can fail)', () => {
    expect(links('See [x](docs/nowhere.md#a) and `[y](not-a-link.md)`.')).toEqual([
      { target: 'docs/nowhere.md#a', path: 'docs/nowhere.md', anchor: 'a' },
    ]);
    expect(anchors("# The page's policy\n## Risk levels")).toEqual(new Set(['the-pages-policy', 'risk-levels']));
    // Each word the pattern refuses, spelled out from the pattern itself (a digit where it takes digits), is found.
    const alternatives = HISTORY_WORDS.source.split('|');
    const sample = alternatives.map((alternative) => alternative.replace(/\\d\+/g, '1')).join(' and ');
    expect(sample.match(HISTORY_WORDS)).toHaveLength(alternatives.length);
  });
});
