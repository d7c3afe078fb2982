import { describe, expect, it } from 'vitest';
import { loadHighlighter } from '../../lib/highlight';
import { highlightCode, languageForPath } from './highlightFile';

const highlighter = loadHighlighter();

describe('languageForPath', () => {
  it.each([
    ['src/app.ts', 'typescript'],
    ['web/App.tsx', 'tsx'],
    ['scripts/tool.py', 'python'],
    ['Api/Program.cs', 'csharp'],
    ['README.md', 'markdown'],
    ['Dockerfile', 'docker'],
    ['notes', 'text'],
    ['archive.weird', 'text'],
  ])('%s → %s', (path, language) => {
    expect(languageForPath(path)).toBe(language);
  });
});

describe('highlightCode', () => {
  it('escapes the code it highlights and marks each line', async () => {
    const html = await highlightCode(highlighter, 'const tag = "<script>alert(1)</script>";\nlet x = 1;', 'typescript');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#x3C;script>');
    expect(html?.match(/class="line"/g)).toHaveLength(2);
  });

  it('falls back to plain text for an unknown language', async () => {
    const html = await highlightCode(highlighter, '<b>bold</b>', 'no-such-language');
    expect(html).toContain('&#x3C;b>');
  });
});
